import { useRouteError } from 'react-router';
import { FallbackScreen } from './fallback-screen';

/** The router's errorElement: a rendering error anywhere in a route shows SPEC's fallback screen. */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  return <FallbackScreen />;
}
