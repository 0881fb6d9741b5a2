import { priceMove, sinceLabel } from '@/shared/price-move';
import type { PriceMove } from '@/shared/contracts/visits';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';

/**
 * "↓ ₹2,000 since Tuesday": how a product's best price moved since the shopper last looked (issue 15). Nothing
 * when it did not move. Direction is said by the arrow and in words for screen readers, not by colour alone.
 */
export function PriceMoveNote({ move, since, className }: { move: PriceMove | undefined; since: string | null; className?: string }) {
  const { format } = useCurrency();
  const shown = move && since ? priceMove(move.change) : null;
  if (!shown || !since) return null;
  const down = shown.direction === 'down';
  return (
    <p
      data-testid="price-move"
      data-direction={shown.direction}
      className={cn('text-xs font-semibold', down ? 'text-success' : 'text-destructive', className)}
    >
      <span aria-hidden>{down ? '↓ ' : '↑ '}</span>
      <span className="sr-only">{down ? 'Price down ' : 'Price up '}</span>
      {format(shown.amount)} {sinceLabel(since)}
    </p>
  );
}
