import { showOriginalPrice } from '@/shared/money';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';

type PriceBlockProps = {
  current: number;
  original?: number | null;
  size?: 'sm' | 'default' | 'lg';
  className?: string;
};

const currentSizes = { sm: 'text-base', default: 'text-lg', lg: 'text-3xl' } as const;
const originalSizes = { sm: 'text-xs', default: 'text-sm', lg: 'text-base' } as const;

/** Current price, and the original struck through only when it is higher (SPEC point 5). */
export function PriceBlock({ current, original, size = 'default', className }: PriceBlockProps) {
  const { format } = useCurrency();
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className)}>
      <span data-price="current" className={cn('font-bold tracking-tight text-foreground tabular-nums', currentSizes[size])}>
        {format(current)}
      </span>
      {showOriginalPrice(original, current) && (
        <s data-price="original" className={cn('text-muted-foreground tabular-nums', originalSizes[size])}>
          <span className="sr-only">Original price </span>
          {format(original ?? 0)}
        </s>
      )}
    </div>
  );
}
