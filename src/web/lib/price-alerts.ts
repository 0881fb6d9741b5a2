import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { PriceAlert } from '@/shared/contracts/account';
import { api, getToken } from './api-client';
import { useAuth } from './auth-session';

export const priceAlertsQueryKey = ['price-alerts'] as const;

/** SPEC point 8: what a signed-out shopper sees when trying to create a price alert. */
export const ALERT_SIGN_IN_MESSAGE = 'You need to be logged in to create price alerts.';

class NotSignedInError extends Error {
  constructor() {
    super(ALERT_SIGN_IN_MESSAGE);
    this.name = 'NotSignedInError';
  }
}

/** The signed-in user's alerts (GET /price-alerts), newest first. Disabled while signed out. */
export function usePriceAlertsQuery() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: priceAlertsQueryKey,
    queryFn: ({ signal }) => api<PriceAlert[]>('/price-alerts', { signal }),
    enabled: isAuthenticated,
  });
}

/**
 * Creates a price alert (POST /price-alerts): used by the product page's Set Price Alert modal, the wishlist's
 * quick-create and the Price Tracking page, so all three send the same payload and show the same messages.
 * Signed out, nothing is sent and the shopper is asked to sign in (SPEC points 5 and 8).
 * Callers pass the target already parsed as a decimal (`parseDecimal`) and the product id as an integer.
 */
export function useCreatePriceAlert(messages: { error?: string } = {}) {
  const queryClient = useQueryClient();
  const { isAuthenticated, openAuthDialog } = useAuth();
  return useMutation({
    mutationFn: async (input: { productId: number; targetPrice: number }) => {
      if (!isAuthenticated || !getToken()) throw new NotSignedInError();
      return api<PriceAlert>('/price-alerts', {
        method: 'POST',
        body: { productId: Math.trunc(input.productId), targetPrice: input.targetPrice },
      });
    },
    onSuccess: (alert) => {
      toast.success('Price Alert Created', { description: `We'll let you know when ${alert.product.name} drops to your target.` });
    },
    onError: (error) => {
      if (error instanceof NotSignedInError) {
        toast.error(ALERT_SIGN_IN_MESSAGE, { action: { label: 'Sign In', onClick: () => openAuthDialog('signin') } });
        return;
      }
      toast.error('Error', { description: messages.error ?? 'Failed to create price alert.' });
    },
    onSettled: (_alert, error) => {
      // SPEC point 4: after a create the alert list is reloaded from the server.
      if (!(error instanceof NotSignedInError)) return queryClient.invalidateQueries({ queryKey: priceAlertsQueryKey });
      return undefined;
    },
  });
}

type AlertRef = { id: number; productName: string };

/** Switches an alert on or off from its card (SPEC point 4): PUT { isActive }. */
export function useToggleAlertActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertRef & { isActive: boolean }) =>
      api<PriceAlert>(`/price-alerts/${input.id}`, { method: 'PUT', body: { isActive: input.isActive } }),
    onSuccess: (_alert, input) => {
      toast.success('Alert Updated', {
        description: `Price alert for ${input.productName} has been ${input.isActive ? 'activated' : 'deactivated'}.`,
      });
    },
    onError: () => {
      toast.error('Error', { description: 'Failed to update alert status. Please try again.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAlertsQueryKey }),
  });
}

/** The edit dialog's save (SPEC point 4): PUT { targetPrice, isActive }. */
export function useUpdatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertRef & { targetPrice: number; isActive: boolean }) =>
      api<PriceAlert>(`/price-alerts/${input.id}`, {
        method: 'PUT',
        body: { targetPrice: input.targetPrice, isActive: input.isActive },
      }),
    onSuccess: (_alert, input) => {
      toast.success('Price Alert Updated', { description: `Your alert for ${input.productName} has been updated.` });
    },
    onError: () => {
      toast.error('Error', { description: 'Failed to update price alert. Please try again.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAlertsQueryKey }),
  });
}

export function useDeletePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertRef) => api<void>(`/price-alerts/${input.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Alert Deleted', { description: 'Price alert has been removed successfully.' });
    },
    onError: () => {
      toast.error('Error', { description: 'Failed to delete price alert. Please try again.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAlertsQueryKey }),
  });
}
