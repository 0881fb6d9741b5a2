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
import type { Database } from '@/server/db/client';
import { openFeed, parseFeed } from './detect-format';
import type { FeedInput } from './decode-text';
import { FeedFormatError, FeedSourceError } from './feed-errors';
import { type FeedItem, type FeedRowError, gtinKey } from './feed-item';
import { ensureDefaultCategoryMappings, normalizeCategoryPath } from './category-mapping';
import { baseTitle, slugStem, variantLabel } from './item-naming';
import { queryOne, queryRows } from './sql-rows';
import type { StoreRow } from './store-repository';

type Executor = Pick<Database, 'execute'>;

export type ImportLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type FeedSource = string | { input: FeedInput; name: string };

export type ImportOptions = {
  store: Pick<StoreRow, 'id' | 'slug'>;
  source: FeedSource;
  /** A partial (delta) feed leaves items it does not mention alone; a full feed marks them out of stock. */
  partial?: boolean;
  trigger?: 'cli' | 'schedule';
  /** Items per staging insert. */
  batchSize?: number;
  /** How many row errors are kept with the run (all are counted). */
  maxReportedErrors?: number;
  logger?: ImportLogger;
  signal?: AbortSignal;
};

export type ImportSummary = {
  runId: number;
  store: string;
  source: string;
  status: 'succeeded' | 'failed';
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
/** A 'running' run whose heartbeat is older than this was interrupted (a killed process). */
export const STALE_RUN_MS = 15 * 60_000;
/** Imports of different stores stage in parallel; their apply phases take turns. */
const APPLY_LOCK_KEY = 7_214_203_313;

const stageTable = (runId: number) => sql.raw(`feed_stage_${Math.trunc(runId)}`);

type StageRow = {
  position: number;
  line: number | null;
  item_id: string;
  title: string;
  base_title: string;
  slug_stem: string;
  description: string;
  link: string;
  image_link: string;
  gallery: string[];
  in_stock: boolean;
  price: string;
  sale_price: string | null;
  brand: string | null;
  gtin: string | null;
  gtin_key: string | null;
  mpn: string | null;
  group_id: string | null;
  variant: string | null;
  product_type: string | null;
  gpc: string | null;
  shipping_cost: string | null;
};

export function stageRow(position: number, item: FeedItem): StageRow {
  const base = item.itemGroupId === null ? item.title : baseTitle(item.title, item.color, item.size);
  return {
    position,
    line: null,
    item_id: item.id,
    title: item.title,
    base_title: base,
    slug_stem: slugStem(base),
    description: item.description,
    link: item.link,
    image_link: item.imageLink,
    gallery: [item.imageLink, ...item.additionalImageLinks],
    in_stock: item.inStock,
    price: item.price,
    sale_price: item.salePrice,
    brand: item.brand,
    gtin: item.gtin,
    gtin_key: item.gtin === null ? null : gtinKey(item.gtin),
    mpn: item.mpn,
    group_id: item.itemGroupId,
    variant: variantLabel(item),
    product_type: normalizeCategoryPath(item.productType),
    gpc: normalizeCategoryPath(item.googleProductCategory),
    shipping_cost: item.shippingCost,
  };
}

const sourceName = (source: FeedSource) => (typeof source === 'string' ? source : source.name);

export async function importFeed(db: Database, options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const maxErrors = options.maxReportedErrors ?? DEFAULT_MAX_ERRORS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const full = !options.partial;
  const store = options.store;
  const source = sourceName(options.source);
  const log = options.logger;

  await ensureDefaultCategoryMappings(db);
  const runId = await claimRun(db, { storeId: store.id, storeSlug: store.slug, source, trigger: options.trigger ?? 'cli', partial: !full });
  const table = stageTable(runId);

  let itemsRead = 0;
  let parseErrorCount = 0;
  const parseErrors: FeedRowError[] = [];
  const finish = () => Math.round(performance.now() - started);

  try {
    await db.execute(sql`create unlogged table ${table} (
      position integer not null,
      line integer,
      item_id text not null,
      title text not null,
      base_title text not null,
      slug_stem text not null,
      description text not null,
      link text not null,
      image_link text not null,
      gallery jsonb not null,
      in_stock boolean not null,
      price numeric(12, 2) not null,
      sale_price numeric(12, 2),
      brand text,
      gtin text,
      gtin_key text,
      mpn text,
      group_id text,
      variant text,
      product_type text,
      gpc text,
      shipping_cost numeric(10, 2)
    )`);

    // Stage: parse batch n+1 while batch n is written.
    const records = typeof options.source === 'string'
      ? openFeed(options.source, options.signal ? { signal: options.signal } : {})
      : parseFeed(options.source.input, { fileName: options.source.name });
    let batch: StageRow[] = [];
    let pending: Promise<unknown> = Promise.resolve();
    let batches = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = batch;
      batch = [];
      await pending;
      batches += 1;
      const heartbeat = batches % 20 === 0;
      const read = itemsRead;
      pending = (async () => {
        await db.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json)`);
        if (heartbeat) await db.execute(sql`update import_runs set heartbeat_at = now(), items_read = ${read} where id = ${runId}`);
      })();
      // Observed by the next flush or after the loop; never an unhandled rejection meanwhile.
      pending.catch(() => {});
    };
    for await (const record of records) {
      itemsRead += 1;
      if (record.ok) {
        batch.push(stageRow(record.position, record.item));
        if (batch.length >= batchSize) await flush();
      } else {
        parseErrorCount += 1;
        if (parseErrors.length < maxErrors) parseErrors.push(record.error);
      }
    }
    await flush();
    await pending;

    const applied = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK_KEY})`);
      const result = await applyStage(tx, { storeId: store.id, table, full, maxErrors });
      const errors = mergeErrors(parseErrors, result.errors, maxErrors);
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
      };
      await tx.execute(sql`update import_runs set
          status = 'succeeded', finished_at = now(), heartbeat_at = now(),
          items_read = ${summary.itemsRead}, created = ${summary.created}, updated = ${summary.updated},
          unchanged = ${summary.unchanged}, price_changes = ${summary.priceChanges},
          marked_out_of_stock = ${summary.markedOutOfStock}, products_created = ${summary.productsCreated},
          error_count = ${summary.errorCount}, errors = ${JSON.stringify(summary.errors)}::jsonb,
          duration_ms = ${summary.durationMs}
        where id = ${runId}`);
      return summary;
    });
    await dropStage(db, runId);
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
      errors: parseErrors,
      durationMs: finish(),
      message,
      changedProducts: 0,
    };
    try {
      await dropStage(db, runId);
      await db.execute(sql`update import_runs set
          status = 'failed', finished_at = now(), heartbeat_at = now(), message = ${message},
          items_read = ${itemsRead}, error_count = ${parseErrorCount}, errors = ${JSON.stringify(parseErrors)}::jsonb,
          duration_ms = ${summary.durationMs}
        where id = ${runId}`);
    } catch (recordError) {
      log?.error({ err: recordError, runId }, 'could not record the failed feed import');
    }
    log?.error({ runId, store: store.slug, source, itemsRead, durationMs: summary.durationMs, message }, 'feed import failed; nothing was changed');
    throw new ImportFailedError(message, summary, { cause: error });
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

