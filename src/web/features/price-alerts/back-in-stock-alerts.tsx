import { PackageCheck, PackageX, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { PriceAlert } from '@/shared/contracts/account';
import { ProductImage } from '@/web/components/product/product-image';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { formatDate } from './format-date';

type BackInStockAlertsProps = { alerts: readonly PriceAlert[]; onDelete: (alert: PriceAlert) => void };

/**
 * "Notify me when back in stock" requests (made on the product page): they have no target price, so they are
 * listed apart from the price alerts and their totals.
 */
export function BackInStockAlerts({ alerts, onDelete }: BackInStockAlertsProps) {
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="back-in-stock-title" className="rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <h2 id="back-in-stock-title" className="text-lg font-semibold tracking-tight">
        Back-in-stock alerts ({alerts.length})
      </h2>
      <ul className="mt-3 divide-y">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex items-center gap-3 py-3">
            <ProductImage src={alert.product.image} alt={alert.product.name} className="size-12 shrink-0 rounded-lg border" />
            <div className="min-w-0 flex-1">
              <Link to={`/product/${alert.productId}`} className="line-clamp-1 font-medium hover:underline">
                {alert.product.name}
              </Link>
              <p className="text-xs text-muted-foreground">Requested {formatDate(alert.createdAt)}</p>
            </div>
            {alert.product.inStock ? (
              <Badge variant="success">
                <PackageCheck aria-hidden /> Back in stock
              </Badge>
            ) : (
              <Badge variant="secondary">
                <PackageX aria-hidden /> Waiting for stock
              </Badge>
            )}
            <Button variant="ghost" size="icon" aria-label={`Remove back-in-stock alert for ${alert.product.name}`} onClick={() => onDelete(alert)}>
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
