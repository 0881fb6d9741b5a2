import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ImportRunDetail } from '@/shared/contracts/admin';
import { ErrorPanel } from '@/web/components/error-panel';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { formatCount, formatDateTime, formatDuration, runStatusLabel } from './admin-format';
import { useStoreRuns } from './runs-api';
import { useStores } from './stores-api';

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

function downloadRejections(run: ImportRunDetail, rows: ImportRunDetail['rejectedRows']) {
  const lines = ['item,line,id,reason', ...rows.map((row) => [row.position, row.line, row.itemId, row.reason].map(csvCell).join(','))];
  const url = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `run-${run.id}-rejected.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Each import's statistics and its rejected rows (line / item number and reason), filterable and downloadable. */
export function ImportRunsScreen() {
  const [params, setParams] = useSearchParams();
  const stores = useStores();
  const storeParam = params.get('store');
  const storeId = storeParam && /^\d+$/.test(storeParam) ? Number(storeParam) : (stores.data?.[0]?.id ?? null);
  const runs = useStoreRuns(storeId);
  const runParam = params.get('run');
  const selected = runs.data?.find((run) => String(run.id) === runParam) ?? runs.data?.[0] ?? null;

  return (
    <section aria-labelledby="runs-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="runs-heading" className="text-xl font-semibold">
          Import runs
        </h2>
        <div className="grid gap-1">
          <Label htmlFor="runs-store">Store</Label>
          <select
            id="runs-store"
            className="h-9 rounded-md border bg-card px-2 text-sm"
            value={storeId ?? ''}
            onChange={(event) => setParams({ store: event.target.value })}
          >
            {(stores.data ?? []).map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {stores.isPending || (storeId !== null && runs.isPending) ? (
        <Spinner label="Loading imports" />
      ) : stores.isError ? (
        <ErrorPanel error={stores.error} onRetry={() => void stores.refetch()} />
      ) : runs.isError ? (
        <ErrorPanel error={runs.error} onRetry={() => void runs.refetch()} />
      ) : !runs.data || runs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No imports for this store yet.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul className="divide-y rounded-lg border" aria-label="Runs">
            {runs.data.map((run) => (
              <li key={run.id}>
                <Link
                  to={`/admin/runs?store=${storeId}&run=${run.id}`}
                  className={`block px-3 py-2 text-sm hover:bg-accent ${run.id === selected?.id ? 'bg-accent' : ''}`}
                >
                  <span className="font-medium">Run {run.id}</span> · {runStatusLabel(run.status)} {run.flagStatus === 'flagged' && <Badge variant="warning">flagged</Badge>}
                  <span className="block text-xs text-muted-foreground">
                    {formatDateTime(run.startedAt)} · {formatCount(run.itemsRead)} items · {formatCount(run.rejected)} rejected
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {selected && <RunDetail run={selected} />}
        </div>
      )}
    </section>
  );
}

function RunDetail({ run }: { run: ImportRunDetail }) {
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return run.rejectedRows.filter((row) => !needle || `${row.itemId ?? ''} ${row.reason} ${row.position} ${row.line ?? ''}`.toLowerCase().includes(needle));
  }, [run, filter]);
  const stats: [string, string][] = [
    ['Status', runStatusLabel(run.status)],
    ['Started', formatDateTime(run.startedAt)],
    ['Duration', formatDuration(run.durationMs)],
    ['Items read', formatCount(run.itemsRead)],
    ['Created', formatCount(run.created)],
    ['Updated', formatCount(run.updated)],
    ['Unchanged', formatCount(run.unchanged)],
    ['Rejected', formatCount(run.rejected)],
    ['Price changes', formatCount(run.priceChanges)],
    ['Now out of stock', formatCount(run.markedOutOfStock)],
  ];
  return (
    <article aria-labelledby="run-heading" className="flex flex-col gap-3 rounded-lg border p-4">
      <h3 id="run-heading" className="font-semibold">
        Run {run.id} <span className="font-normal text-muted-foreground">({run.trigger}, {run.partial ? 'partial feed' : 'full feed'})</span>
      </h3>
      <p className="truncate text-xs text-muted-foreground" title={run.source}>
        {run.source}
      </p>
      {run.message && <p className="text-sm text-destructive">{run.message}</p>}
      {run.flagReason && (
        <p className="rounded-md bg-warning/15 p-2 text-sm">
          Flagged: {run.flagReason} ({run.flagStatus})
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium">
          Rejected rows{run.rejected > run.rejectedRows.length ? ` (first ${run.rejectedRows.length} of ${formatCount(run.rejected)})` : ''}
        </h4>
        <div className="flex gap-2">
          <Input type="search" aria-label="Filter rejected rows" placeholder="Filter by id or reason" value={filter} onChange={(event) => setFilter(event.target.value)} className="h-8 w-56" />
          <Button size="sm" variant="outline" onClick={() => downloadRejections(run, rows)} disabled={rows.length === 0}>
            <Download aria-hidden /> CSV
          </Button>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{run.rejectedRows.length === 0 ? 'No rejected rows.' : 'No rejected row matches the filter.'}</p>
      ) : (
        <div className="max-h-96 overflow-auto rounded-md border">
          <table className="w-full text-sm" aria-label="Rejected rows">
            <thead className="sticky top-0 bg-muted text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">Item</th>
                <th className="px-3 py-2 font-medium">Line</th>
                <th className="px-3 py-2 font-medium">Id</th>
                <th className="px-3 py-2 font-medium">Reason</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.position}-${row.itemId ?? ''}`} className="border-t align-top">
                  <td className="px-3 py-1.5">{row.position}</td>
                  <td className="px-3 py-1.5">{row.line ?? '—'}</td>
                  <td className="px-3 py-1.5 font-mono text-xs">{row.itemId ?? '—'}</td>
                  <td className="px-3 py-1.5">{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
