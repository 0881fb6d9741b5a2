import { deferredModules } from '@/web/lib/deferred-module';

type LazyRoute = { lazy?: unknown; children?: LazyRoute[] };

/** How long after the load event the page counts as settled: first-load work (hydration, its effects) is done. */
const SETTLE_MS = 4000;

/**
 * Runs `task` once the first page has settled: some seconds after the load event, when the browser is idle.
 * For work the first view does not need (issue 12): it must not compete with hydration for the main thread.
 */
export function whenSettled(task: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const idleThen = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 5000 });
    else task();
  };
  const afterLoad = () => {
    timer = setTimeout(idleThen, SETTLE_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * Fetches every lazily loaded screen once the first page has settled (issue 17): a shopper who loses the
 * connection on Home can still open Shop Apparels and see the "No Internet Connection" panel instead of a failed
 * chunk. The router later calls the same `lazy` functions, which resolve from the browser's module map.
 * `others` are further lazy parts every page may need offline (the toaster).
 */
export function preloadRouteModules(routes: readonly LazyRoute[], others: readonly (() => Promise<unknown>)[] = []) {
  whenSettled(() => {
    const loads: Promise<unknown>[] = others.map((load) => load().catch(() => undefined));
    const visit = (list: readonly LazyRoute[]) => {
      for (const route of list) {
        if (typeof route.lazy === 'function') loads.push((route.lazy as () => Promise<unknown>)().catch(() => undefined));
        if (route.children) visit(route.children);
      }
    };
    visit(routes);
    // Then the controls the screens load on first reach (menus, sheets, selects: lib/deferred-module.ts), known
    // once the screens' modules have run. Marks the document once all are in, so tests and tools can tell.
    void Promise.all(loads)
      .then(() => Promise.all([...deferredModules].map((module) => module.load().catch(() => undefined))))
      .then(() => {
        document.documentElement.dataset.screensLoaded = 'true';
      });
  });
}
