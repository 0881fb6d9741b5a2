import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import { dehydrate, HydrationBoundary, QueryClient, type QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { resolveCategoryPath } from '@/shared/catalog';
import { parseComparisonIds } from '@/shared/comparison-rules';
import { parseListingParams } from '@/web/components/product/use-listing-params';
import { ErrorBoundary } from '@/web/app/fallback-screen';
import { Providers } from '@/web/app/providers';
import { routes } from '@/web/app/router';
import { SSR_STATE_ID, serializeSsrState, shouldDehydrateQuery } from '@/web/app/ssr-state';
import { attributesQueryOptions } from '@/web/features/comparison/get-attributes';
import { candidatesQueryOptions } from '@/web/features/comparison/get-candidates';
import { comparedProductQueryOptions } from '@/web/features/comparison/get-compared-product';
import { dealsQueryOptions, parseDealsParams } from '@/web/features/deals/get-deals';
import { featuredQueryOptions } from '@/web/features/home/get-featured';
import { trendingQueryOptions } from '@/web/features/home/get-trending';
import { listingQueryOptions } from '@/web/features/listing/get-listing';
import { productQueryOptions } from '@/web/features/products/get-product';
import { parseProductId } from '@/web/features/products/product-page';
import { searchResultsQueryOptions } from '@/web/features/search/get-search-results';
import { type ApiTransport, ApiError, setServerTransport } from '@/web/lib/api-client';
import { APP_LOADER_SCRIPT } from './app-loader';
import type { PageAssets } from './assets';
import { comparedProducts, HeadTags, pageHead, type PageHead } from './page-head';

/** One page render's state, handed to the server loaders through React Router's request context. */
type RenderContext = {
  queryClient: QueryClient;
  /**
   * Set by the screen's prefetcher when what the URL names does not exist (its main query answered 404, an unknown
   * category, a page past the last). Other queries' 404s do not decide it: a comparison shows the products that exist
   * and drops the others itself.
   */
  notFound: boolean;
};

/** Whether a screen's main query answered 404: no such product or category. */
const answeredNotFound = (queryClient: QueryClient, queryKey: QueryKey) => {
  const error = queryClient.getQueryState(queryKey)?.error;
  return error instanceof ApiError && error.status === 404;
};

/**
 * What each screen shows first, fetched before rendering with the very queries the screen runs in the browser
 * (same keys, same API routes), so the HTML holds the data and the browser's cache starts with it.
 */
const prefetchers: Record<string, (args: LoaderFunctionArgs, context: RenderContext) => Promise<unknown>> = {
  home: (_args, { queryClient }) =>
    Promise.all([queryClient.prefetchQuery(trendingQueryOptions()), queryClient.prefetchQuery(featuredQueryOptions())]),
  listing: async ({ params, request }, context) => {
    const slugs = [params.category, params.subcategory, params.subSubcategory].filter((slug): slug is string => Boolean(slug));
    if (!resolveCategoryPath(slugs)) context.notFound = true;
    const { price, sort, brand, page, facets } = parseListingParams(new URL(request.url).searchParams);
    const options = listingQueryOptions({ slugs, price, sort, brand, page, facets });
    await context.queryClient.prefetchQuery(options);
    const data = context.queryClient.getQueryData(options.queryKey);
    if (answeredNotFound(context.queryClient, options.queryKey) || pastTheLastPage(page, data?.items)) context.notFound = true;
  },
  product: async ({ params }, context) => {
    const id = parseProductId(params.productId);
    if (id === null) {
      context.notFound = true;
      return;
    }
    const options = productQueryOptions(id);
    await context.queryClient.prefetchQuery(options);
    if (answeredNotFound(context.queryClient, options.queryKey)) context.notFound = true;
  },
  search: ({ request }, { queryClient }) => {
    const searchParams = new URL(request.url).searchParams;
    const q = (searchParams.get('q') ?? '').trim().slice(0, 200);
    if (!q) return Promise.resolve();
    const { price, sort, page, brand, facets } = parseListingParams(searchParams);
    return queryClient.prefetchQuery(searchResultsQueryOptions({ q, price, sort, page, brand, facets }));
  },
  deals: async ({ request }, context) => {
    const deals = parseDealsParams(new URL(request.url).searchParams);
    const options = dealsQueryOptions(deals);
    await context.queryClient.prefetchQuery(options);
    if (pastTheLastPage(deals.page, context.queryClient.getQueryData(options.queryKey)?.items)) context.notFound = true;
  },
  comparison: async ({ request }, context) => {
    const { queryClient } = context;
    const ids = parseComparisonIds(new URL(request.url).searchParams.get('products'));
    await Promise.all(ids.map((id) => queryClient.prefetchQuery(comparedProductQueryOptions(id))));
    // Then what the set's products ask for: the candidates to add (by the set's category) and their attributes.
    const products = comparedProducts(ids, queryClient);
    await Promise.all([
      queryClient.prefetchQuery(candidatesQueryOptions(products)),
      products.length > 0 ? queryClient.prefetchQuery(attributesQueryOptions(products.map((product) => product.id))) : undefined,
    ]);
  },
  'not-found': (_args, context) => {
    context.notFound = true;
    return Promise.resolve();
  },
};

/**
 * A page number past a list's last page (a stale link, a guessed URL) names no page of it: a 404 for search engines,
 * not an empty page to index. The screen still shows its own "nothing here" view.
 */
const pastTheLastPage = (page: number, items: readonly unknown[] | undefined) => page > 1 && items !== undefined && items.length === 0;

/** The web app's route table with a server loader on each screen that has data to fetch first. */
function withServerLoaders(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const prefetch = route.id ? prefetchers[route.id] : undefined;
    const copy = { ...route } as RouteObject;
    if (prefetch) {
      copy.loader = async (args: LoaderFunctionArgs) => {
        await prefetch(args, args.context as RenderContext);
        return null;
      };
    }
    if (route.children) copy.children = withServerLoaders(route.children);
    return copy;
  });
}

