import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PriceMove, PriceMoves, Visit } from '@/shared/contracts/visits';
import { api } from './api-client';
import { useAuth } from './auth-session';

/**
 * "Since you last looked" (issue 15). Signed-in content, so it is fetched here in the browser only: server HTML
 * of a public page never contains it.
 */
export const priceMovesQueryKey = (on: 'wishlist' | 'alerts') => ['price-moves', on] as const;

export function usePriceMoves(on: 'wishlist' | 'alerts') {
  const { isAuthenticated } = useAuth();
  const query = useQuery({
    queryKey: priceMovesQueryKey(on),
    queryFn: ({ signal }) => api<PriceMoves>(`/price-moves?on=${on}`, { signal }),
    enabled: isAuthenticated,
    // The moves only change with an import; no need to ask again on every screen.
    staleTime: 5 * 60_000,
  });
  const byProduct = new Map<number, PriceMove>((query.data?.moves ?? []).map((move) => [move.productId, move]));
  return { since: query.data?.since ?? null, byProduct, query };
}

let recordedFor: string | null = null;

/**
 * Tells the server the signed-in shopper opened the site, once per page load and shopper (the server makes a
 * day of opens one visit: docs/decisions/since-you-last-looked.md). A failure is harmless: the next load
 * records it.
 */
export function useRecordVisit() {
  const { user, isAuthenticated } = useAuth();
  const userKey = isAuthenticated && user ? user.email : null;
  useEffect(() => {
    if (userKey === null || recordedFor === userKey) return;
    recordedFor = userKey;
    api<Visit>('/visits', { method: 'POST' }).catch(() => {
      recordedFor = null;
    });
  }, [userKey]);
}
