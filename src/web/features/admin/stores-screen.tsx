import { Pause, Pencil, Play, Plus, RefreshCw, Store, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import type { AdminStore, StoreHealth } from '@/shared/contracts/admin';
import { ErrorPanel } from '@/web/components/error-panel';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api-client';
import { formatCount, formatDateTime, formatDuration, relativeToNow, runStatusLabel } from './admin-format';
import { StoreFormDialog } from './store-form-dialog';
import { useImportJob, useImportNow, usePauseStore, useStores } from './stores-api';

const HEALTH: Record<StoreHealth, { label: string; variant: 'success' | 'destructive' | 'warning' | 'secondary' }> = {
  ok: { label: 'OK', variant: 'success' },
  failing: { label: 'Failing', variant: 'destructive' },
  stale: { label: 'Stale', variant: 'warning' },
  paused: { label: 'Paused', variant: 'secondary' },
};

const errorText = (error: unknown) => (error instanceof ApiError ? error.detail : 'Something went wrong. Please try again.');

export function StoresScreen() {
  const stores = useStores();
  const [editing, setEditing] = useState<AdminStore | 'new' | null>(null);

  return (
    <section aria-labelledby="stores-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="stores-heading" className="text-xl font-semibold">
          Stores
        </h2>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Add store
        </Button>
      </div>
      {stores.isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner label="Loading stores" />
        </div>
      ) : stores.isError ? (
        <ErrorPanel error={stores.error} onRetry={() => void stores.refetch()} />
      ) : stores.data.length === 0 ? (
        <EmptyState icon={Store} title="No stores yet" description="Add a store, then import its feed." action={<Button onClick={() => setEditing('new')}>Add store</Button>} />
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[960px] text-sm">
            <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">Store</th>
                <th className="px-3 py-2 font-medium">Health</th>
                <th className="px-3 py-2 font-medium">Last import</th>
                <th className="px-3 py-2 font-medium">Next run</th>
                <th className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stores.data.map((store) => (
                <StoreRow key={store.id} store={store} onEdit={() => setEditing(store)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== null && <StoreFormDialog store={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function StoreRow({ store, onEdit }: { store: AdminStore; onEdit: () => void }) {
  const pause = usePauseStore();
  const importNow = useImportNow();
  const fileInput = useRef<HTMLInputElement>(null);
  const health = HEALTH[store.health];
  const run = store.lastRun;
  // "Import now" is a job on the queue: followed live until it is done.
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useImportJob(jobId);
  const jobState = jobId === null ? null : job.data?.jobId === jobId ? job.data.state : 'queued';
  const jobActive = jobState === 'queued' || jobState === 'running';

  useEffect(() => {
    const done = job.data;
    if (jobId === null || !done || done.jobId !== jobId || done.state === 'queued' || done.state === 'running') return;
    const description = done.run ? `Run ${done.run.id} of ${store.name}` : store.name;
    if (done.state === 'failed') toast.error('Import failed', { description: done.error ?? description });
    else toast.success(done.state === 'not_modified' ? 'Feed not modified since the last import' : 'Import finished', { description });
    setJobId(null);
  }, [job.data, jobId, store.name]);

  const startImport = (file?: File) =>
    importNow.mutate(
      { storeId: store.id, file },
      {
        onSuccess: (started) => {
          if (started.jobId) setJobId(started.jobId);
          toast.success(started.jobId ? 'Import queued' : 'Import started', { description: started.detail });
        },
        onError: (error) => toast.error('Import not started', { description: errorText(error) }),
      },
    );

  return (
    <tr className="border-t align-top" data-testid={`store-${store.slug}`}>
      <td className="px-3 py-3">
        <div className="font-medium">{store.name}</div>
        <div className="text-xs text-muted-foreground">
          {store.slug} · {formatCount(store.offerCount)} offers
        </div>
        <a href={store.homepage} className="text-xs text-primary hover:underline" target="_blank" rel="noreferrer">
          {store.homepage}
        </a>
      </td>
      <td className="px-3 py-3">
        <Badge variant={health.variant}>{health.label}</Badge>
        {store.healthReason && <p className="mt-1 max-w-56 text-xs text-muted-foreground">{store.healthReason}</p>}
      </td>
      <td className="px-3 py-3">
        {store.running ? (
          <div role="status" aria-live="polite" className="flex items-center gap-2 text-primary">
            <Spinner size="sm" label="Importing" />
            <span>
              Importing… {formatCount(store.running.itemsRead)} items read (run {store.running.id}, started {formatDateTime(store.running.startedAt)})
            </span>
          </div>
        ) : jobActive ? (
          <div role="status" aria-live="polite" className="flex items-center gap-2 text-primary">
            <Spinner size="sm" label="Importing" />
            <span>
              {jobState === 'running'
                ? `Importing… ${formatCount(job.data?.run?.itemsRead ?? 0)} items read${job.data?.run ? ` (run ${job.data.run.id})` : ''}`
                : `Queued: waiting for a worker…${job.data?.error ? ` (the last attempt failed: ${job.data.error})` : ''}`}
            </span>
          </div>
        ) : run ? (
          <div className="flex flex-col gap-0.5">
            <span>
              <Link to={`/admin/runs?store=${store.id}&run=${run.id}`} className="font-medium text-primary hover:underline">
                Run {run.id}
              </Link>{' '}
              · {runStatusLabel(run.status)} · {formatDateTime(run.startedAt)} · {formatDuration(run.durationMs)}
            </span>
            <span className="text-xs text-muted-foreground">
              {formatCount(run.itemsRead)} items: {formatCount(run.created)} created, {formatCount(run.updated)} updated, {formatCount(run.unchanged)} unchanged,{' '}
              {formatCount(run.rejected)} rejected · {formatCount(run.priceChanges)} price changes
            </span>
            {run.message && <span className="text-xs text-destructive">{run.message}</span>}
          </div>
        ) : (
          <span className="text-muted-foreground">Never imported</span>
        )}
      </td>
      <td className="px-3 py-3">
        {store.nextRunAt ? (
          <span title={formatDateTime(store.nextRunAt)}>
            {relativeToNow(store.nextRunAt)}
            <span className="block text-xs text-muted-foreground">every {store.feedIntervalMinutes} min</span>
          </span>
        ) : (
          <span className="text-muted-foreground">{store.paused ? 'Paused' : 'Not scheduled'}</span>
        )}
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap justify-end gap-1">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${store.name}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={pause.isPending}
            onClick={() =>
              pause.mutate({ id: store.id, pause: !store.paused }, { onError: (error) => toast.error('Could not change the store', { description: errorText(error) }) })
            }
          >
            {store.paused ? <Play aria-hidden /> : <Pause aria-hidden />} {store.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            size="sm"
            disabled={!store.feedUrl || store.running !== null || jobActive || importNow.isPending}
            title={store.feedUrl ? `Import ${store.feedUrl} now` : 'No feed URL: upload a file instead'}
            onClick={() => startImport()}
          >
            <RefreshCw aria-hidden /> Import now
          </Button>
          <Button size="sm" variant="secondary" disabled={store.running !== null || jobActive || importNow.isPending} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden /> Import file
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".xml,.rss,.atom,.tsv,.csv,.txt,.gz"
            className="sr-only"
            aria-label={`Feed file for ${store.name}`}
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) startImport(file);
            }}
          />
        </div>
      </td>
    </tr>
  );
}
