/**
 * Imports started from the console that run in this process: an uploaded feed file (it is on this instance's disk,
 * where a worker on another machine could not read it), and "import now" of a feed URL when the app runs without a
 * job queue (some tests). With the queue, "import now" is a feed-import job (stores-routes.ts). The import runs in
 * the background (the request answers at once with the run's id) through the same function as the CLI
 * (importAndNotify); closing the app aborts what is running (an aborted import changes nothing) and waits for it.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '@/server/config';
import type { Database } from '@/server/db/client';
import { importAndNotify } from '@/server/jobs/feed-sync';
import { ImportBusyError, type ImportLogger, STALE_RUN_MS } from '@/server/modules/feeds/import-feed';
import { queryOne } from '@/server/modules/feeds/sql-rows';
import type { StoreRow } from '@/server/modules/feeds/store-repository';
import { createNotifier } from '@/server/modules/notifications/notifier';

export type ImportLauncher = ReturnType<typeof createImportLauncher>;

/** The store's import that is running now (not one left 'running' by a process that died). */
export const runningRunOf = (db: Database, storeId: number) =>
  queryOne<{ id: number }>(
    db,
    sql`select id from import_runs where store_id = ${storeId} and status = 'running'
          and heartbeat_at >= now() - make_interval(secs => ${STALE_RUN_MS / 1000})
        order by started_at desc limit 1`,
  );

export function createImportLauncher(
  db: Database,
  config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>,
  log: ImportLogger,
) {
  const notifier = createNotifier(db, config, log);
  const abort = new AbortController();
  const running = new Set<Promise<unknown>>();

  return {
    /**
     * Starts importing `source` (a feed URL, or the path of an uploaded file, deleted afterwards) into `store`.
     * Answers the run's id once the import has claimed it (null if it had not within a few seconds).
     * Throws ImportBusyError when an import of this store is already running.
     */
    async start(store: StoreRow, source: string, options: { deleteAfter?: boolean; partial?: boolean } = {}): Promise<number | null> {
      const busy = await runningRunOf(db, store.id);
      if (busy) {
        if (options.deleteAfter) await rm(source, { force: true });
        throw new ImportBusyError(`An import of "${store.name}" is already running (run ${busy.id}).`);
      }
      const before = await queryOne<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from import_runs where store_id = ${store.id}`);
      const task = importAndNotify(
        db,
        notifier,
        { store, source, trigger: 'console', signal: abort.signal, ...(options.partial ? { partial: true } : {}) },
        log,
      )
        .catch((error: unknown) => log.error({ err: error, store: store.slug }, 'console import failed'))
        .finally(async () => {
          running.delete(task);
          if (options.deleteAfter) await rm(source, { force: true }).catch(() => {});
        });
      running.add(task);
      // The run row appears as soon as the import claims it (before the feed is read).
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const run = await queryOne<{ id: number }>(
          db,
          sql`select id from import_runs where store_id = ${store.id} and id > ${before?.id ?? 0} order by id limit 1`,
        );
        if (run) return run.id;
        const settled = await Promise.race([task.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 100))]);
        if (settled) break;
      }
      const run = await queryOne<{ id: number }>(db, sql`select id from import_runs where store_id = ${store.id} and id > ${before?.id ?? 0} order by id limit 1`);
      return run?.id ?? null;
    },

    /** Imports still running (tests wait on this). */
    async idle(): Promise<void> {
      await Promise.allSettled([...running]);
    },

    async close(): Promise<void> {
      abort.abort();
      await Promise.allSettled([...running]);
      notifier.close();
    },
  };
}
