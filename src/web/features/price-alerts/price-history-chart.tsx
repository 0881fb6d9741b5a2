/**
 * The trends card's bar chart of the last price-history points. Recharts is heavy, so this module is only
 * ever loaded through React.lazy (see price-trends.tsx) and ships as its own chunk.
 */
import {
  Bar,
  BarChart,
  type BarShapeProps,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { PricePoint } from '@/shared/contracts/product';
import { useCurrency } from '@/web/lib/currency';
import { formatDate, formatShortDate } from './format-date';

const LATEST_FILL = 'var(--chart-1)';
const EARLIER_FILL = 'color-mix(in oklch, var(--chart-1) 40%, transparent)';

type Datum = { key: string; date: string; label: string; price: number };

function ChartTooltip({ active, payload }: Pick<TooltipContentProps, 'active' | 'payload'>) {
  const { format } = useCurrency();
  const datum = payload?.[0]?.payload as Datum | undefined;
  if (!active || !datum) return null;
  return (
    <div data-testid="price-chart-tooltip" className="rounded-md border bg-popover px-3 py-2 text-xs shadow-md">
      <p className="text-muted-foreground">{datum.date}</p>
      <p className="font-semibold text-foreground">{format(datum.price)}</p>
    </div>
  );
}

export default function PriceHistoryChart({ points }: { points: readonly PricePoint[] }) {
  const data: Datum[] = points.map((point, index) => ({
    key: `${point.date}-${index}`,
    date: formatDate(point.date),
    label: formatShortDate(point.date),
    price: point.price,
  }));
  const lastIndex = data.length - 1;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} barCategoryGap="18%">
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          interval={0}
          tick={{ fontSize: 10, fill: 'var(--muted-foreground)' }}
          height={18}
        />
        {/* Prices of one product sit close together; starting near the lowest keeps the moves visible. */}
        <YAxis hide domain={([min, max]) => [Math.max(0, Math.floor(min * 0.9)), max]} />
        <Tooltip content={(props) => <ChartTooltip active={props.active} payload={props.payload} />} cursor={{ fill: 'var(--muted)' }} isAnimationActive={false} />
        <Bar
          dataKey="price"
          radius={[4, 4, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
          // The latest price in full colour, earlier ones lighter.
          shape={(props: BarShapeProps) => (
            <Rectangle {...props} fill={props.index === lastIndex ? LATEST_FILL : EARLIER_FILL} />
          )}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
