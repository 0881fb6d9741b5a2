import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert } from '@/shared/contracts/account';
import { api } from '@/web/lib/api-client';
import { priceAlertsQueryKey } from '@/web/lib/price-alerts';
import { toast } from '@/web/lib/toast';

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