type ErrorRow = { total: number; position: number; line: number | null; item_id: string; reason: string };

function toRowErrors(rows: ErrorRow[]): FeedRowError[] {
  return rows.map((row) => {
    const error: FeedRowError = { position: row.position, id: row.item_id, reason: row.reason };
    if (row.line !== null) error.line = row.line;
    return error;
  });
}

async function applyStage(tx: Executor, ctx: { storeId: number; table: SQL; full: boolean; maxErrors: number }): Promise<ApplyResult> {
  const { storeId, table, maxErrors } = ctx;
  const run = (query: SQL) => tx.execute(query);
  const count = async (query: SQL) => (await queryOne<{ n: number }>(tx, query))?.n ?? 0;

  // A store listing one id twice: the later row wins, the earlier is reported.
  const duplicates = await queryRows<ErrorRow>(
    tx,
    sql`with keep as (
          select item_id, max(position) as position from ${table} group by item_id having count(*) > 1
        ), removed as (
          delete from ${table} s using keep k
          where s.item_id = k.item_id and s.position < k.position
          returning s.position, s.line, s.item_id, k.position as kept
        )
        select (count(*) over ())::int as total, position, line, item_id,
          'duplicate id: item ' || kept || ' has the same id and is imported instead' as reason
        from removed order by position limit ${maxErrors}`,
  );

  const staged = await count(sql`select count(*)::int as n from ${table}`);

  // Items that are new at this store or differ from what its feed said last time.
  await run(sql`create temp table feed_delta on commit drop as
    select s.*, fi.id as fi_id, fi.product_id as old_product_id,
      (case when fi.id is not null
              and fi.gtin_key is not distinct from s.gtin_key
              and lower(fi.brand) is not distinct from lower(s.brand)
              and lower(fi.mpn) is not distinct from lower(s.mpn)
              and fi.group_id is not distinct from s.group_id
            then fi.product_id end)::int as product_id
    from ${table} s
    left join feed_items fi on fi.store_id = ${storeId} and fi.item_id = s.item_id
    where fi.id is null
      or (fi.title, fi.link, fi.image_link, fi.price, fi.sale_price, fi.in_stock, fi.shipping_cost,
          fi.gtin_key, fi.brand, fi.mpn, fi.group_id, fi.variant)
         is distinct from
         (s.title, s.link, s.image_link, s.price, s.sale_price, s.in_stock, s.shipping_cost,
          s.gtin_key, s.brand, s.mpn, s.group_id, s.variant)`);
  const deltaCount = await count(sql`select count(*)::int as n from feed_delta`);

  // 1. GTIN (any store's items, and catalogue products by their GTIN-8/12/13/14 spelling).
  await run(sql`update feed_delta d set product_id = g.pid
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
    where d.product_id is null and d.gtin_key = g.k`);

  // 2. Brand + MPN, case-insensitive.
  await run(sql`update feed_delta d set product_id = g.pid
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
      and lower(d.brand) = g.b and lower(d.mpn) = g.m`);

  // 3. The store's own id, seen before in its feed or on an offer.
  await run(sql`update feed_delta set product_id = old_product_id where product_id is null and old_product_id is not null`);
  await run(sql`update feed_delta d set product_id = o.product_id
    from offers o
    where d.product_id is null and o.store_id = ${storeId} and o.store_item_id = d.item_id`);

  // 4. Variants stay together: the rest of a group joins the product its group already has.
  await run(sql`update feed_delta d set product_id = g.pid
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
    where d.product_id is null and d.group_id = g.group_id and g.pid is not null`);

  // 5. New products, one per group / GTIN / brand + MPN / item, in a mapped category.
  await run(sql`create temp table feed_new on commit drop as
    select k, position, category, subcategory, sub_subcategory,
      nextval(pg_get_serial_sequence('products', 'id'))::int as id
    from (
      select distinct on (k) k, position, category, subcategory, sub_subcategory
      from (
        select ${NEW_PRODUCT_KEY} as k, d.position,
          coalesce(pt.category, gc.category) as category,
          case when pt.source is not null then pt.subcategory else gc.subcategory end as subcategory,
          case when pt.source is not null then pt.sub_subcategory else gc.sub_subcategory end as sub_subcategory
        from feed_delta d
        left join category_mappings pt on pt.source = d.product_type
        left join category_mappings gc on gc.source = d.gpc
        where d.product_id is null
      ) x
      where category is not null
      order by k, position
    ) r`);

  const unmapped = await queryRows<ErrorRow>(
    tx,
    sql`with removed as (
          delete from feed_delta d
          where d.product_id is null and not exists (select 1 from feed_new n where n.k = ${NEW_PRODUCT_KEY})
          returning d.position, d.line, d.item_id, d.product_type, d.gpc
        )
        select (count(*) over ())::int as total, position, line, item_id,
          'unmapped category: ' || case
            when product_type is null and gpc is null then 'the item has no product_type or google_product_category'
            when product_type is not null and gpc is not null
              then 'neither product_type ''' || product_type || ''' nor google_product_category ''' || gpc || ''' is mapped to a catalogue category'
            else coalesce('product_type ''' || product_type || '''', 'google_product_category ''' || gpc || '''')
              || ' is not mapped to a catalogue category' end as reason
        from removed order by position limit ${maxErrors}`,
  );

  const productsCreated = await count(sql`with ins as (
      insert into products (id, slug, name, brand, model, category, subcategory, sub_subcategory,
        description, image, image_gallery, gtin, mpn)
      select n.id, d.slug_stem || '-' || n.id, d.base_title, coalesce(d.brand, ''), coalesce(d.mpn, ''),
        n.category, n.subcategory, n.sub_subcategory, d.description, d.image_link, d.gallery, d.gtin, d.mpn
      from feed_new n join feed_delta d on d.position = n.position
      returning 1
    ) select count(*)::int as n from ins`);
  await run(sql`update feed_delta d set product_id = n.id from feed_new n where d.product_id is null and n.k = ${NEW_PRODUCT_KEY}`);

  const counts = await queryOne<{ created: number; updated: number }>(
    tx,
    sql`select (count(*) filter (where fi_id is null))::int as created, (count(*) filter (where fi_id is not null))::int as updated from feed_delta`,
  );

  await run(sql`insert into feed_items (store_id, item_id, product_id, group_id, variant, title, link, image_link,
      price, sale_price, current_price, in_stock, shipping_cost, gtin_key, brand, mpn)
    select ${storeId}, item_id, product_id, group_id, variant, title, link, image_link,
      price, sale_price, coalesce(sale_price, price), in_stock, shipping_cost, gtin_key, brand, mpn
    from feed_delta
    on conflict (store_id, item_id) do update set
      product_id = excluded.product_id, group_id = excluded.group_id, variant = excluded.variant,
      title = excluded.title, link = excluded.link, image_link = excluded.image_link, price = excluded.price,
      sale_price = excluded.sale_price, current_price = excluded.current_price, in_stock = excluded.in_stock,
      shipping_cost = excluded.shipping_cost, gtin_key = excluded.gtin_key, brand = excluded.brand,
      mpn = excluded.mpn, updated_at = now()`);

  // Products whose offer at this store may change.
  await run(sql`create temp table feed_touched (product_id integer primary key) on commit drop`);
  await run(sql`insert into feed_touched
    select product_id from feed_delta union select old_product_id from feed_delta where old_product_id is not null`);

  let markedOutOfStock = 0;
  if (ctx.full) {
    markedOutOfStock += await count(sql`with gone as (
        update feed_items fi set in_stock = false, updated_at = now()
        where fi.store_id = ${storeId} and fi.in_stock
          and not exists (select 1 from ${table} s where s.item_id = fi.item_id)
        returning fi.product_id
      ), touched as (
        insert into feed_touched select distinct product_id from gone on conflict do nothing
      )
      select count(*)::int as n from gone`);
  }

  // The store's offer for each touched product: its cheapest in-stock item (the cheapest item when none is).
  await run(sql`create temp table feed_changed (product_id integer not null) on commit drop`);
  const priceChanges = await count(sql`with agg as (
      select distinct on (fi.product_id) fi.product_id, fi.item_id, fi.current_price,
        greatest(fi.price, fi.current_price) as original_price, fi.in_stock, fi.link, fi.shipping_cost
      from feed_items fi
      where fi.store_id = ${storeId} and fi.product_id in (select product_id from feed_touched)
      order by fi.product_id, fi.in_stock desc, fi.current_price asc, fi.id asc
    ), old as (
      select o.id, o.current_price from offers o
      where o.store_id = ${storeId} and o.product_id in (select product_id from agg)
    ), up as (
      insert into offers (product_id, store_id, store_item_id, current_price, original_price, in_stock,
        stock_quantity, affiliate_url, free_shipping, shipping_cost, updated_at)
      select a.product_id, ${storeId},
        case when exists (select 1 from offers x where x.store_id = ${storeId} and x.store_item_id = a.item_id)
          then null else a.item_id end,
        a.current_price, a.original_price, a.in_stock, 0, a.link, coalesce(a.shipping_cost = 0, false), a.shipping_cost, now()
      from agg a
      on conflict (product_id, store_id) do update set
        current_price = excluded.current_price, original_price = excluded.original_price, in_stock = excluded.in_stock,
        affiliate_url = excluded.affiliate_url, free_shipping = excluded.free_shipping,
        shipping_cost = excluded.shipping_cost, updated_at = now()
      where (offers.current_price, offers.original_price, offers.in_stock, offers.affiliate_url, offers.free_shipping, offers.shipping_cost)
        is distinct from (excluded.current_price, excluded.original_price, excluded.in_stock, excluded.affiliate_url,
          excluded.free_shipping, excluded.shipping_cost)
      returning id, product_id, current_price
    ), history as (
      insert into price_history (offer_id, price)
      select up.id, up.current_price from up left join old on old.id = up.id
      where old.id is null or old.current_price <> up.current_price
      returning offer_id
    ), changed as (
      insert into feed_changed (product_id) select product_id from up
    )
    select (count(*) filter (where h.offer_id in (select id from old)))::int as n from history h`);

  // Offers of this store that no feed item backs any more (the full feed no longer lists the product).
  markedOutOfStock += await count(sql`with gone as (
      update offers o set in_stock = false, updated_at = now()
      where o.store_id = ${storeId} and o.in_stock
        and (${sql.raw(ctx.full ? 'true' : 'false')} or o.product_id in (select product_id from feed_touched))
        and not exists (select 1 from feed_items fi where fi.store_id = ${storeId} and fi.product_id = o.product_id)
      returning o.product_id
    ), changed as (
      insert into feed_changed (product_id) select product_id from gone
    )
    select count(*)::int as n from gone`);

  // Variant lists of grouped products: each variant at its cheapest price across stores.
  await run(sql`update products p set variants = v.variants
    from (
      select product_id, jsonb_agg(jsonb_build_object(
          'id', vid, 'name', variant, 'price', current_price::text, 'originalPrice', original_price::text) order by vid) as variants
      from (
        select distinct on (fi.product_id, fi.variant) fi.product_id, fi.variant,
          min(fi.id) over (partition by fi.product_id, fi.variant) as vid,
          fi.current_price, greatest(fi.price, fi.current_price) as original_price
        from feed_items fi
        where fi.product_id in (select product_id from feed_touched) and fi.variant is not null
        order by fi.product_id, fi.variant, fi.in_stock desc, fi.current_price asc, fi.id asc
      ) x
      group by product_id
    ) v
    where p.id = v.product_id and p.variants is distinct from v.variants`);

  const changedProducts = await count(sql`select count(distinct product_id)::int as n from feed_changed`);
  await refreshBestOffersOf(tx, sql`select distinct product_id from feed_changed`);

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
    changedProducts,
  };
}

