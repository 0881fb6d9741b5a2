import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { PriceAlert } from '@/shared/contracts/account';
import { api } from './api-client';

export const priceAlertsQueryKey = ['price-alerts'] as const;

/**
 * Creates a price alert (POST /price-alerts): used by the product page's Set Price Alert modal, the wishlist's
 * quick-create and the Price Tracking page, so all three send the same payload and show the same messages.
 */
export function useCreatePriceAlert(messages: { error?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: number; targetPrice: number }) =>
      api<PriceAlert>('/price-alerts', { method: 'POST', body: { productId: input.productId, targetPrice: input.targetPrice } }),
    onSuccess: (alert) => {
      toast.success('Price Alert Created', { description: `We'll tell you when ${alert.product.name} drops to your target.` });
    },
    onError: () => {
      toast.error('Error', { description: messages.error ?? 'Failed to create price alert.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAlertsQueryKey }),
  });
}
