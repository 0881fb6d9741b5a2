/**
 * Imports one store feed (docs/decisions/feeds-import.md).
 *
 * 1. Stage: the feed is streamed (never loaded whole) and its valid items are copied, a batch at a time,
 *    into an UNLOGGED table of this run while the next batch is parsed. Row errors are counted and the
 *    first ones kept. Nothing the shop shows changes in this phase.
 * 2. Apply: one transaction compares the staged items with what the store's feed said last time
 *    (feed_items), matches new items to products (GTIN, then brand + MPN, then the store's own id),
 *    creates products for the rest (category from category_mappings), derives each product's offer at
 *    this store from its items, appends price history for changed prices, marks items missing from a
 *    full feed out of stock, and refreshes the products' best offers. All set-based SQL.
 * A truncated or broken file throws while staging, so the apply never runs: nothing is half-written.
 */
import { type SQL, sql } from 'drizzle-orm';
import { announceCatalogueVersion, bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { refreshDeals } from '@/server/modules/deals/refresh-deals';
import { refreshListingStats } from '@/server/modules/products/listing-stats';
import type { Database } from '@/server/db/client';
import { searchTextOf } from '@/server/db/refresh-best-offers';
import { type FeedValidators, parseFeed } from './detect-format';
import type { FeedInput } from './decode-text';
import { FeedFormatError, FeedNotModifiedError, FeedSourceError } from './feed-errors';
import type { FeedRowError } from './feed-item';
import { ensureDefaultCategoryMappings } from './category-mapping';
import { queryOne, queryRows } from './sql-rows';
import { stageBatches, stageBatchesInWorker } from './stage-batches';
import { createStageTable, stageEncoding, stageTable, stageWriter } from './stage-table';
import type { StoreRow } from './store-repository';

type Executor = Pick<Database, 'execute'>;

export type ImportLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type FeedSource = string | { input: FeedInput; name: string };

export type ImportOptions = {
  store: Pick<StoreRow, 'id' | 'slug' | 'name'>;
  source: FeedSource;
  /** A partial (delta) feed leaves items it does not mention alone; a full feed marks them out of stock. */
  partial?: boolean;
  /** false: fetch a feed URL in full even if it has not changed since the last import (`npm run feeds -- import --force`). */
  conditional?: boolean;
  trigger?: 'cli' | 'schedule' | 'console';
  /** Items per staging insert. */
  batchSize?: number;
  /** How many row errors are kept with the run (all are counted). */
  maxReportedErrors?: number;
  logger?: ImportLogger;
  signal?: AbortSignal;
  /** Called with each phase's and apply step's time in ms (the bench prints them with FEEDS_PROFILE=1). */
  onStep?: StepTimer;
};

export type StepTimer = (step: string, ms: number) => void;

export type ImportSummary = {
  runId: number;
  store: string;
  source: string;
  /** not_modified: the feed URL answered 304 to a conditional request; nothing was read or changed. */
  status: 'succeeded' | 'failed' | 'not_modified';
  itemsRead: number;
  created: number;
  updated: number;
  unchanged: number;
  priceChanges: number;
  markedOutOfStock: number;
  productsCreated: number;
  errorCount: number;
  errors: FeedRowError[];
  durationMs: number;
  /** Why a failed import failed. */
  message?: string;
  /** Products whose best offer may have changed (for alert evaluation). */
  changedProducts: number;
  /** Why the guard flagged this run (its missing items were not delisted; an operator confirms). */
  flagged?: string;
};

/** Another import of the same store is running. */
export class ImportBusyError extends Error {
  override readonly name = 'ImportBusyError';
}

/** The import failed as a whole; `summary` is what was recorded in import_runs. */
export class ImportFailedError extends Error {
  override readonly name = 'ImportFailedError';
  constructor(
    message: string,
    readonly summary: ImportSummary,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

const DEFAULT_BATCH = 5_000;
const DEFAULT_MAX_ERRORS = 100;
/** Rejected items stored per run in import_rejections (all are counted in error_count). */
export const REJECTIONS_KEPT = 10_000;
/**
 * The guard (issue 14): a full feed is flagged, and does not delist the store's missing items until an operator
 * confirms, when its item count is less than half the last good run's, or its rejection rate is at least 10% and
 * ten points above the last good run's.
 */
export const FEED_GUARD = { dropShare: 0.5, minRejectionRate: 0.1, rejectionJump: 0.1 } as const;
/** A 'running' run whose heartbeat is older than this was interrupted (a killed process). */
export const STALE_RUN_MS = 15 * 60_000;
/** Imports of different stores stage in parallel; their apply phases take turns. */
const APPLY_LOCK_KEY = 7_214_203_313;

const sourceName = (source: FeedSource) => (typeof source === 'string' ? source : source.name);

export async function importFeed(db: Database, options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const maxErrors = options.maxReportedErrors ?? DEFAULT_MAX_ERRORS;
  // Every rejected item is stored (import_rejections) up to REJECTIONS_KEPT; the run row keeps the first maxErrors.
  const keepErrors = Math.max(maxErrors, REJECTIONS_KEPT);
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const full = !options.partial;
  const store = options.store;
  const source = sourceName(options.source);
  const log = options.logger;
  const onStep = options.onStep;

  await ensureDefaultCategoryMappings(db);
  const runId = await claimRun(db, { storeId: store.id, storeSlug: store.slug, source, trigger: options.trigger ?? 'cli', partial: !full });
  const table = stageTable(runId);
  // A feed URL is fetched conditionally, with the validators of the last response an import applied.
  const fetchedUrl = typeof options.source === 'string' && /^https?:\/\//i.test(options.source) ? options.source : null;
  let validators: FeedValidators | null = null;

  let itemsRead = 0;
  let parseErrorCount = 0;
  const parseErrors: FeedRowError[] = [];
  const finish = () => Math.round(performance.now() - started);

  try {
    await createStageTable(db, runId);

    // Stage: parse batch n+1 (in a worker thread for a file or URL) while batch n is written.
    const batchOptions = { batchSize, maxErrors: keepErrors, encoding: stageEncoding(db) };
    const batches = typeof options.source === 'string'
      ? stageBatchesInWorker(
          options.source,
          batchOptions,
          options.signal,
          fetchedUrl === null
            ? undefined
            : {
                validators: options.conditional === false ? null : await readValidators(db, fetchedUrl),
                onValidators: (received) => {
                  validators = received;
                },
              },
        )
      : stageBatches(parseFeed(options.source.input, { fileName: options.source.name }), batchOptions);
    const writeStage = stageWriter(db, runId);
    const abortMessage = 'import aborted (the process is shutting down); nothing was changed';
    let pending: Promise<unknown> = Promise.resolve();
    let written = 0;
    try {
      for await (const batch of batches) {
        if (options.signal?.aborted) throw new Error(abortMessage);
        itemsRead = batch.itemsRead;
        parseErrorCount = batch.errorCount;
        parseErrors.push(...batch.errors);
        if (batch.payload === null) continue;
        const payload = batch.payload;
        await pending;
        written += 1;
        const heartbeat = written % 20 === 0;
        const read = itemsRead;
        pending = (async () => {
          await writeStage(payload);
          if (heartbeat) await db.execute(sql`update import_runs set heartbeat_at = now(), items_read = ${read} where id = ${runId}`);
        })();
        // Observed by the next batch or after the loop; never an unhandled rejection meanwhile.
        pending.catch(() => {});
      }
    } catch (error) {
      if (options.signal?.aborted) throw new Error(abortMessage, { cause: error });
      throw error;
    }
    await pending;
    await db.execute(sql`analyze ${table}`);
    onStep?.('stage', finish());
    const flag = full ? await guardRun(db, { storeId: store.id, runId, itemsRead, errorCount: parseErrorCount }) : null;
    let superseded: number[] = [];

    let catalogueVersion: number | null = null;
    const applied = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK_KEY})`);
      // Set-based steps sort and hash up to a million rows: in memory, not in temp files.
      await tx.execute(sql`set local work_mem = '128MB'`);
      // Row estimates for tables this transaction just filled are guesses, and big guesses turn on JIT
      // compilation: ~1 s per statement, for queries that run once.
      await tx.execute(sql`set local jit = off`);
      // A flagged feed applies what it says, but leaves the items it no longer lists alone until confirmed.
      const result = await applyStage(tx, { storeId: store.id, storeName: store.name, table, full: full && flag === null, maxErrors: keepErrors, onStep });
      const allErrors = mergeErrors(parseErrors, result.errors, keepErrors);
      const errors = allErrors.slice(0, maxErrors);
      const summary: ImportSummary = {
        runId,
        store: store.slug,
        source,
        status: 'succeeded',
        itemsRead,
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        priceChanges: result.priceChanges,
        markedOutOfStock: result.markedOutOfStock,
        productsCreated: result.productsCreated,
        errorCount: parseErrorCount + result.errorCount,
        errors,
        durationMs: finish(),
        changedProducts: result.changedProducts,
        ...(flag === null ? {} : { flagged: flag }),
      };
      await tx.execute(sql`update import_runs set
          status = 'succeeded', finished_at = now(), heartbeat_at = now(),
          items_read = ${summary.itemsRead}, created = ${summary.created}, updated = ${summary.updated},
          unchanged = ${summary.unchanged}, price_changes = ${summary.priceChanges},
          marked_out_of_stock = ${summary.markedOutOfStock}, products_created = ${summary.productsCreated},
          error_count = ${summary.errorCount}, errors = ${JSON.stringify(summary.errors)}::jsonb,
          duration_ms = ${summary.durationMs}, flag_reason = ${flag}, flag_status = ${flag === null ? null : 'flagged'}
        where id = ${runId}`);
      await writeRejections(tx, runId, allErrors);
      // With the import: the next fetch asks "changed since this response?" only once this one is applied.
      if (fetchedUrl !== null) await saveValidators(tx, fetchedUrl, validators);
      superseded = await supersedeFlagged(tx, store.id, runId);
      // Last, so the version row is locked only for the commit: catalogue caches drop their answers then.
      if (result.changedProducts > 0 || result.created > 0 || result.updated > 0 || result.markedOutOfStock > 0 || result.productsCreated > 0) {
        // The deals precompute follows the prices this import changed (issue 15), in the same transaction.
        await refreshDeals(tx);
        onStep?.('deals', finish());
        // And the unfiltered listings' counts, stamped with the version the bump below commits.
        await refreshListingStats(tx);
        onStep?.('listing stats', finish());
        catalogueVersion = await bumpCatalogueVersion(tx);
      }
      return summary;
    });
    if (catalogueVersion !== null) await announceCatalogueVersion(db, catalogueVersion);
    onStep?.('commit', finish());
    // A flagged run keeps its staged items: confirming it applies them again as a full feed (confirmFlaggedRun).
    if (flag === null) await dropStage(db, runId);
    for (const old of superseded) await dropStage(db, old);
    if (flag !== null) log?.warn({ runId, store: store.slug, reason: flag }, 'feed import flagged: missing items were not delisted; an operator must confirm');
    log?.info(
      {
        runId,
        store: store.slug,
        source,
        itemsRead: applied.itemsRead,
        created: applied.created,
        updated: applied.updated,
        unchanged: applied.unchanged,
        priceChanges: applied.priceChanges,
        markedOutOfStock: applied.markedOutOfStock,
        productsCreated: applied.productsCreated,
        errors: applied.errorCount,
        durationMs: applied.durationMs,
      },
      'feed import finished',
    );
    if (applied.errorCount > 0) log?.warn({ runId, store: store.slug, firstErrors: applied.errors.slice(0, 10) }, 'feed rows skipped');
    return applied;
  } catch (error) {
    if (error instanceof FeedNotModifiedError) return recordNotModified(db, { runId, store: store.slug, source, durationMs: finish(), log });
    const message = describeFailure(error);
    const summary: ImportSummary = {
      runId,
      store: store.slug,
      source,
      status: 'failed',
      itemsRead,
      created: 0,
      updated: 0,
      unchanged: 0,
      priceChanges: 0,
      markedOutOfStock: 0,
      productsCreated: 0,
      errorCount: parseErrorCount,
      errors: parseErrors.slice(0, maxErrors),
      durationMs: finish(),
      message,
      changedProducts: 0,
    };
    try {
      await dropStage(db, runId);
      await db.execute(sql`update import_runs set
          status = 'failed', finished_at = now(), heartbeat_at = now(), message = ${message},
          items_read = ${itemsRead}, error_count = ${parseErrorCount}, errors = ${JSON.stringify(parseErrors.slice(0, maxErrors))}::jsonb,
          duration_ms = ${summary.durationMs}
        where id = ${runId}`);
      await writeRejections(db, runId, parseErrors);
    } catch (recordError) {
      log?.error({ err: recordError, runId }, 'could not record the failed feed import');
    }
    log?.error({ runId, store: store.slug, source, itemsRead, durationMs: summary.durationMs, message }, 'feed import failed; nothing was changed');
    throw new ImportFailedError(message, summary, { cause: error });
  }
}

async function readValidators(db: Executor, url: string): Promise<FeedValidators | null> {
  const row = await queryOne<{ etag: string | null; last_modified: string | null }>(db, sql`select etag, last_modified from feed_fetch_cache where url = ${url}`);
  return row ? { etag: row.etag, lastModified: row.last_modified } : null;
}

/** A response without validators cannot be asked about again: the next fetch is a plain one. */
async function saveValidators(db: Executor, url: string, validators: FeedValidators | null): Promise<void> {
  if (!validators?.etag && !validators?.lastModified) {
    await db.execute(sql`delete from feed_fetch_cache where url = ${url}`);
    return;
  }
  await db.execute(sql`insert into feed_fetch_cache (url, etag, last_modified, checked_at)
      values (${url}, ${validators.etag}, ${validators.lastModified}, now())
      on conflict (url) do update set etag = excluded.etag, last_modified = excluded.last_modified, checked_at = now()`);
}

/** A 304: the run is recorded as "not modified" and nothing else changes (no items, no prices, no catalogue version). */
async function recordNotModified(
  db: Executor,
  run: { runId: number; store: string; source: string; durationMs: number; log: ImportLogger | undefined },
): Promise<ImportSummary> {
  const message = 'Not modified since the last import (HTTP 304)';
  await dropStage(db, run.runId);
  await db.execute(sql`update import_runs set status = 'not_modified', finished_at = now(), heartbeat_at = now(),
      message = ${message}, duration_ms = ${run.durationMs}
    where id = ${run.runId}`);
  await db.execute(sql`update feed_fetch_cache set checked_at = now() where url = ${run.source}`);
  run.log?.info({ runId: run.runId, store: run.store, source: run.source }, 'feed not modified since the last import; nothing to do');
  return {
    runId: run.runId,
    store: run.store,
    source: run.source,
    status: 'not_modified',
    itemsRead: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    priceChanges: 0,
    markedOutOfStock: 0,
    productsCreated: 0,
    errorCount: 0,
    errors: [],
    durationMs: run.durationMs,
    message,
    changedProducts: 0,
  };
}

/** The guard's verdict on a full feed, compared with the store's last good full run (not one still flagged). */
async function guardRun(
  db: Executor,
  run: { storeId: number; runId: number; itemsRead: number; errorCount: number },
): Promise<string | null> {
  const previous = await queryOne<{ id: number; items_read: number; error_count: number }>(
    db,
    sql`select id, items_read, error_count from import_runs
        where store_id = ${run.storeId} and id <> ${run.runId} and status = 'succeeded' and not partial
          and flag_status is distinct from 'flagged' and flag_status is distinct from 'superseded'
        order by id desc limit 1`,
  );
  if (!previous || previous.items_read === 0) return null;
  if (run.itemsRead < previous.items_read * FEED_GUARD.dropShare) {
    return `item count dropped by more than half: ${run.itemsRead} items, the last good run (${previous.id}) had ${previous.items_read}`;
  }
  const rate = run.itemsRead === 0 ? 0 : run.errorCount / run.itemsRead;
  const before = previous.error_count / previous.items_read;
  if (rate >= FEED_GUARD.minRejectionRate && rate >= before + FEED_GUARD.rejectionJump) {
    const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;
    return `rejection rate jumped to ${percent(rate)} (${run.errorCount} of ${run.itemsRead} items) from ${percent(before)} in the last good run (${previous.id})`;
  }
  return null;
}

/** Earlier flagged runs of the store are overtaken by this one: they can no longer be confirmed. */
async function supersedeFlagged(tx: Executor, storeId: number, runId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update import_runs set flag_status = 'superseded'
        where store_id = ${storeId} and id < ${runId} and flag_status = 'flagged' returning id`,
  );
  return rows.map((row) => row.id);
}

/** "price: invalid amount …; gtin: …" → one rejection per field. */
export function rejectionParts(reason: string): { field: string; reason: string }[] {
  if (reason.startsWith('duplicate id:')) return [{ field: 'id', reason }];
  if (reason.includes(' is not mapped to a catalogue category')) return [{ field: 'product_type', reason }];
  return reason.split('; ').map((part) => {
    const match = /^([a-z_]{1,40}): ([\s\S]*)$/.exec(part);
    return match ? { field: match[1] as string, reason: match[2] as string } : { field: 'row', reason: part };
  });
}

async function writeRejections(db: Executor, runId: number, errors: readonly FeedRowError[]): Promise<void> {
  const rows = errors.flatMap((error) =>
    rejectionParts(error.reason).map((part) => ({
      position: error.position,
      line: error.line ?? null,
      item_id: error.id ?? null,
      field: part.field,
      reason: part.reason,
    })),
  );
  for (let start = 0; start < rows.length; start += 2_000) {
    const chunk = JSON.stringify(rows.slice(start, start + 2_000));
    await db.execute(sql`insert into import_rejections (run_id, position, line, item_id, field, reason)
      select ${runId}, x.position, x.line, x.item_id, x.field, x.reason
      from jsonb_to_recordset(${chunk}::jsonb) as x(position integer, line integer, item_id text, field text, reason text)`);
  }
}

/** Why a flagged run cannot be confirmed (not flagged, overtaken, its staged items gone). */
export class ConfirmRefusedError extends Error {
  override readonly name = 'ConfirmRefusedError';
}

/**
 * An operator confirms a flagged full feed: its staged items are applied again as a full feed, so the store's
 * items it no longer lists go out of stock (the delisting the guard held back). Only the store's latest run.
 */
export async function confirmFlaggedRun(db: Database, runId: number, confirmedBy: number | null): Promise<{ markedOutOfStock: number }> {
  const run = await queryOne<{ id: number; store_id: number; store_name: string; flag_status: string | null; staged: boolean }>(
    db,
    sql`select r.id, r.store_id, s.name as store_name, r.flag_status,
          to_regclass(${`feed_stage_${runId}`}) is not null as staged
        from import_runs r join stores s on s.id = r.store_id where r.id = ${runId}`,
  );
  if (!run) throw new ConfirmRefusedError('not found');
  if (run.flag_status !== 'flagged') {
    throw new ConfirmRefusedError(run.flag_status === null ? 'This run was not flagged: nothing to confirm.' : `This run is ${run.flag_status}: nothing to confirm.`);
  }
  if (!run.staged) throw new ConfirmRefusedError('The staged items of this run are gone; import the feed again.');
  const table = stageTable(runId);
  let catalogueVersion: number | null = null;
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK_KEY})`);
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`set local jit = off`);
    const still = await queryOne<{ flag_status: string | null }>(tx, sql`select flag_status from import_runs where id = ${runId} for update`);
    if (still?.flag_status !== 'flagged') throw new ConfirmRefusedError('This run was confirmed or overtaken meanwhile.');
    const applied = await applyStage(tx, { storeId: run.store_id, storeName: run.store_name, table, full: true, maxErrors: 0 });
    await tx.execute(sql`update import_runs set flag_status = 'confirmed', confirmed_by = ${confirmedBy}, confirmed_at = now(),
        marked_out_of_stock = marked_out_of_stock + ${applied.markedOutOfStock}
      where id = ${runId}`);
    if (applied.markedOutOfStock > 0 || applied.changedProducts > 0) {
      // Delisting moves best prices as an import does: the deals follow in the same transaction.
      await refreshDeals(tx);
      await refreshListingStats(tx);
      catalogueVersion = await bumpCatalogueVersion(tx);
    }
    return applied;
  });
  if (catalogueVersion !== null) announceCatalogueVersion(db, catalogueVersion);
  await dropStage(db, runId);
  return { markedOutOfStock: result.markedOutOfStock };
}

/** A table is re-analyzed when an import wrote more than this share of its rows (or it never was). */
const ANALYZE_SHARE = 0.2;
const ANALYZE_MIN_ROWS = 1_000;

/**
 * Fresh planner statistics for tables this import has just grown by a large share, taken inside the import's
 * transaction (ANALYZE counts the transaction's own rows). The statements that follow join a store's rows of these
 * tables; planned on statistics from before, a second store's first import looked like one row of its own and ran
 * a million-by-million nested loop (stopped after 15 minutes), and a re-import after a first import took 51 s
 * instead of 46 s. Autovacuum would not help in time (and is off on some servers).
 */
async function analyzeGrown(tx: Executor, written: Record<string, number>): Promise<void> {
  const names = Object.keys(written).filter((name) => (written[name] ?? 0) >= ANALYZE_MIN_ROWS);
  if (names.length === 0) return;
  const tables = await queryRows<{ name: string; rows: number }>(
    tx,
    sql`select relname as name, reltuples::float8 as rows from pg_class
        where relkind = 'r' and relnamespace = 'public'::regnamespace and relname in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  for (const table of tables) {
    const rows = written[table.name] ?? 0;
    // reltuples is -1 for a table never analyzed; before this import's rows it held `table.rows`.
    if (table.rows >= 0 && rows < table.rows * ANALYZE_SHARE) continue;
    await tx.execute(sql`analyze ${sql.identifier(table.name)}`);
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof FeedFormatError || error instanceof FeedSourceError) return error.message;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function mergeErrors(first: FeedRowError[], second: FeedRowError[], max: number): FeedRowError[] {
  return [...first, ...second].sort((a, b) => a.position - b.position).slice(0, max);
}

