import { ArrowDownRight, ArrowUpRight, BellPlus, ExternalLink, Minus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Product } from '@/shared/contracts/product';
import { lastPriceMove } from '@/shared/deal-insight';
import { discountPercent, hasDiscount, showOriginalPrice } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';
import { formatDate } from './format-date';

/** SPEC point 9: the trends tab shows the first 6 products, each chart the last 6 history points. */
export const TREND_PRODUCTS = 6;
export const TREND_POINTS = 6;

// Recharts ships in its own chunk, loaded only when a trends card is shown.
const PriceHistoryChart = lazy(() => import('./price-history-chart'));

export function PriceTrends({ products, onSetAlert }: { products: readonly Product[]; onSetAlert: (product: Product) => void }) {
  const shown = products.slice(0, TREND_PRODUCTS);
  if (shown.length === 0) {
    return <EmptyState title="No price trends yet" description="Products will show up here once prices are tracked." />;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((product) => (
        <TrendCard key={product.id} product={product} onSetAlert={() => onSetAlert(product)} />
      ))}
    </div>
  );
}

function TrendCard({ product, onSetAlert }: { product: Product; onSetAlert: () => void }) {
  const { format } = useCurrency();
  const move = lastPriceMove(product.priceHistory);
  const points = product.priceHistory.slice(-TREND_POINTS);
  const discount = product.discount > 0 ? product.discount : discountPercent(product.originalPrice, product.currentPrice);

  return (
    <Card data-testid="trend-card" role="article" aria-label={`Price trend for ${product.name}`} className="gap-4 py-5">
      <div className="flex gap-3 px-5">
        <img src={product.image} alt="" loading="lazy" className="size-14 shrink-0 rounded-lg border bg-card object-contain p-1" />
        <div className="min-w-0">
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold">{product.name}</h3>
          <p className="mt-0.5 text-xs text-muted-foreground">{product.store}</p>
        </div>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-2 px-5">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-xl font-bold tabular-nums" data-testid="trend-current-price">
            {format(product.currentPrice)}
          </span>
          {showOriginalPrice(product.originalPrice, product.currentPrice) && (
            <span className="text-sm text-muted-foreground line-through tabular-nums" data-testid="trend-original-price">
              {format(product.originalPrice)}
            </span>
          )}
          {hasDiscount(discount) && (
            <Badge variant="success" className="self-center">
              {discount}% off
            </Badge>
          )}
        </div>
        <PriceMoveLabel direction={move.direction} amount={format(move.amount)} />
      </div>

      <figure className="px-5">
        <div className="h-28 w-full" data-testid="trend-chart">
          {points.length > 0 ? (
            <Suspense fallback={<Skeleton className="size-full" />}>
              <PriceHistoryChart points={points} />
            </Suspense>
          ) : (
            <p className="grid size-full place-items-center rounded-md bg-muted text-xs text-muted-foreground">No price history yet</p>
          )}
        </div>
        <figcaption className="sr-only">
          Last {points.length} prices: {points.map((point) => `${formatDate(point.date)} ${format(point.price)}`).join(', ')}
        </figcaption>
      </figure>

      <div className="mt-auto grid grid-cols-2 gap-2 px-5">
        <Button variant="outline" size="sm" asChild>
          <Link to={`/product/${product.id}`}>
            <ExternalLink aria-hidden /> View Details
          </Link>
        </Button>
        <Button size="sm" onClick={onSetAlert}>
          <BellPlus aria-hidden /> Set Alert
        </Button>
      </div>
    </Card>
  );
}

function PriceMoveLabel({ direction, amount }: { direction: 'up' | 'down' | 'none'; amount: string }) {
  if (direction === 'none') {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="price-move" data-direction="none">
        <Minus className="size-3.5" aria-hidden /> No change
      </span>
    );
  }
  const down = direction === 'down';
  const Icon = down ? ArrowDownRight : ArrowUpRight;
  return (
    <span
      data-testid="price-move"
      data-direction={direction}
      title="Last price change"
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
        down ? 'bg-success/10 text-success' : 'bg-destructive/10 text-destructive',
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      <span className="sr-only">{down ? 'Price down by' : 'Price up by'}</span>
      {amount}
    </span>
  );
}
