import { BellPlus, Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { toast } from '@/web/lib/toast';
import type { Product } from '@/shared/contracts/product';
import { parseDecimal, quickAlertTarget, toDecimalString } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { TargetPriceInput } from '@/web/components/price-alert/target-price-input';
import { Label } from '@/web/components/ui/label';
import { useCurrency } from '@/web/lib/currency';
import { useCreatePriceAlert } from '@/web/lib/create-price-alert';
import { ProductPicker } from './product-picker';

export type AlertDraft = { product: Product | null; target: string };
export const EMPTY_DRAFT: AlertDraft = { product: null, target: '' };

type CreateAlertFormProps = {
  products: readonly Product[];
  draft: AlertDraft;
  onDraftChange: (draft: AlertDraft) => void;
  onCancel: () => void;
  onCreated: () => void;
};

/**
 * "Create New Alert" (SPEC points 2 and 5): product and target are both required, else the Missing Information
 * toast; the target is parsed as a decimal in rupees with no minimum or maximum.
 */
export function CreateAlertForm({ products, draft, onDraftChange, onCancel, onCreated }: CreateAlertFormProps) {
  const { format } = useCurrency();
  const productId = useId();
  const targetId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const createAlert = useCreatePriceAlert({ error: 'Failed to create price alert. Please try again.' });

  // Opened from a trends card or an empty state further down: bring the form into view.
  useEffect(() => {
    cardRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (createAlert.isPending) return;
    const targetPrice = parseDecimal(draft.target);
    if (!draft.product || targetPrice === null) {
      toast.error('Missing Information', { description: 'Please select a product and set a target price.' });
      return;
    }
    createAlert.mutate({ productId: draft.product.id, targetPrice }, { onSuccess: onCreated });
  };

  const suggested = draft.product ? quickAlertTarget(draft.product.currentPrice) : null;

  return (
    <Card ref={cardRef} className="scroll-mt-24 gap-4 border-primary/30 py-5 ring-4 ring-primary/5">
      <CardHeader className="px-5">
        <CardTitle asChild>
          <h2 className="flex items-center gap-2 text-lg">
            <BellPlus className="size-5 text-primary" aria-hidden />
            Create New Alert
          </h2>
        </CardTitle>
        <CardDescription>Pick a product and the price you'd like to pay. We'll keep watch.</CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        <form onSubmit={submit} noValidate aria-label="Create New Alert" className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-start">
          <div className="grid min-w-0 gap-2">
            <Label htmlFor={productId}>Product</Label>
            <ProductPicker
              id={productId}
              initialProducts={products}
              value={draft.product}
              onChange={(product) => onDraftChange({ ...draft, product })}
            />
            {draft.product && (
              <p className="text-xs text-muted-foreground">
                Now {format(draft.product.currentPrice)} at {draft.product.store}
              </p>
            )}
          </div>
          <div className="grid min-w-0 gap-2">
            <TargetPriceInput
              id={targetId}
              placeholder="e.g. 24999"
              className="h-10"
              value={draft.target}
              onChange={(event) => onDraftChange({ ...draft, target: event.target.value })}
            />
            {suggested !== null && (
              <button
                type="button"
                className="w-fit text-left text-xs font-medium text-primary hover:underline"
                onClick={() => onDraftChange({ ...draft, target: toDecimalString(suggested) })}
              >
                Use 90% of current price ({format(suggested)})
              </button>
            )}
          </div>
          <div className="flex gap-2 md:pt-6">
            <Button type="button" variant="outline" className="h-10 flex-1 md:flex-none" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" className="h-10 flex-1 md:flex-none" aria-disabled={createAlert.isPending || undefined}>
              {createAlert.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Create Alert
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
