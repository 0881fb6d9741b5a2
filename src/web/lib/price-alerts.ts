import { useQuery } from '@tanstack/react-query';
import type { PriceAlert } from '@/shared/contracts/account';
import { api } from './api-client';
import { useAuth } from './auth-session';

export const priceAlertsQueryKey = ['price-alerts'] as const;

/** SPEC point 8: what a signed-out shopper sees when trying to create a price alert. */
export const ALERT_SIGN_IN_MESSAGE = 'You need to be logged in to create price alerts.';

/** The signed-in user's alerts (GET /price-alerts), newest first. Disabled while signed out. */
export function usePriceAlertsQuery() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: priceAlertsQueryKey,
    queryFn: ({ signal }) => api<PriceAlert[]>('/price-alerts', { signal }),
    enabled: isAuthenticated,
  });
}
