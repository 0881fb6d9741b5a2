/** Imports with what follows them (alert evaluation and e-mail), shared by the CLI and the server's schedule. */
import type { Database } from '@/server/db/client';
import { type FeedSource, type ImportLogger, type ImportSummary, ImportFailedError, importFeed } from '@/server/modules/feeds/import-feed';
import { type StoreRow, createStoreRepository } from '@/server/modules/feeds/store-repository';
import type { Notifier } from '@/server/modules/notifications/notifier';

export type ImportRequest = {
  store: StoreRow;
  source: FeedSource;
  partial?: boolean;
  /** Fetch a feed URL in full even if it has not changed (no If-None-Match / If-Modified-Since). */
  force?: boolean;
  trigger?: 'cli' | 'schedule' | 'console';
  signal?: AbortSignal;
};

/** Imports one feed; after a successful import, every alert is evaluated (and e-mails sent). */
export async function importAndNotify(db: Database, notifier: Notifier, request: ImportRequest, log?: ImportLogger): Promise<ImportSummary> {
  const summary = await importFeed(db, {
    store: request.store,
    source: request.source,
    ...(request.partial ? { partial: true } : {}),
    ...(request.force ? { conditional: false } : {}),
    trigger: request.trigger ?? 'cli',
    ...(log ? { logger: log } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if (summary.changedProducts > 0) {
    try {
      await notifier.evaluate();
    } catch (error) {
      // The import itself is committed; the next evaluation (next import, the server's timer) catches up.
      log?.error({ err: error, runId: summary.runId }, 'alert evaluation after the import failed');
    }
  }
  return summary;
}

export type SyncResult = { store: string; summary?: ImportSummary; error?: string };

/**
 * Imports the feed of every store that has a feed URL and a schedule (only those whose interval has
 * elapsed with `dueOnly`), one after another. A failing store is reported and the others still run.
 */
export async function syncStores(
  db: Database,
  notifier: Notifier,
  options: { dueOnly: boolean; trigger: 'cli' | 'schedule'; signal?: AbortSignal; log?: ImportLogger },
): Promise<SyncResult[]> {
  const repository = createStoreRepository(db);
  const stores = options.dueOnly
    ? await repository.due()
    : (await repository.list()).filter((store) => store.feedUrl !== null && store.feedIntervalMinutes !== null && store.pausedAt === null);
  const results: SyncResult[] = [];
  for (const store of stores) {
    if (options.signal?.aborted) break;
    try {
      const summary = await importAndNotify(
        db,
        notifier,
        { store, source: store.feedUrl as string, trigger: options.trigger, ...(options.signal ? { signal: options.signal } : {}) },
        options.log,
      );
      results.push({ store: store.slug, summary });
    } catch (error) {
      results.push({
        store: store.slug,
        error: error instanceof Error ? error.message : String(error),
        ...(error instanceof ImportFailedError ? { summary: error.summary } : {}),
      });
    }
  }
  return results;
}