async function dropStage(db: Executor, runId: number): Promise<void> {
  await db.execute(sql`drop table if exists ${stageTable(runId)}`);
}

/**
 * Records a 'running' run; the partial unique index allows one per store. A run left 'running' by a killed
 * process (no heartbeat for STALE_RUN_MS) is marked failed and its staging table dropped.
 */
async function claimRun(
  db: Executor,
  run: { storeId: number; storeSlug: string; source: string; trigger: string; partial: boolean },
): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await queryOne<{ id: number }>(
      db,
      sql`insert into import_runs (store_id, source, trigger, partial)
          values (${run.storeId}, ${run.source}, ${run.trigger}, ${run.partial})
          on conflict do nothing returning id`,
    );
    if (claimed) return claimed.id;
    const running = await queryOne<{ id: number; stale: boolean; started_at: string }>(
      db,
      sql`select id, started_at::text as started_at,
            heartbeat_at < now() - make_interval(secs => ${STALE_RUN_MS / 1000}) as stale
          from import_runs where store_id = ${run.storeId} and status = 'running'`,
    );
    if (!running) continue;
    if (!running.stale) {
      throw new ImportBusyError(
        `An import of store "${run.storeSlug}" is already running (run ${running.id}, started ${running.started_at}).`,
      );
    }
    await db.execute(sql`update import_runs set status = 'failed', finished_at = now(),
        message = 'interrupted: the importing process stopped without finishing; nothing was applied'
      where id = ${running.id} and status = 'running'`);
    await dropStage(db, running.id);
  }
  throw new ImportBusyError(`Could not start an import of store "${run.storeSlug}": another import keeps starting.`);
}

