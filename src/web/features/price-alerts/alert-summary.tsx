import { Activity, BellRing, CircleCheckBig, PiggyBank } from 'lucide-react';
import type { AlertTotals } from '@/shared/alert-status';
import { Card } from '@/web/components/ui/card';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';

/** The alerts tab's four summary cards (SPEC points 2 and 9). */
export function AlertSummary({ totals }: { totals: AlertTotals }) {
  const { format } = useCurrency();
  const cards = [
    { label: 'Total Alerts', value: String(totals.total), icon: BellRing, tone: 'bg-primary/10 text-primary' },
    { label: 'Active Alerts', value: String(totals.active), icon: Activity, tone: 'bg-chart-3/10 text-chart-3' },
    { label: 'Target Reached', value: String(totals.triggered), icon: CircleCheckBig, tone: 'bg-success/10 text-success' },
    { label: 'Total Savings', value: format(totals.totalSavings), icon: PiggyBank, tone: 'bg-warning/20 text-warning-foreground' },
  ];
  return (
    <ul aria-label="Alert summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <li key={card.label}>
          <Card className="h-full flex-row items-center gap-2.5 px-3 py-3.5 sm:gap-3 sm:px-5 sm:py-4">
            <span className={cn('grid size-8 shrink-0 place-items-center rounded-lg sm:size-10', card.tone)}>
              <card.icon className="size-4 sm:size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground sm:text-sm">{card.label}</p>
              <p className="truncate text-lg font-bold tabular-nums sm:text-2xl" data-testid={`summary-${card.label.toLowerCase().replaceAll(' ', '-')}`}>
                {card.value}
              </p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
