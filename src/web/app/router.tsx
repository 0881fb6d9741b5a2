import { createBrowserRouter } from 'react-router';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

/**
 * SPEC point 2's route table. Screens load lazily so the first page ships only what it shows.
 * The listing's three depths share one screen.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('@/web/features/home/home-page')).HomePage }) },
          {
            path: 'products/:category/:subcategory?/:subSubcategory?',
            lazy: async () => ({ Component: (await import('@/web/features/listing/listing-page')).ListingPage }),
          },
          {
            path: 'product/:productId',
            lazy: async () => ({ Component: (await import('@/web/features/products/product-page')).ProductPage }),
          },
          { path: 'deals', lazy: async () => ({ Component: (await import('@/web/features/deals/deals-page')).DealsPage }) },
          { path: 'search', lazy: async () => ({ Component: (await import('@/web/features/search/search-page')).SearchPage }) },
          {
            path: 'comparison',
            lazy: async () => ({ Component: (await import('@/web/features/comparison/comparison-page')).ComparisonPage }),
          },
          {
            path: 'price-tracking',
            lazy: async () => {
              const [{ PriceTrackingPage }, { NotificationsPanel }] = await Promise.all([
                import('@/web/features/price-alerts/price-tracking-page'),
                import('@/web/features/notifications/notifications-panel'),
              ]);
              return { Component: () => <PriceTrackingPage notifications={<NotificationsPanel />} /> };
            },
          },
          // The operator console: client-rendered, noindex (issue 14).
          { path: 'admin/*', lazy: async () => ({ Component: (await import('@/web/features/admin/admin-page')).AdminPage }) },
          { path: 'wishlist', lazy: async () => ({ Component: (await import('@/web/features/wishlist/wishlist-page')).WishlistPage }) },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