type ApplyResult = {
  created: number;
  updated: number;
  unchanged: number;
  priceChanges: number;
  markedOutOfStock: number;
  productsCreated: number;
  errorCount: number;
  errors: FeedRowError[];
  changedProducts: number;
};

/** How a staged item that joins no existing product is grouped into a new one. */
const NEW_PRODUCT_KEY = sql.raw(`coalesce(
  'g:' || d.group_id,
  't:' || d.gtin_key,
  case when d.brand is not null and d.mpn is not null then 'm:' || lower(d.brand) || chr(31) || lower(d.mpn) end,
  'i:' || d.item_id)`);

/** A variant's id: stable for its name, so it survives re-imports and store changes. */
const VARIANT_ID = sql.raw(`(hashtext(variant) & 2147483647)`);

type ErrorRow = { total: number; position: number; item_id: string; reason: string };

function toRowErrors(rows: ErrorRow[]): FeedRowError[] {
  return rows.map((row) => ({ position: row.position, id: row.item_id, reason: row.reason }));
}

async function applyStage(
  tx: Executor,
  ctx: { storeId: number; storeName: string; table: SQL; full: boolean; maxErrors: number; onStep?: StepTimer | undefined },
): Promise<ApplyResult> {
  const { storeId, table, maxErrors } = ctx;
  let mark = performance.now();
  const step = (label: string) => {
    if (!ctx.onStep) return;
    const now = performance.now();
    ctx.onStep(label, Math.round(now - mark));
    mark = now;
  };
  const run = async (label: string, query: SQL) => {
    await tx.execute(query);
    step(label);
  };
  const count = async (label: string, query: SQL) => {
    const n = (await queryOne<{ n: number }>(tx, query))?.n ?? 0;
    step(label);
    return n;
  };
  const errorRows = async (label: string, query: SQL) => {
    const rows = await queryRows<ErrorRow>(tx, query);
    step(label);
    return rows;
  };

  // A store listing one id twice: the later row wins, the earlier is reported.
  const duplicates = await errorRows(
    'duplicates',
    sql`with keep as (
          select item_id, max(position) as position from ${table} group by item_id having count(*) > 1
        ), removed as (
          delete from ${table} s using keep k
          where s.item_id = k.item_id and s.position < k.position
          returning s.position, s.item_id, k.position as kept
        )
        select (count(*) over ())::int as total, position, item_id,
          'duplicate id: the later row at ' || kept || ' has the same id and is imported instead' as reason
        from removed order by position limit ${maxErrors}`,
  );
  const staged = await count('staged', sql`select count(*)::int as n from ${table}`);

  // Items that are new at this store or differ from what its feed said last time. An item whose
  // identity (GTIN, brand, MPN, group) is unchanged keeps its product.
  await run(
    'delta',
    sql`create temp table feed_delta on commit drop as
      select s.*, coalesce(s.sale_price, s.price) as current_price,
        fi.item_id is not null as known, fi.product_id as old_product_id,
        (case when fi.item_id is not null
                and fi.gtin_key is not distinct from s.gtin_key
                and lower(fi.brand) is not distinct from lower(s.brand)
                and lower(fi.mpn) is not distinct from lower(s.mpn)
                and fi.group_id is not distinct from s.group_id
              then fi.product_id end)::int as product_id
      from ${table} s
      left join feed_items fi on fi.store_id = ${storeId} and fi.item_id = s.item_id
      where fi.item_id is null
        or (fi.title, fi.link, fi.image_link, fi.price, fi.sale_price, fi.in_stock, fi.shipping_cost,
            fi.gtin_key, fi.brand, fi.mpn, fi.group_id, fi.variant, fi.attributes)
           is distinct from
           (s.title, s.link, s.image_link, s.price, s.sale_price, s.in_stock, s.shipping_cost,
            s.gtin_key, s.brand, s.mpn, s.group_id, s.variant, s.attributes)`,
  );
  // Temp tables get no statistics unless asked; without them the planner guesses badly.
  await run('analyze delta', sql`analyze feed_delta`);
  const deltaCount = await count('delta count', sql`select count(*)::int as n from feed_delta`);

  // 1. GTIN (any store's items, and catalogue products by their GTIN-8/12/13/14 spelling).
  await run(
    'match gtin',
    sql`update feed_delta d set product_id = g.pid
      from (
        select k, min(pid) as pid from (
          select fi.gtin_key as k, fi.product_id as pid
          from feed_items fi
          where fi.gtin_key in (select gtin_key from feed_delta where product_id is null and gtin_key is not null)
          union all
          select c.k, p.id
          from (
            select distinct gtin_key as k, unnest(array[
              gtin_key,
              case when gtin_key like '0%' then substr(gtin_key, 2) end,
              case when gtin_key like '00%' then substr(gtin_key, 3) end,
              case when gtin_key like '000000%' then substr(gtin_key, 7) end]) as raw
            from feed_delta where product_id is null and gtin_key is not null
          ) c
          join products p on p.gtin = c.raw
        ) x group by k
      ) g
      where d.product_id is null and d.gtin_key = g.k`,
  );

  // 2. Brand + MPN, case-insensitive.
  await run(
    'match brand+mpn',
    sql`update feed_delta d set product_id = g.pid
      from (
        select b, m, min(pid) as pid from (
          select lower(fi.brand) as b, lower(fi.mpn) as m, fi.product_id as pid
          from feed_items fi
          where fi.mpn is not null and (lower(fi.brand), lower(fi.mpn)) in (
            select lower(brand), lower(mpn) from feed_delta where product_id is null and brand is not null and mpn is not null)
          union all
          select lower(p.brand), lower(p.mpn), p.id
          from products p
          where p.mpn is not null and (lower(p.brand), lower(p.mpn)) in (
            select lower(brand), lower(mpn) from feed_delta where product_id is null and brand is not null and mpn is not null)
        ) x group by b, m
      ) g
      where d.product_id is null and d.brand is not null and d.mpn is not null
        and lower(d.brand) = g.b and lower(d.mpn) = g.m`,
  );

  // 3. The store's own id, seen before in its feed or on an offer.
  await run('match item id', sql`update feed_delta set product_id = old_product_id where product_id is null and old_product_id is not null`);
  await run(
    'match offer id',
    sql`update feed_delta d set product_id = o.product_id
      from offers o
      where d.product_id is null and o.store_id = ${storeId} and o.store_item_id = d.item_id`,
  );

  // 4. Variants stay together: the rest of a group joins the product its group already has.
  await run(
    'match group',
    sql`update feed_delta d set product_id = g.pid
      from (
        select u.group_id, coalesce(k.pid, m.pid) as pid
        from (select distinct group_id from feed_delta where product_id is null and group_id is not null) u
        left join (
          select group_id, min(product_id) as pid from feed_items
          where store_id = ${storeId} and group_id in (
            select group_id from feed_delta where product_id is null and group_id is not null)
          group by group_id
        ) k on k.group_id = u.group_id
        left join (
          select group_id, min(product_id) as pid from feed_delta
          where group_id is not null and product_id is not null group by group_id
        ) m on m.group_id = u.group_id
      ) g
      where d.product_id is null and d.group_id = g.group_id and g.pid is not null`,
  );

  // 5. New products, one per group / GTIN / brand + MPN / item, in a mapped category. All their items
  // are in this feed, so the product's best offer, its offer here and its variants are known now and
  // written once (a product row is the costliest write of an import: it has a dozen indexes).
  await run(
    'new products',
    sql`create temp table feed_new on commit drop as
      with x as (
        select ${NEW_PRODUCT_KEY} as k, d.position, d.item_id, d.variant, d.in_stock, d.current_price,
          greatest(d.price, d.current_price) as original_price, d.link, d.shipping_cost,
          coalesce(pt.category, gc.category) as category,
          case when pt.source is not null then pt.subcategory else gc.subcategory end as subcategory,
          case when pt.source is not null then pt.sub_subcategory else gc.sub_subcategory end as sub_subcategory
        from feed_delta d
        left join category_mappings pt on pt.source = d.product_type
        left join category_mappings gc on gc.source = d.gpc
        where d.product_id is null
      ), rep as (
        select distinct on (k) k, position, category, subcategory, sub_subcategory
        from x where category is not null
        order by k, position
      ), best as (
        select distinct on (k) k, item_id, current_price, original_price, in_stock, link, shipping_cost
        from x
        order by k, in_stock desc, current_price asc, position asc
      ), variants as (
        select k, jsonb_agg(jsonb_build_object('id', vid, 'name', variant, 'price', current_price::text,
            'originalPrice', original_price::text) order by first_position) as variants
        from (
          select distinct on (k, variant) k, variant, ${VARIANT_ID} as vid, current_price, original_price,
            min(position) over (partition by k, variant) as first_position
          from x where variant is not null
          order by k, variant, in_stock desc, current_price asc, position asc
        ) v
        group by k
      )
      select s.*,
        nextval(pg_get_serial_sequence('products', 'id'))::int as id,
        nextval(pg_get_serial_sequence('offers', 'id'))::int as offer_id
      from (
        select rep.k, rep.position, rep.category, rep.subcategory, rep.sub_subcategory,
          best.item_id, best.current_price, best.original_price, best.in_stock, best.link, best.shipping_cost,
          coalesce(variants.variants, '[]'::jsonb) as variants
        from rep
        join best on best.k = rep.k
        left join variants on variants.k = rep.k
        -- Ids in listing order: the products and offers indexes then fill page by page, not at random.
        order by rep.category, rep.subcategory, rep.sub_subcategory, best.current_price, rep.k
      ) s`,
  );
  await run('analyze new', sql`analyze feed_new`);
  // The new products' text is fetched row by row from here, in id order (see 'insert products').
  await run('index delta', sql`create index on feed_delta (position)`);

  const unmapped = await errorRows(
    'unmapped',
    sql`with removed as (
          delete from feed_delta d
          where d.product_id is null and not exists (select 1 from feed_new n where n.k = ${NEW_PRODUCT_KEY})
          returning d.position, d.item_id, d.product_type, d.gpc
        )
        select (count(*) over ())::int as total, position, item_id,
          'unmapped category: ' || case
            when product_type is null and gpc is null then 'the item has no product_type or google_product_category'
            when product_type is not null and gpc is not null
              then 'neither product_type ''' || product_type || ''' nor google_product_category ''' || gpc || ''' is mapped to a catalogue category'
            else coalesce('product_type ''' || product_type || '''', 'google_product_category ''' || gpc || '''')
              || ' is not mapped to a catalogue category' end as reason
        from removed order by position limit ${maxErrors}`,
  );

  const productsCreated = await count(
    'insert products',
    sql`with ins as (
      insert into products (id, slug, name, brand, model, category, subcategory, sub_subcategory,
        description, image, image_gallery, gtin, mpn, variants,
        best_offer_id, current_price, original_price, discount, in_stock)
      select n.id,
        coalesce(nullif(trim(both '-' from left(regexp_replace(lower(d.base_title), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'product')
          || '-' || n.id,
        d.base_title, coalesce(d.brand, ''), coalesce(d.mpn, ''),
        n.category, n.subcategory, n.sub_subcategory, d.description, d.image_link, d.gallery, d.gtin, d.mpn, n.variants,
        n.offer_id, n.current_price, n.original_price,
        (case when n.original_price > n.current_price and n.original_price > 0
          then round((n.original_price - n.current_price) / n.original_price * 100) else 0 end)::smallint,
        n.in_stock
      -- feed_new was written in id order and is read back in it (no sort of wide rows); each product's text
      -- comes from its item by index ("offset 0" keeps this a per-row lookup rather than a hash of a million rows).
      from feed_new n
      cross join lateral (
        select base_title, brand, mpn, gtin, description, image_link, gallery
        from feed_delta where position = n.position offset 0
      ) d
      returning id, name, brand, model, category, subcategory, sub_subcategory
    ), search as (
      insert into product_search (product_id, search_text)
      select ins.id, ${searchTextOf(sql`ins`, sql`${ctx.storeName}::text`)} from ins
    ) select count(*)::int as n from ins`,
  );
  await run(
    'insert new offers',
    sql`with ins as (
      insert into offers (id, product_id, store_id, store_item_id, current_price, original_price, in_stock,
        stock_quantity, affiliate_url, free_shipping, shipping_cost, updated_at)
      select n.offer_id, n.id, ${storeId},
        case when exists (select 1 from offers x where x.store_id = ${storeId} and x.store_item_id = n.item_id)
          then null else n.item_id end,
        n.current_price, n.original_price, n.in_stock, 0, n.link, coalesce(n.shipping_cost = 0, false), n.shipping_cost, now()
      from feed_new n
      returning id, current_price
    )
    insert into price_history (offer_id, price) select id, current_price from ins`,
  );

  const counts = await queryOne<{ created: number; updated: number }>(
    tx,
    sql`select (count(*) filter (where not known))::int as created, (count(*) filter (where known))::int as updated from feed_delta`,
  );

  // Products (already in the catalogue) whose offer at this store may change.
  await run('touched', sql`create temp table feed_touched (product_id integer primary key) on commit drop`);
  await run(
    'touched rows',
    sql`insert into feed_touched
      select product_id from feed_delta where product_id is not null
      union select old_product_id from feed_delta where old_product_id is not null`,
  );

  await run(
    'insert feed items',
    sql`insert into feed_items (store_id, item_id, product_id, position, group_id, variant, title, link, image_link,
        price, sale_price, current_price, in_stock, shipping_cost, gtin_key, brand, mpn, attributes)
      select ${storeId}, d.item_id, coalesce(d.product_id, n.id), d.position, d.group_id, d.variant, d.title, d.link,
        d.image_link, d.price, d.sale_price, d.current_price, d.in_stock, d.shipping_cost, d.gtin_key, d.brand, d.mpn,
        d.attributes
      from feed_delta d
      left join feed_new n on n.k = (case when d.product_id is null then ${NEW_PRODUCT_KEY} end)
      where not d.known`,
  );
  await analyzeGrown(tx, {
    feed_items: counts?.created ?? 0,
    products: productsCreated,
    product_search: productsCreated,
  });
  step('analyze items');
  await run(
    'update feed items',
    sql`update feed_items fi set
        product_id = d.product_id, position = d.position, group_id = d.group_id, variant = d.variant,
        title = d.title, link = d.link, image_link = d.image_link, price = d.price, sale_price = d.sale_price,
        current_price = d.current_price, in_stock = d.in_stock, shipping_cost = d.shipping_cost,
        gtin_key = d.gtin_key, brand = d.brand, mpn = d.mpn, attributes = d.attributes, updated_at = now()
      from feed_delta d
      where d.known and fi.store_id = ${storeId} and fi.item_id = d.item_id`,
  );

  // Typed attributes (issue 15): this store's values for the products whose items changed, rebuilt from all
  // of the store's items of those products (a product's variants give one size each).
  await run(
    'attribute products',
    sql`create temp table feed_attr_products on commit drop as
      select distinct product_id from feed_delta where product_id is not null
      union select product_id from feed_items where store_id = ${storeId} and item_id in (select item_id from feed_delta where product_id is null)
      union select old_product_id from feed_delta where old_product_id is not null`,
  );
  await run(
    'clear attributes',
    sql`delete from product_attributes where store_id = ${storeId} and product_id in (select product_id from feed_attr_products)`,
  );
  await run(
    'insert attributes',
    sql`insert into product_attributes (product_id, name, label, value, value_key, unit, num, store_id)
      select distinct on (fi.product_id, a.name, a.value_key) fi.product_id, a.name, a.label, a.value, a.value_key, a.unit, a.num, ${storeId}
      from feed_items fi
      cross join lateral jsonb_to_recordset(fi.attributes) as a(name text, label text, value text, value_key text, unit text, num numeric)
      where fi.store_id = ${storeId} and fi.product_id in (select product_id from feed_attr_products)
        and a.name is not null and a.value_key is not null and a.value is not null and a.label is not null
      order by fi.product_id, a.name, a.value_key, fi.position
      on conflict do nothing`,
  );

  let markedOutOfStock = 0;
  if (ctx.full) {
    markedOutOfStock += await count(
      'missing items',
      sql`with gone as (
        update feed_items fi set in_stock = false, updated_at = now()
        where fi.store_id = ${storeId} and fi.in_stock
          and not exists (select 1 from ${table} s where s.item_id = fi.item_id)
        returning fi.product_id
      ), touched as (
        insert into feed_touched select distinct product_id from gone on conflict do nothing
      )
      select count(*)::int as n from gone`,
    );
  }
  await run('analyze touched', sql`analyze feed_touched`);

  // The store's offer for each touched product: its cheapest in-stock item (the cheapest item when none is).
  await run('changed', sql`create temp table feed_changed (product_id integer not null) on commit drop`);
  const offerCounts = await queryOne<{ n: number; inserted: number }>(
    tx,
    sql`with agg as (
      select a.*, o.id as offer_id, o.current_price as old_price, o.original_price as old_original_price,
        o.in_stock as old_in_stock, o.affiliate_url as old_link, o.shipping_cost as old_shipping_cost
      from (
        select distinct on (fi.product_id) fi.product_id, fi.item_id, fi.current_price,
          greatest(fi.price, fi.current_price) as original_price, fi.in_stock, fi.link, fi.shipping_cost
        from feed_items fi
        where fi.store_id = ${storeId} and fi.product_id in (select product_id from feed_touched)
        order by fi.product_id, fi.in_stock desc, fi.current_price asc, fi.item_id asc
      ) a
      left join offers o on o.store_id = ${storeId} and o.product_id = a.product_id
    ), updated as (
      update offers o set current_price = a.current_price, original_price = a.original_price, in_stock = a.in_stock,
        affiliate_url = a.link, free_shipping = coalesce(a.shipping_cost = 0, false), shipping_cost = a.shipping_cost,
        updated_at = now()
      from agg a
      where o.id = a.offer_id
        and (a.old_price, a.old_original_price, a.old_in_stock, a.old_link, a.old_shipping_cost)
          is distinct from (a.current_price, a.original_price, a.in_stock, a.link, a.shipping_cost)
      returning o.id, o.product_id, a.current_price, a.old_price
    ), inserted as (
      insert into offers (product_id, store_id, store_item_id, current_price, original_price, in_stock,
        stock_quantity, affiliate_url, free_shipping, shipping_cost, updated_at)
      select a.product_id, ${storeId},
        case when exists (select 1 from offers x where x.store_id = ${storeId} and x.store_item_id = a.item_id)
          then null else a.item_id end,
        a.current_price, a.original_price, a.in_stock, 0, a.link, coalesce(a.shipping_cost = 0, false), a.shipping_cost, now()
      from agg a
      where a.offer_id is null
      returning id, product_id, current_price
    ), history as (
      insert into price_history (offer_id, price)
      select id, current_price from updated where old_price <> current_price
      union all
      select id, current_price from inserted
    ), changed as (
      insert into feed_changed (product_id)
      select product_id from updated union all select product_id from inserted
    )
    select (select count(*) from updated where old_price <> current_price)::int as n,
      (select count(*) from inserted)::int as inserted`,
  );
  step('offers');
  const priceChanges = offerCounts?.n ?? 0;
  // A store's first feed for products already in the catalogue adds its offers here, not with the new products.
  const offersInserted = offerCounts?.inserted ?? 0;
  await analyzeGrown(tx, {
    offers: productsCreated + offersInserted,
    price_history: productsCreated + offersInserted + priceChanges,
  });
  step('analyze offers');

  // Offers of this store that no feed item backs any more (a full feed no longer lists the product).
  markedOutOfStock += await count(
    'orphan offers',
    sql`with gone as (
      update offers o set in_stock = false, updated_at = now()
      where o.store_id = ${storeId} and o.in_stock
        and (${sql.raw(ctx.full ? 'true' : 'false')} or o.product_id in (select product_id from feed_touched))
        -- A hashed subplan: one pass over the store's items, however stale the statistics of rows this very
        -- transaction wrote (an anti join planned on them probed the items index once per offer).
        and o.product_id not in (select fi.product_id from feed_items fi where fi.store_id = ${storeId})
      returning o.product_id
    ), changed as (
      insert into feed_changed (product_id) select product_id from gone
    )
    select count(*)::int as n from gone`,
  );

  await run('analyze changed', sql`analyze feed_changed`);
  const changedExisting = await count('changed count', sql`select count(distinct product_id)::int as n from feed_changed`);
  // One rewrite per product: best offer (offers changed) and variant list (items changed) together.
  await refreshBestOffersOf(tx, sql`select product_id from feed_changed union select product_id from feed_touched`, { variants: true });
  step('refresh products');

  const errorCount = (duplicates[0]?.total ?? 0) + (unmapped[0]?.total ?? 0);
  const errors = [...toRowErrors(duplicates), ...toRowErrors(unmapped)].sort((a, b) => a.position - b.position).slice(0, maxErrors);
  return {
    created: counts?.created ?? 0,
    updated: counts?.updated ?? 0,
    unchanged: staged - deltaCount,
    priceChanges,
    markedOutOfStock,
    productsCreated,
    errorCount,
    errors,
    changedProducts: changedExisting + productsCreated,
  };
}

