import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert } from '@/shared/contracts/account';
import { api, getToken } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';
import { ALERT_SIGN_IN_MESSAGE, priceAlertsQueryKey } from '@/web/lib/price-alerts';
import { toast } from '@/web/lib/toast';

class NotSignedInError extends Error {
  constructor() {
    super(ALERT_SIGN_IN_MESSAGE);
    this.name = 'NotSignedInError';
  }
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
