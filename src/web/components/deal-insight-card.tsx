import { AlertTriangle, ArrowDown, ArrowUp, BadgeCheck, Clock, Minus, Sparkles } from 'lucide-react';
import { useMemo } from 'react';
import { type DealVerdict, dealInsight, type PricePoint } from '@/shared/deal-insight';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';

type DealInsightCardProps = {
  /** The product's price history (Product.priceHistory), any order. */
  priceHistory: readonly PricePoint[];
  currentPrice: number;
  /** The struck-through price; a "discount" after a recent rise is flagged as a fake sale. */
  originalPrice?: number | null;
  /** Defaults to now; tests pass a fixed time. */
  now?: Date;
  className?: string;
};

const VERDICT_STYLE: Record<DealVerdict, { variant: NonNullable<BadgeProps['variant']>; icon: typeof Sparkles; hint: string }> = {
  'Lowest price in 90 days': { variant: 'success', icon: Sparkles, hint: 'No store price in the last 90 days was lower.' },
  'Good deal': { variant: 'success', icon: BadgeCheck, hint: 'At least 5% below the usual price of the last 90 days.' },
  'Fair price': { variant: 'secondary', icon: Minus, hint: 'Close to the usual price of the last 90 days.' },
  'Wait: price is higher than usual': { variant: 'warning', icon: Clock, hint: 'More than 5% above the usual price of the last 90 days.' },
};

/**
 * Deal insight for the product page (issue 6): is today's price good, judged against the product's own
 * price history (rules in src/shared/deal-insight.ts)? Lowest ever, highest, 90-day median, a verdict, and a
 * warning when today's "discount" follows a price rise in the previous 14 days.
 */
export function DealInsightCard({ priceHistory, currentPrice, originalPrice, now, className }: DealInsightCardProps) {
  const { format } = useCurrency();
  const at = now?.getTime();
  const insight = useMemo(
    () => dealInsight({ history: priceHistory, currentPrice, originalPrice: originalPrice ?? null, now: at === undefined ? new Date() : new Date(at) }),
    [priceHistory, currentPrice, originalPrice, at],
  );
  const style = VERDICT_STYLE[insight.verdict];
  const VerdictIcon = style.icon;

  return (
    <section aria-labelledby="deal-insight-title" className={cn('rounded-2xl border bg-card p-4 shadow-xs sm:p-6', className)} data-testid="deal-insight">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="deal-insight-title" className="text-lg font-semibold tracking-tight">
          Deal insight
        </h2>
        <Badge variant={style.variant} className="px-2.5 py-1 text-sm" data-testid="deal-verdict">
          <VerdictIcon aria-hidden />
          {insight.verdict}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {priceHistory.length === 0 ? 'We have only just started tracking this price.' : style.hint}
      </p>

      <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-4">
        {[
          { label: 'Lowest ever', value: insight.lowest, icon: ArrowDown, tone: 'text-success' },
          { label: '90-day median', value: insight.median90, icon: Minus, tone: 'text-muted-foreground' },
          { label: 'Highest', value: insight.highest, icon: ArrowUp, tone: 'text-destructive' },
        ].map(({ label, value, icon: Icon, tone }) => (
          <div key={label} className="rounded-xl border bg-muted/40 px-3 py-2.5 sm:px-4 sm:py-3">
            <dt className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
              <Icon className={cn('size-3.5', tone)} aria-hidden /> {label}
            </dt>
            <dd className="mt-0.5 text-base font-semibold tabular-nums sm:text-lg">{format(value)}</dd>
          </div>
        ))}
      </dl>

      {insight.fakeSale && (
        <div role="note" className="mt-4 flex gap-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="fake-sale-warning">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <p>
            <span className="font-semibold">Beware of this “discount”:</span> the price was raised in the last 14 days, so
            today's sale price is no lower than it was two weeks ago.
          </p>
        </div>
      )}
    </section>
  );
}
