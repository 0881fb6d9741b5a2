import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorPanel } from '@/web/components/error-panel';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { queryString } from '@/web/lib/api-client';
import { formatCount } from './admin-format';
import { CLICKS_PATH, type ClickFilter, useClickStats } from './clicks-api';
import { downloadCsv } from './download-csv';
import { useStores } from './stores-api';

const ClicksChart = lazy(() => import('./clicks-chart').then((m) => ({ default: m.ClicksChart })));

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function ClicksScreen() {
  const [filter, setFilter] = useState<ClickFilter>({});
  const stats = useClickStats(filter);
  const stores = useStores();

  return (
    <section aria-labelledby="clicks-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="clicks-heading" className="text-xl font-semibold">
          Clicks
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="clicks-from">From</Label>
            <Input id="clicks-from" type="date" value={filter.from ?? ''} onChange={(event) => setFilter((f) => ({ ...f, from: event.target.value || undefined }))} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="clicks-to">To</Label>
            <Input id="clicks-to" type="date" value={filter.to ?? ''} onChange={(event) => setFilter((f) => ({ ...f, to: event.target.value || undefined }))} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="clicks-store">Store</Label>
            <select
              id="clicks-store"
              className="h-9 rounded-md border bg-card px-2 text-sm"
              value={filter.store ?? ''}
              onChange={(event) => setFilter((f) => ({ ...f, store: event.target.value || undefined }))}
            >
              <option value="">All stores</option>
              {(stores.data ?? []).map((store) => (
                <option key={store.id} value={store.slug}>
                  {store.name}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" onClick={() => void downloadCsv(`${CLICKS_PATH}/export.csv${queryString(filter)}`, 'clicks.csv')}>
            <Download aria-hidden /> CSV
          </Button>
        </div>
      </div>
      {stats.isPending ? (
        <Spinner label="Loading clicks" />
      ) : stats.isError ? (
        <ErrorPanel error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <p className="text-sm">
            <strong data-testid="clicks-total">{formatCount(stats.data.total)}</strong> clicks from {stats.data.from} to {stats.data.to}
          </p>
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <ClicksChart days={stats.data.days} />
          </Suspense>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm" aria-label="Clicks per store per day">
                <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
                  <tr>
                    <th className="px-3 py-2 font-medium">Day</th>
                    <th className="px-3 py-2 font-medium">Store</th>
                    <th className="px-3 py-2 text-right font-medium">Clicks</th>
                    <th className="px-3 py-2 text-right font-medium">From product page</th>
                  </tr>
                </thead>
                <tbody>
                  {[...stats.data.days].reverse().map((row) => (
                    <tr key={`${row.day}-${row.storeSlug}`} className="border-t">
                      <td className="px-3 py-1.5">{row.day}</td>
                      <td className="px-3 py-1.5">{row.storeName}</td>
                      <td className="px-3 py-1.5 text-right">{formatCount(row.clicks)}</td>
                      <td className="px-3 py-1.5 text-right">{formatCount(row.fromProductPage)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm" aria-label="Top products">
                <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
                  <tr>
                    <th className="px-3 py-2 font-medium">Top products</th>
                    <th className="px-3 py-2 text-right font-medium">Clicks</th>
                    <th className="px-3 py-2 text-right font-medium">From its page</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.data.topProducts.map((row) => (
                    <tr key={row.productId ?? 'gone'} className="border-t">
                      <td className="px-3 py-1.5">{row.productName ?? 'Deleted product'}</td>
                      <td className="px-3 py-1.5 text-right">{formatCount(row.clicks)}</td>
                      <td className="px-3 py-1.5 text-right">{percent(row.productPageShare)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          {stats.data.sources.length > 0 && (
            <p className="text-sm text-muted-foreground">
              By page: {stats.data.sources.map((row) => `${row.sourcePage} ${formatCount(row.clicks)} (${percent(row.share)})`).join(' · ')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
