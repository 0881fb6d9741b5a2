import { ArrowDown, ArrowUp, LineChart, Minus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DAY_MS, priceStats } from '@/shared/deal-insight';
import type { Product } from '@/shared/contracts/product';
import { whenSettled } from '@/web/app/preload-routes';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCurrency } from '@/web/lib/currency';
import { deferredModule } from '@/web/lib/deferred-module';
import type { ChartPoint } from './price-history-chart';

// A deferred module, not React.lazy: if the connection drops before the chart's code came, the skeleton stays (and the
// load is tried again when the browser is back online) instead of the page falling into its error screen.
const priceHistoryChart = deferredModule(() => import('./price-history-chart'));

/**
 * True once the element nears the viewport, or once the page has settled (so the chart is there offline too).
 * The chart (Recharts, the largest chunk) then loads: not during the first load's hydration (issue 12). The server
 * and the hydrating browser both render the skeleton.
 */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!near) return;
    const load = () => void priceHistoryChart.load().catch(() => undefined);
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [near]);
  useEffect(() => {
    if (near) return;
    const show = () => setNear(true);
    const cancel = whenSettled(show);
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return cancel;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => {
      cancel();
      observer.disconnect();
    };
  }, [near]);
  return { ref, near };
}

/** History points oldest first, plus today at the current price so the line reaches now. */
export function chartPoints(history: Product['priceHistory'], currentPrice: number, now = Date.now()): ChartPoint[] {
  const points = history
    .map((p) => ({ time: new Date(p.date).getTime(), price: p.price }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.price) && p.time <= now)
    .sort((a, b) => a.time - b.time);
  if (points.length > 0) points.push({ time: now, price: currentPrice });
  return points;
}

/** The product's price history chart with lowest, highest and average over the period. */
export function PriceHistory({ product }: { product: Product }) {
  const { format } = useCurrency();
  const chart = useNearViewport();
  const loaded = priceHistoryChart.use();
  const stats = priceStats(product.priceHistory);
  const points = chartPoints(product.priceHistory, product.currentPrice);
  const first = points[0];
  const days = first ? Math.max(1, Math.round((Date.now() - first.time) / DAY_MS)) : 0;

  return (
    <section aria-labelledby="price-history" className="rounded-2xl border bg-card shadow-xs">
      <div className="flex flex-wrap items-end justify-between gap-2 border-b px-4 py-4 sm:px-6">
        <div>
          <h2 id="price-history" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <LineChart className="size-5 text-primary" aria-hidden /> Price history
          </h2>
          <p className="text-sm text-muted-foreground">
            {stats ? `${product.store} over the last ${days} ${days === 1 ? 'day' : 'days'}` : 'No price history yet'}
          </p>
        </div>
      </div>
      {stats ? (
        <div className="flex flex-col gap-4 p-4 sm:p-6">
          <dl className="grid grid-cols-3 gap-2 sm:gap-4">
            {[
              { label: 'Lowest', value: stats.lowest, icon: ArrowDown, tone: 'text-success' },
              { label: 'Average', value: stats.average, icon: Minus, tone: 'text-muted-foreground' },
              { label: 'Highest', value: stats.highest, icon: ArrowUp, tone: 'text-destructive' },
            ].map(({ label, value, icon: Icon, tone }) => (
              <div key={label} className="rounded-xl border bg-muted/40 px-3 py-2.5 sm:px-4 sm:py-3">
                <dt className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
                  <Icon className={`size-3.5 ${tone}`} aria-hidden /> {label}
                </dt>
                <dd className="mt-0.5 text-base font-semibold tabular-nums sm:text-lg" data-stat={label.toLowerCase()}>
                  {format(value)}
                </dd>
              </div>
            ))}
          </dl>
          <div
            ref={chart.ref}
            className="h-64 w-full sm:h-72"
            role="img"
            aria-label={`Price history chart: lowest ${format(stats.lowest)}, highest ${format(stats.highest)}, average ${format(stats.average)}`}
            data-testid="price-history-chart"
          >
            {chart.near && loaded ? <loaded.default points={points} /> : <Skeleton className="size-full" />}
          </div>
        </div>
      ) : (
        <p className="p-6 text-sm text-muted-foreground">We'll start drawing this chart as soon as the price changes.</p>
      )}
    </section>
  );
}
