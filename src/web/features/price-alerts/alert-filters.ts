import { alertStatus } from '@/shared/alert-status';
import type { PriceAlert } from '@/shared/contracts/account';

/** The status filter's options (SPEC point 2), in display order. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active Only' },
  { value: 'inactive', label: 'Inactive Only' },
  { value: 'triggered', label: 'Triggered Only' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];


type FilterableAlert = Pick<PriceAlert, 'currentPrice' | 'targetPrice' | 'isActive'> & {
  product: Pick<PriceAlert['product'], 'name' | 'store'>;
};

/**
 * The alerts tab's search (product name or store, case-insensitive, surrounding spaces ignored) and status
 * filter. "Triggered" is the derived status (current <= target), whether the alert is active or not.
 */
export function filterAlerts<T extends FilterableAlert>(alerts: readonly T[], search: string, status: StatusFilter): T[] {
  const needle = search.trim().toLocaleLowerCase('en-IN');
  return alerts.filter((alert) => {
    if (status === 'active' && !alert.isActive) return false;
    if (status === 'inactive' && alert.isActive) return false;
    if (status === 'triggered' && alertStatus(alert.currentPrice, alert.targetPrice) !== 'triggered') return false;
    if (!needle) return true;
    return (
      alert.product.name.toLocaleLowerCase('en-IN').includes(needle) || alert.product.store.toLocaleLowerCase('en-IN').includes(needle)
    );
  });
}
