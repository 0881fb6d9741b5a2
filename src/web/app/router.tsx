import type { RouteObject } from 'react-router';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

/**
 * SPEC point 2's route table. Screens load lazily so the first page ships only what it shows.
 * The listing's three depths share one screen. The same table serves the browser (main.tsx) and the server's
 * page renderer (src/server/modules/pages), which knows the screens by their `id`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { id: 'home', index: true, lazy: async () => ({ Component: (await import('@/web/features/home/home-page')).HomePage }) },
          {
            id: 'listing',
            path: 'products/:category/:subcategory?/:subSubcategory?',
            lazy: async () => ({ Component: (await import('@/web/features/listing/listing-page')).ListingPage }),
          },
          {
            id: 'product',
            path: 'product/:productId',
            lazy: async () => ({ Component: (await import('@/web/features/products/product-page')).ProductPage }),
          },
          { id: 'deals', path: 'deals', lazy: async () => ({ Component: (await import('@/web/features/deals/deals-page')).DealsPage }) },
          { id: 'search', path: 'search', lazy: async () => ({ Component: (await import('@/web/features/search/search-page')).SearchPage }) },
          {
            id: 'comparison',
            path: 'comparison',
            lazy: async () => ({ Component: (await import('@/web/features/comparison/comparison-page')).ComparisonPage }),
          },
          {
            id: 'price-tracking',
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
          { id: 'admin', path: 'admin/*', lazy: async () => ({ Component: (await import('@/web/features/admin/admin-page')).AdminPage }) },
          { id: 'wishlist', path: 'wishlist', lazy: async () => ({ Component: (await import('@/web/features/wishlist/wishlist-page')).WishlistPage }) },
          { id: 'not-found', path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
