type LazyRoute = { lazy?: unknown; children?: LazyRoute[] };

/**
 * Fetches every lazily loaded screen once the first page is idle (issue 17): a shopper who loses the connection
 * on Home can still open Shop Apparels and see the "No Internet Connection" panel instead of a failed chunk.
 * The router later calls the same `lazy` functions, which resolve from the browser's module map.
 */
export function preloadRouteModules(routes: readonly LazyRoute[]) {
  const run = () => {
    const loads: Promise<unknown>[] = [];
    const visit = (list: readonly LazyRoute[]) => {
      for (const route of list) {
        if (typeof route.lazy === 'function') loads.push((route.lazy as () => Promise<unknown>)().catch(() => undefined));
        if (route.children) visit(route.children);
      }
    };
    visit(routes);
    // Marks the document once every screen (and what it imports) is in, so tests and tools can tell.
    void Promise.all(loads).then(() => {
      document.documentElement.dataset.screensLoaded = 'true';
    });
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 1500);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
