import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellPlus, Check } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from '@/web/lib/toast';
import type { PriceAlert } from '@/shared/contracts/account';
import { Button, type ButtonProps } from '@/web/components/ui/button';
import { api } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';
import { useFocusOnMount } from '@/web/lib/deferred-module';
import { ALERT_SIGN_IN_MESSAGE, priceAlertsQueryKey, usePriceAlertsQuery } from '@/web/lib/price-alerts';

export type BackInStockButtonProps = {
  product: { id: number; name: string; inStock: boolean };
  className?: string;
  size?: ButtonProps['size'];
  /** Pressed while this code was loading (its look-alike took the press): acted on once, when mounted. */
  pressed?: boolean;
  /** Takes the focus when mounted (it replaces a focused look-alike). */
  focusOnMount?: boolean;
};

/**
 * "Notify me when back in stock" for a product no store has in stock (issue 6): creates a 'back-in-stock'
 * alert (POST /price-alerts), which notifies in the app (and by e-mail) when any store has it again.
 * Renders nothing for a product in stock; shows "We'll notify you" once such an alert is active.
 */
export function BackInStockButton({ product, className, size = 'lg', pressed = false, focusOnMount = false }: BackInStockButtonProps) {
  const { isAuthenticated, openAuthDialog } = useAuth();
  const queryClient = useQueryClient();
  const alerts = usePriceAlertsQuery();
  const create = useMutation({
    mutationFn: () => api<PriceAlert>('/price-alerts', { method: 'POST', body: { productId: product.id, kind: 'back-in-stock' } }),
    onSuccess: () => {
      toast.success('Back-in-stock alert set', { description: `We'll let you know when ${product.name} is back in stock.` });
    },
    onError: () => {
      toast.error('Error', { description: 'Failed to create price alert.' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceAlertsQueryKey }),
  });

  const press = () => {
    if (!isAuthenticated) {
      toast.error(ALERT_SIGN_IN_MESSAGE, { action: { label: 'Sign In', onClick: () => openAuthDialog('signin') } });
      return;
    }
    create.mutate();
  };
  const buttonRef = useFocusOnMount<HTMLButtonElement>(focusOnMount);
  // Once, also under StrictMode's second mount.
  const replayed = useRef(false);
  useEffect(() => {
    if (!pressed || replayed.current || product.inStock) return;
    replayed.current = true;
    press();
  }, []);

  if (product.inStock) return null;
  const waiting = alerts.data?.some((alert) => alert.productId === product.id && alert.kind === 'back-in-stock' && alert.isActive && alert.triggeredAt === null);

  if (waiting || create.isSuccess) {
    return (
      <Button variant="outline" size={size} className={className} disabled>
        <Check aria-hidden />
        We'll notify you
      </Button>
    );
  }

  return (
    <Button ref={buttonRef} variant="outline" size={size} className={className} disabled={create.isPending} onClick={press}>
      <BellPlus aria-hidden />
      Notify me when back in stock
    </Button>
  );
}
