import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { PriceAlert } from '@/shared/contracts/account';
import { parseDecimal, toDecimalString } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { TargetPriceInput } from '@/web/components/price-alert/target-price-input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useCurrency } from '@/web/lib/currency';
import { useUpdatePriceAlert } from './alert-mutations';

type EditAlertDialogProps = { alert: PriceAlert | null; onOpenChange: (open: boolean) => void };

/** "Edit Price Alert" (SPEC points 2 and 5): target price and Active, Cancel / Update Alert. */
export function EditAlertDialog({ alert, onOpenChange }: EditAlertDialogProps) {
  const { format } = useCurrency();
  const targetId = useId();
  const activeId = useId();
  const [target, setTarget] = useState('');
  const [isActive, setIsActive] = useState(true);
  const update = useUpdatePriceAlert();

  useEffect(() => {
    if (alert) {
      setTarget(toDecimalString(alert.targetPrice));
      setIsActive(alert.isActive);
    }
  }, [alert]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!alert || update.isPending) return;
    const targetPrice = parseDecimal(target);
    if (targetPrice === null) {
      toast.error('Missing Information', { description: 'Please enter a target price.' });
      return;
    }
    update.mutate(
      { id: alert.id, productName: alert.product.name, targetPrice, isActive },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <Dialog open={alert !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {alert && (
          <form onSubmit={submit} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>Edit Price Alert</DialogTitle>
              <DialogDescription className="line-clamp-2">{alert.product.name}</DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-3 rounded-lg border bg-muted/50 p-3">
              <img src={alert.product.image} alt="" className="size-12 shrink-0 rounded-md border bg-card object-contain p-1" />
              <p className="text-sm text-muted-foreground">
                Current price <span className="font-semibold text-foreground">{format(alert.currentPrice)}</span> at{' '}
                {alert.product.store}
              </p>
            </div>
            <div className="grid gap-2">
              <TargetPriceInput
                id={targetId}
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                autoFocus
              />
            </div>
            <div className="flex items-center justify-between gap-4 rounded-lg border px-4 py-3">
              <div>
                <Label htmlFor={activeId}>Active</Label>
                <p className="mt-1 text-xs text-muted-foreground">Paused alerts keep their target but don't notify you.</p>
              </div>
              <Switch id={activeId} checked={isActive} onCheckedChange={setIsActive} />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              {/* aria-disabled, not disabled: a disabled button drops focus out of the dialog when the request fails (issue 17). */}
              <Button type="submit" aria-disabled={update.isPending || undefined}>
                {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
                Update Alert
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
