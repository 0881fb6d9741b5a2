import { HydrationBoundary } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorBoundary } from './app/fallback-screen';
import { Providers } from './app/providers';
import { holdEarlyPress, replayEarlyPress } from './app/early-press';
import { preloadRouteModules } from './app/preload-routes';
import { routes } from './app/router';
import { loadLazyMatches, reviveState, SSR_STATE_ID, type SsrState } from './app/ssr-state';
import { useAuth } from './lib/auth-session';
import { loadToaster } from './lib/toast';
import './styles.css';

// Zod tries `new Function` (its JIT for object schemas) when a schema is made; the page's CSP (script-src 'self')
// refuses it, which browsers report as a CSP issue (Lighthouse best practices). Parse without it in the browser.
// Zod keeps its config on this global (zod/v4/core/core.js), so this needs no zod in the entry.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

// SPEC point 8, Global: unhandled rejections and uncaught errors are logged and suppressed.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
  event.preventDefault();
});
window.addEventListener('error', (event) => {
  console.error('Uncaught error', event.error ?? event.message);
  event.preventDefault();
});

/**
 * Marks the document once the app has committed its first render (hydration done): browser tests wait for it. A
 * button pressed before the app started is pressed again once the app knows who the shopper is (a heart pressed
 * while a stored session is being checked would do nothing): app/early-press.ts.
 */
function HydratedMarker() {
  const { status } = useAuth();
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    if (status !== 'loading') replayEarlyPress();
  }, [status]);
  return null;
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // A server-rendered page carries the query cache it was rendered from; the dev server's index.html has none.
  const stateElement = document.getElementById(SSR_STATE_ID);
  const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as SsrState) : null;
  // Hydrate only when the screen's code has loaded, as the server had it; if it failed (a deploy replaced the
  // chunk, a broken network), render afresh: the router then shows its error screen instead of a dead page.
  let hydrate = state !== null;
  if (state) {
    try {
      await loadLazyMatches(routes, window.location.pathname);
    } catch (error) {
      console.error('Could not load the screen for hydration', error);
      hydrate = false;
    }
  }
  const router = createBrowserRouter(routes);
  // From here on React sees the presses itself (and replays them on the parts not yet hydrated).
  holdEarlyPress();
  const app = (
    <StrictMode>
      <ErrorBoundary>
        <Providers>
          <HydrationBoundary state={state ? reviveState(state.queries) : undefined}>
            <RouterProvider router={router} />
          </HydrationBoundary>
          <HydratedMarker />
        </Providers>
      </ErrorBoundary>
    </StrictMode>
  );
  // Hydration as a transition (issue 12): React then yields to the browser every few milliseconds instead of
  // hydrating the whole page in one long task (total blocking time); the server's HTML is on screen meanwhile,
  // and an early click or key press is replayed once its part has hydrated.
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  preloadRouteModules(routes, [loadToaster]);
}

// In a task of its own, after the module graph has run: each is shorter (total blocking time), and the screen's chunk
// is not requested from inside the entry's top-level code (a browser with DevTools open records the initiator's stack,
// which makes V8 re-read the whole entry for source positions).
setTimeout(() => void start(), 0);