const transports = new AsyncLocalStorage<ApiTransport>();
setServerTransport(() => transports.getStore());

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: PageHead; body: Readable; /** The route id of the screen it shows. */ screen: string };

export type PageRenderer = (input: { url: string; headers: Record<string, string | string[] | undefined> }) => Promise<RenderedPage>;

export type RendererOptions = {
  /** Answers an API request in-process (the app's inject). */
  transport: ApiTransport;
  assets: PageAssets;
  /** PUBLIC_URL without its trailing slash: canonical and Open Graph URLs are absolute. */
  origin: string;
  onError: (error: unknown) => void;
};

/**
 * Server rendering of the web app with React Router's static handler (the same route table as the browser),
 * TanStack Query's dehydrate, and React's streaming renderer. The whole page is ready before the first byte
 * (its data is fetched first), so the status code and head can depend on it.
 */
export function createPageRenderer({ transport, assets, origin, onError }: RendererOptions): PageRenderer {
  const handler = createStaticHandler(withServerLoaders(routes));

  return async ({ url, headers }) => {
    const href = new URL(url, origin);
    const request = new Request(href, { method: 'GET', headers: { accept: String(headers.accept ?? 'text/html') } });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
    const context: RenderContext = { queryClient, notFound: false };

    const routerContext = await transports.run(transport, () => handler.query(request, { requestContext: context }));
    if (routerContext instanceof Response) {
      return { kind: 'redirect', status: routerContext.status, location: routerContext.headers.get('location') ?? '/' };
    }

    const leaf = routerContext.matches.at(-1);
    const screen = leaf?.route.id;
    const failed = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.error)
      .filter((error): error is ApiError => error instanceof ApiError);
    const { notFound } = context;
    const status = notFound ? 404 : failed.some((error) => error.status >= 500 || error.status === 0) ? 503 : (routerContext.statusCode ?? 200);

    const head = pageHead({ screen, url: href, params: leaf?.params ?? {}, origin, queryClient }, notFound);
    const queries = dehydrate(queryClient, { shouldDehydrateQuery });
    queryClient.clear();
    const router = createStaticRouter(handler.dataRoutes, routerContext);

    const document = (
      <html lang="en-IN">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#ca4d00" />
          <link
            rel="icon"
            href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23ca4d00'/%3E%3Ctext x='16' y='23' font-size='20' text-anchor='middle' fill='white' font-family='sans-serif'%3E%E2%82%B9%3C/text%3E%3C/svg%3E"
          />
          {assets.css.map((href) => (
            <link key={href} rel="stylesheet" href={href} precedence="default" />
          ))}
          {assets.entry && (
            <script data-entry={assets.entry} data-preload={assets.preload(screen).join(' ')} dangerouslySetInnerHTML={{ __html: APP_LOADER_SCRIPT }} />
          )}
          <HeadTags head={head} />
        </head>
        <body>
          <div id="root">
            <StrictMode>
              <ErrorBoundary>
                <Providers>
                  <HydrationBoundary state={queries}>
                    <StaticRouterProvider router={router} context={routerContext} hydrate={false} />
                  </HydrationBoundary>
                </Providers>
              </ErrorBoundary>
            </StrictMode>
          </div>
          <script type="application/json" id={SSR_STATE_ID} dangerouslySetInnerHTML={{ __html: serializeSsrState({ queries }) }} />
        </body>
      </html>
    );

    const body = await new Promise<Readable>((resolve, reject) => {
      const stream = renderToPipeableStream(document, {
        onAllReady() {
          const out = new PassThrough();
          stream.pipe(out);
          resolve(out);
        },
        onShellError: reject,
        onError,
      });
      setTimeout(() => stream.abort(new Error('Page render timed out')), 10_000).unref();
    });
    return { kind: 'page', status, head, body, screen: screen ?? 'none' };
  };
}
