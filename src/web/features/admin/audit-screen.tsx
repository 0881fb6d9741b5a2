import { ErrorPanel } from '@/web/components/error-panel';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { formatDateTime } from './admin-format';
import { useAuditLog } from './audit-api';

/** Who changed what, when: every operator change and every admin-CLI change, newest first. */
export function AuditScreen() {
  const audit = useAuditLog();
  if (audit.isPending) return <Spinner label="Loading the audit log" />;
  if (audit.isError) return <ErrorPanel error={audit.error} onRetry={() => void audit.refetch()} />;
  const entries = audit.data.pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <h2 id="audit-heading" className="text-xl font-semibold">
        Audit log
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">When</th>
                <th className="px-3 py-2 font-medium">Who</th>
                <th className="px-3 py-2 font-medium">What</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(entry.createdAt)}</td>
                  <td className="px-3 py-2">{entry.actor}</td>
                  <td className="px-3 py-2">
                    <span className="font-mono text-xs text-muted-foreground">{entry.action}</span>
                    <span className="block">{entry.summary}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage && (
        <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
          {audit.isFetchingNextPage ? 'Loading…' : 'Older entries'}
        </Button>
      )}
    </section>
  );
}
