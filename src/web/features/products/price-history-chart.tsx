import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useCurrency } from '@/web/lib/currency';

export type ChartPoint = { time: number; price: number };

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });
const longDayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** A round step (1, 2 or 5 × 10ⁿ) near `raw`. */
function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/** Round axis ticks around the prices, with a little room above and below the line. */
export function priceTicks(min: number, max: number): number[] {
  const span = max - min || max * 0.1 || 100;
  const step = niceStep(span / 3);
  const low = Math.max(0, Math.floor((min - step * 0.3) / step) * step);
  const high = Math.ceil((max + step * 0.3) / step) * step;
  const ticks: number[] = [];
  for (let tick = low; tick <= high + step / 2 && ticks.length < 12; tick += step) ticks.push(tick);
  return ticks;
}

/** Recharts lives in this module only, loaded with React.lazy so it is a chunk of its own. */
export default function PriceHistoryChart({ points }: { points: ChartPoint[] }) {
  const { format } = useCurrency();
  const prices = points.map((p) => p.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const ticks = priceTicks(min, max);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
        <defs>
          <linearGradient id="price-history-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--color-chart-1)" stopOpacity={0.28} />
            <stop offset="100%" stopColor="var(--color-chart-1)" stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={(time: number) => dayFormat.format(new Date(time))}
          tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
          tickLine={false}
          axisLine={false}
          minTickGap={28}
        />
        <YAxis
          dataKey="price"
          domain={[ticks[0] ?? 0, ticks.at(-1) ?? max]}
          ticks={ticks}
          tickFormatter={(price: number) => format(price)}
          tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
          tickLine={false}
          axisLine={false}
          width={84}
        />
        <Tooltip
          formatter={(value) => [format(Number(value)), 'Price']}
          labelFormatter={(time) => longDayFormat.format(new Date(Number(time)))}
          contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 13 }}
        />
        <Area
          type="stepAfter"
          dataKey="price"
          stroke="var(--color-chart-1)"
          strokeWidth={2.5}
          fill="url(#price-history-fill)"
          isAnimationActive={false}
          dot={false}
          activeDot={{ r: 4 }}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
