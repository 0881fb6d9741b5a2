import { hasDiscount } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/utils';

/** "-N% OFF", shown only for a discount above 0 (SPEC point 5). */
export function DiscountBadge({ discount, className }: { discount: number; className?: string }) {
  if (!hasDiscount(discount)) return null;
  return (
    <Badge variant="success" data-discount={discount} className={cn('font-semibold tabular-nums', className)}>
      -{discount}% OFF
    </Badge>
  );
}
