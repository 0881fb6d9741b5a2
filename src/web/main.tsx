import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './app/fallback-screen';
import { Providers } from './app/providers';
import { preloadRouteModules } from './app/preload-routes';
import { router } from './app/router';
import './styles.css';

// SPEC point 8, Global: unhandled rejections and uncaught errors are logged and suppressed.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
  event.preventDefault();
});
window.addEventListener('error', (event) => {
  console.error('Uncaught error', event.error ?? event.message);
  event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  </StrictMode>,
);

preloadRouteModules(router.routes);
