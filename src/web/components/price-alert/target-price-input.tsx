import type { ComponentProps } from 'react';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

type TargetPriceInputProps = Omit<ComponentProps<typeof Input>, 'type' | 'step' | 'min' | 'inputMode' | 'id'> & { id: string };

/**
 * The target price of a price alert, everywhere one is set (SPEC points 2 and 5, DECISIONS 3): labelled in rupees,
 * a decimal number with paise (step 0.01), no maximum. Callers parse it with parseDecimal.
 */
export function TargetPriceInput({ id, ...props }: TargetPriceInputProps) {
  return (
    <>
      <Label htmlFor={id}>Target Price (₹)</Label>
      <Input id={id} type="number" inputMode="decimal" step="0.01" min="0" {...props} />
    </>
  );
}
