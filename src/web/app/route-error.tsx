import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPanel } from '@/web/components/error-panel';
import { ApiError } from '@/web/lib/api-client';
import { FallbackScreen } from './fallback-screen';

/** A screen's code could not be fetched (offline when its chunk was first needed). */
function isChunkLoadFailure(error: unknown) {
  return error instanceof TypeError && /dynamically imported module|module script|Importing a module/i.test(error.message);
}

/**
 * The router's errorElement: a rendering error anywhere in a route shows SPEC's fallback screen. A screen that
 * could not be loaded because the connection is gone shows SPEC 8's "No Internet Connection" panel instead, and
 * loads itself again when the connection returns.
 */
export function RouteError() {
  const error = useRouteError();
  const offline = isChunkLoadFailure(error) || (typeof navigator !== 'undefined' && navigator.onLine === false);
  useEffect(() => {
    if (!offline) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [offline]);
  console.error('Route error', error);
  if (offline) {
    return (
      <div className="px-4 py-16">
        <ErrorPanel
          error={new ApiError(0, 'Network error', 'NETWORK_ERROR')}
          headingLevel={1}
          onRetry={() => {
            if (navigator.onLine) window.location.reload();
          }}
        />
      </div>
    );
  }
  return <FallbackScreen />;
}
