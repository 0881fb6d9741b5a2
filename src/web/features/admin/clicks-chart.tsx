/** Clicks per day, stacked by store. Recharts is heavy: loaded only through React.lazy (clicks-screen.tsx). */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ClicksChartProps = { days: { day: string; storeName: string; clicks: number }[] };

const COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];

export function ClicksChart({ days }: ClicksChartProps) {
  const stores = [...new Set(days.map((row) => row.storeName))];
  const byDay = new Map<string, Record<string, number | string>>();
  for (const row of days) {
    const datum = byDay.get(row.day) ?? { day: row.day };
    datum[row.storeName] = ((datum[row.storeName] as number | undefined) ?? 0) + row.clicks;
    byDay.set(row.day, datum);
  }
  const data = [...byDay.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)));
  return (
    <div className="h-72 w-full" data-testid="clicks-chart" aria-label="Clicks per day by store" role="img">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} width={40} />
          <Tooltip />
          <Legend />
          {stores.map((store, index) => (
            <Bar key={store} dataKey={store} stackId="clicks" fill={COLORS[index % COLORS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