/**
 * refreshBestOffers (src/server/db/refresh-best-offers.ts) for the products a subquery names, with the same
 * rule and expressions, but joined instead of spelled out as an id list (an import may touch a million
 * products) and skipping products whose denormalised columns would not change. feeds-import.test.ts checks
 * that a full refreshBestOffers afterwards finds nothing to change.
 */
export async function refreshBestOffersOf(tx: Executor, productIds: SQL, options: { variants?: boolean } = {}): Promise<void> {
  // Variant lists of grouped products: each variant (by name) at its cheapest price across stores,
  // in the order the stores list them.
  const variants = options.variants
    ? sql`select product_id, jsonb_agg(jsonb_build_object('id', vid, 'name', variant, 'price', current_price::text,
            'originalPrice', original_price::text) order by first_position, variant) as variants
        from (
          select distinct on (fi.product_id, fi.variant) fi.product_id, fi.variant, ${VARIANT_ID} as vid,
            min(fi.position) over (partition by fi.product_id, fi.variant) as first_position,
            fi.current_price, greatest(fi.price, fi.current_price) as original_price
          from feed_items fi join ids on ids.product_id = fi.product_id
          where fi.variant is not null
          order by fi.product_id, fi.variant, fi.in_stock desc, fi.current_price asc, fi.position asc
        ) x
        group by product_id`
    : sql`select null::int as product_id, null::jsonb as variants where false`;
  await tx.execute(sql`
    with ids as (${productIds}),
    best as (
      select distinct on (o.product_id) o.product_id, o.id, o.current_price, o.original_price, o.in_stock
      from offers o join ids on ids.product_id = o.product_id
      order by o.product_id, o.in_stock desc, o.current_price asc, o.id asc
    ),
    store_names as (
      select o.product_id, string_agg(s.name, ' ' order by s.name) as names
      from offers o join ids on ids.product_id = o.product_id join stores s on s.id = o.store_id
      group by o.product_id
    ),
    variant_lists as (${variants}),
    next as (
      select p.id, best.id as best_offer_id, best.current_price, best.original_price,
        (case
          when best.original_price > best.current_price and best.original_price > 0
            then round((best.original_price - best.current_price) / best.original_price * 100)
          else 0 end)::smallint as discount,
        best.in_stock,
        ${searchTextOf(sql`p`, sql`store_names.names`)} as search_text,
        coalesce(variant_lists.variants, p.variants) as variants
      from best
      join products p on p.id = best.product_id
      left join store_names on store_names.product_id = best.product_id
      left join variant_lists on variant_lists.product_id = best.product_id
    ),
    products_updated as (
      update products p set
        best_offer_id = next.best_offer_id,
        current_price = next.current_price,
        original_price = next.original_price,
        discount = next.discount,
        in_stock = next.in_stock,
        variants = next.variants,
        updated_at = now()
      from next
      where p.id = next.id
        and (p.best_offer_id, p.current_price, p.original_price, p.discount, p.in_stock, p.variants)
          is distinct from (next.best_offer_id, next.current_price, next.original_price, next.discount, next.in_stock,
            next.variants)
    )
    -- Search text changes only when the set of stores does: most refreshes write none.
    insert into product_search (product_id, search_text)
    select next.id, next.search_text
    from next left join product_search ps on ps.product_id = next.id
    where ps.search_text is distinct from next.search_text
    on conflict (product_id) do update set search_text = excluded.search_text`);
}
