import { type DehydratedState, defaultShouldDehydrateQuery, type Query } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { ApiError } from '@/web/lib/api-client';

/**
 * What a server-rendered page hands to the browser: the TanStack Query cache it rendered from, in a JSON data
 * block (`<script type="application/json">`, which the CSP does not treat as script) with this id.
 */
export const SSR_STATE_ID = 'bachat-state';

export type SsrState = { queries: DehydratedState };

/**
 * Successful queries and failed ones (a 404 renders "Product Not Found", and the browser must hydrate the same
 * screen instead of a skeleton).
 */
export const shouldDehydrateQuery = (query: Query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error';

/**
 * The server's query cache as the browser hydrates it:
 * - JSON turns an ApiError into its fields; the pages test `instanceof ApiError`, so make them errors again;
 * - the data counts as fetched now: the server keeps a rendered page up to a minute while the catalogue version
 *   stays the same (an answer fetched now would be the same bytes), so its render time must not make the data look
 *   stale and refetch everything on hydration.
 */
export function reviveState(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const fresh = query.state.status === 'success' ? { ...query, state: { ...query.state, dataUpdatedAt: now } } : query;
      const error = query.state.error as Partial<ApiError> | null | undefined;
      if (!error || error instanceof ApiError || typeof error.status !== 'number') return fresh;
      const revived = new ApiError(error.status, error.detail ?? 'Error', error.code ?? 'HTTP_ERROR', error.serverDetail ?? null);
      return { ...fresh, state: { ...fresh.state, error: revived } };
    }),
  };
}

/** Serializes the state for a `<script type="application/json">` block: nothing in it can close the element. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Loads the lazy screens a URL matches before hydrating, as the server did before rendering: otherwise the
 * router would render nothing for them at first and React would find the server's HTML does not match.
 */
export async function loadLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