/**
 * refreshBestOffers (src/server/db/refresh-best-offers.ts) for the products a subquery names, with the same
 * rule and expressions, but joined instead of spelled out as an id list (an import may touch a million
 * products) and skipping products whose denormalised columns would not change. feeds-import.test.ts checks
 * that a full refreshBestOffers afterwards finds nothing to change.
 */
export async function refreshBestOffersOf(tx: Executor, productIds: SQL): Promise<void> {
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
    next as (
      select p.id, best.id as best_offer_id, best.current_price, best.original_price,
        (case
          when best.original_price > best.current_price and best.original_price > 0
            then round((best.original_price - best.current_price) / best.original_price * 100)
          else 0 end)::smallint as discount,
        best.in_stock,
        lower(concat_ws(' ', p.name, p.brand, p.model,
          replace(p.category, '-', ' '), replace(coalesce(p.subcategory, ''), '-', ' '),
          replace(coalesce(p.sub_subcategory, ''), '-', ' '), store_names.names)) as search_text
      from best
      join products p on p.id = best.product_id
      left join store_names on store_names.product_id = best.product_id
    )
    update products p set
      best_offer_id = next.best_offer_id,
      current_price = next.current_price,
      original_price = next.original_price,
      discount = next.discount,
      in_stock = next.in_stock,
      search_text = next.search_text,
      updated_at = now()
    from next
    where p.id = next.id
      and (p.best_offer_id, p.current_price, p.original_price, p.discount, p.in_stock, p.search_text)
        is distinct from (next.best_offer_id, next.current_price, next.original_price, next.discount, next.in_stock, next.search_text)`);
}
