import { BellRing, CheckCircle2, Pencil, Target, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ALERT_STATUS_TEXT, type AlertStatus, alertProgress, alertStatus, potentialSavings } from '@/shared/alert-status';
import type { PriceAlert } from '@/shared/contracts/account';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Progress } from '@/web/components/ui/progress';
import { Switch } from '@/web/components/ui/switch';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';
import { formatDate } from './format-date';

const STATUS_STYLE: Record<
  AlertStatus,
  { icon: typeof BellRing; text: string; bar: string; badges: readonly NonNullable<BadgeProps['variant']>[] }
> = {
  triggered: { icon: CheckCircle2, text: 'text-success', bar: 'bg-success', badges: ['success', 'outline'] },
  close: { icon: Target, text: 'text-warning-foreground', bar: 'bg-warning', badges: ['warning', 'destructive'] },
  waiting: { icon: BellRing, text: 'text-muted-foreground', bar: 'bg-primary', badges: ['secondary'] },
};

type AlertCardProps = {
  alert: PriceAlert;
  onToggleActive: (isActive: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  busy?: boolean;
  /** How the price moved since the shopper last looked (issue 15). */
  priceMoveNote?: ReactNode;
};

/** One alert (SPEC point 2): prices, savings, progress, status texts from the SPEC 4 table, and its controls. */
export function AlertCard({ alert, onToggleActive, onEdit, onDelete, busy, priceMoveNote }: AlertCardProps) {
  const { format } = useCurrency();
  const switchId = useId();
  const { product } = alert;
  const status = alertStatus(alert.currentPrice, alert.targetPrice);
  const text = ALERT_STATUS_TEXT[status];
  const style = STATUS_STYLE[status];
  const StatusIcon = style.icon;
  const progress = alertProgress(alert.currentPrice, alert.targetPrice);
  const savings = potentialSavings(alert.currentPrice, alert.targetPrice);
  const updated = new Date(alert.updatedAt).getTime() !== new Date(alert.createdAt).getTime();

  return (
    <Card
      data-testid="price-alert-card"
      data-status={status}
      aria-label={`Price alert for ${product.name}`}
      role="article"
      className={cn('gap-0 overflow-hidden py-0 transition-shadow hover:shadow-md', !alert.isActive && 'bg-muted/40')}
    >
      <div className="flex gap-4 p-4 sm:p-5">
        <Link
          to={`/product/${product.id}`}
          className={cn('shrink-0 self-start rounded-lg border bg-card p-1.5', !alert.isActive && 'opacity-60 grayscale')}
          tabIndex={-1}
          aria-hidden
        >
          <img src={product.image} alt="" loading="lazy" className="size-16 object-contain sm:size-20" />
        </Link>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 leading-snug font-semibold">
            <Link to={`/product/${product.id}`} className="hover:text-primary hover:underline">
              {product.name}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{product.store}</p>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            <span>Created {formatDate(alert.createdAt)}</span>
            {updated && <span>Updated {formatDate(alert.updatedAt)}</span>}
          </p>
          {priceMoveNote && <div className="mt-1">{priceMoveNote}</div>}
          <div className="mt-2 flex flex-wrap gap-1.5">
            {text.badges.map((badge, index) => (
              <Badge key={badge} variant={style.badges[index] ?? 'secondary'}>
                {badge}
              </Badge>
            ))}
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-px border-y bg-border text-center">
        <div className="bg-card px-2 py-3">
          <dt className="text-xs text-muted-foreground">Current</dt>
          <dd className="mt-0.5 font-semibold tabular-nums" data-testid="alert-current-price">
            {format(alert.currentPrice)}
          </dd>
        </div>
        <div className="bg-card px-2 py-3">
          <dt className="text-xs text-muted-foreground">Target</dt>
          <dd className="mt-0.5 font-semibold text-primary tabular-nums" data-testid="alert-target-price">
            {format(alert.targetPrice)}
          </dd>
        </div>
        <div className="bg-card px-2 py-3">
          <dt className="text-xs text-muted-foreground">Potential savings</dt>
          <dd className="mt-0.5 font-semibold text-success tabular-nums" data-testid="alert-savings">
            {format(savings.amount)}
            <span className="block text-xs font-medium text-muted-foreground">{savings.percent}% off</span>
          </dd>
        </div>
      </dl>

      <div className="grid gap-2 px-4 pt-4 sm:px-5">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className={cn('inline-flex items-center gap-1.5 font-medium', style.text)}>
            <StatusIcon className="size-4" aria-hidden />
            {text.message}
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {status === 'triggered' ? 'At or below your target' : `${format(savings.amount)} to go`}
          </span>
        </div>
        <Progress value={progress} indicatorClassName={style.bar} aria-label="Distance to target" />
      </div>

      <div className="flex items-center justify-between gap-2 px-4 py-3 sm:px-5">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={alert.isActive}
            disabled={busy}
            onCheckedChange={onToggleActive}
          />
          <Label htmlFor={switchId} className="text-sm">
            Active
          </Label>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit alert for ${product.name}`}>
            <Pencil aria-hidden />
            <span className="hidden sm:inline">Edit</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete alert for ${product.name}`}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 aria-hidden />
            <span className="hidden sm:inline">Delete</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}
