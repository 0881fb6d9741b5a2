/** Stores as the console shows them: last import, running import, next scheduled run, health. */
import { sql } from 'drizzle-orm';
import type { AdminStore, ImportRunBrief, StoreHealth } from '@/shared/contracts/admin';
import type { Database } from '@/server/db/client';
import { STALE_RUN_MS } from '@/server/modules/feeds/import-feed';
import { queryRows } from '@/server/modules/feeds/sql-rows';

export type RunStatus = 'running' | 'succeeded' | 'failed' | 'not_modified';

type RunRow = {
  id: number;
  status: RunStatus;
  trigger: string;
  source: string;
  started_at: string | Date;
  finished_at: string | Date | null;
  heartbeat_at: string | Date;
  items_read: number;
  created: number;
  updated: number;
  unchanged: number;
  error_count: number;
  price_changes: number;
  marked_out_of_stock: number;
  duration_ms: number | null;
  message: string | null;
};

type StoreListRow = {
  id: number;
  slug: string;
  name: string;
  homepage: string;
  feed_url: string | null;
  feed_interval_minutes: number | null;
  affiliate_tag_template: string | null;
  paused_at: string | Date | null;
  offer_count: number;
  last_run: RunRow | null;
  running_run: RunRow | null;
  last_success_at: string | Date | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

export function toRunBrief(run: RunRow): ImportRunBrief {
  return {
    id: run.id,
    status: run.status,
    trigger: run.trigger,
    source: run.source,
    startedAt: iso(run.started_at),
    finishedAt: run.finished_at === null ? null : iso(run.finished_at),
    itemsRead: run.items_read,
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    rejected: run.error_count,
    priceChanges: run.price_changes,
    markedOutOfStock: run.marked_out_of_stock,
    durationMs: run.duration_ms,
    message: run.message,
  };
}

/**
 * ok: the last import succeeded or found the feed not modified (and, when scheduled, recently enough); failing: the last import failed;
 * stale: a scheduled store whose last success is older than two intervals (plus the schedule's minute of
 * slack), or a store with a feed that never imported; paused: an operator paused it.
 */
export function storeHealth(
  store: { paused: boolean; feedUrl: string | null; intervalMinutes: number | null; lastRun: ImportRunBrief | null; lastSuccessAt: Date | null },
  now: Date,
): { health: StoreHealth; reason: string | null } {
  if (store.paused) return { health: 'paused', reason: 'Paused: scheduled imports are off' };
  if (store.lastRun?.status === 'failed') return { health: 'failing', reason: store.lastRun.message ?? 'The last import failed' };
  if (store.intervalMinutes !== null && store.feedUrl !== null) {
    const limitMs = (2 * store.intervalMinutes + 5) * 60_000;
    if (store.lastSuccessAt === null) return { health: 'stale', reason: 'Scheduled, but no import has succeeded yet' };
    if (now.getTime() - store.lastSuccessAt.getTime() > limitMs) {
      return { health: 'stale', reason: `No successful import for more than ${2 * store.intervalMinutes} minutes` };
    }
    return { health: 'ok', reason: null };
  }
  if (store.lastRun === null) return { health: 'stale', reason: 'Never imported' };
  return { health: 'ok', reason: null };
}

const RUN_JSON = sql.raw(`json_build_object('id', r.id, 'status', r.status, 'trigger', r.trigger, 'source', r.source,
  'started_at', r.started_at, 'finished_at', r.finished_at, 'heartbeat_at', r.heartbeat_at, 'items_read', r.items_read,
  'created', r.created, 'updated', r.updated, 'unchanged', r.unchanged, 'error_count', r.error_count,
  'price_changes', r.price_changes, 'marked_out_of_stock', r.marked_out_of_stock, 'duration_ms', r.duration_ms,
  'message', r.message)`);

/** One run as the console lists it: by id, or the store's running one. */
export async function runBrief(db: Database, where: { runId: number } | { runningOfStore: number }): Promise<ImportRunBrief | null> {
  const rows = await queryRows<{ run: RunRow | string }>(
    db,
    'runId' in where
      ? sql`select ${RUN_JSON} as run from import_runs r where r.id = ${where.runId}`
      : sql`select ${RUN_JSON} as run from import_runs r where r.store_id = ${where.runningOfStore} and r.status = 'running'
            order by r.started_at desc limit 1`,
  );
  const row = rows[0]?.run;
  if (row === undefined) return null;
  return toRunBrief(typeof row === 'string' ? (JSON.parse(row) as RunRow) : row);
}

export async function listAdminStores(db: Database, options: { storeId?: number } = {}, now = new Date()): Promise<AdminStore[]> {
  const rows = await queryRows<StoreListRow>(
    db,
    sql`select s.id, s.slug, s.name, s.homepage, s.feed_url, s.feed_interval_minutes, s.affiliate_tag_template, s.paused_at,
          (select count(*)::int from offers o where o.store_id = s.id) as offer_count,
          (select ${RUN_JSON} from import_runs r where r.store_id = s.id and r.status <> 'running'
            order by r.started_at desc, r.id desc limit 1) as last_run,
          (select ${RUN_JSON} from import_runs r where r.store_id = s.id and r.status = 'running'
            order by r.started_at desc limit 1) as running_run,
          (select max(r.started_at) from import_runs r where r.store_id = s.id and r.status in ('succeeded', 'not_modified')) as last_success_at
        from stores s
        where ${options.storeId === undefined ? sql`true` : sql`s.id = ${options.storeId}`}
        order by lower(s.name), s.id`,
  );
  return rows.map((row) => {
    const parse = (value: RunRow | string | null): RunRow | null => (typeof value === 'string' ? (JSON.parse(value) as RunRow) : value);
    const lastRunRow = parse(row.last_run);
    const runningRow = parse(row.running_run);
    const lastRun = lastRunRow ? toRunBrief(lastRunRow) : null;
    // A 'running' run without a heartbeat for STALE_RUN_MS was interrupted: not live progress.
    const running = runningRow && now.getTime() - new Date(runningRow.heartbeat_at).getTime() < STALE_RUN_MS ? toRunBrief(runningRow) : null;
    const paused = row.paused_at !== null;
    const lastSuccessAt = row.last_success_at === null ? null : new Date(row.last_success_at);
    let nextRunAt: string | null = null;
    if (!paused && row.feed_url !== null && row.feed_interval_minutes !== null) {
      const lastStart = lastRun ? new Date(lastRun.startedAt).getTime() : null;
      nextRunAt = new Date(lastStart === null ? now.getTime() : lastStart + row.feed_interval_minutes * 60_000).toISOString();
    }
    const { health, reason } = storeHealth(
      { paused, feedUrl: row.feed_url, intervalMinutes: row.feed_interval_minutes, lastRun, lastSuccessAt },
      now,
    );
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      homepage: row.homepage,
      feedUrl: row.feed_url,
      feedIntervalMinutes: row.feed_interval_minutes,
      affiliateTagTemplate: row.affiliate_tag_template,
      paused,
      offerCount: row.offer_count,
      lastRun,
      running,
      nextRunAt,
      health,
      healthReason: reason,
    };
  });
}

/** "Croma Retail" → "croma-retail". */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'store'
  );
}
