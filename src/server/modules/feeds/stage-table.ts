/**
 * The staging table of one import run: an UNLOGGED table `feed_stage_<run>` holding the feed's valid items
 * as parsed, written a batch at a time (COPY on PostgreSQL, a JSON batch on PGlite) and dropped when the
 * run ends. Only the apply transaction turns it into catalogue rows.
 */
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { normalizeCategoryPath } from './category-mapping';
import { type FeedItem, gtinKey } from './feed-item';
import { baseTitle, variantLabel } from './item-naming';

export const stageTable = (runId: number): SQL => sql.raw(`feed_stage_${Math.trunc(runId)}`);

/** Column order is the COPY order. */
const COLUMNS = [
  ['position', 'integer not null'],
  ['item_id', 'text not null'],
  ['title', 'text not null'],
  ['base_title', 'text not null'],
  ['description', 'text not null'],
  ['link', 'text not null'],
  ['image_link', 'text not null'],
  ['gallery', 'jsonb not null'],
  ['in_stock', 'boolean not null'],
  ['price', 'numeric(12, 2) not null'],
  ['sale_price', 'numeric(12, 2)'],
  ['brand', 'text'],
  ['gtin', 'text'],
  ['gtin_key', 'text'],
  ['mpn', 'text'],
  ['group_id', 'text'],
  ['variant', 'text'],
  ['product_type', 'text'],
  ['gpc', 'text'],
  ['shipping_cost', 'numeric(10, 2)'],
] as const;

type ColumnName = (typeof COLUMNS)[number][0];
export type StageRow = { [K in ColumnName]: K extends 'position' ? number : K extends 'in_stock' ? boolean : K extends 'gallery' ? string[] : string | null };

export async function createStageTable(db: Pick<Database, 'execute'>, runId: number): Promise<void> {
  const columns = COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
  await db.execute(sql`create unlogged table ${stageTable(runId)} (${sql.raw(columns)})`);
}

// Category paths repeat across a feed: normalise each distinct one once (bounded, a feed could be hostile).
const categoryCache = new Map<string, string | null>();
function categoryKey(path: string | readonly string[] | null): string | null {
  if (path === null) return null;
  const raw = typeof path === 'string' ? path : path.join('>');
  const cached = categoryCache.get(raw);
  if (cached !== undefined) return cached;
  const key = normalizeCategoryPath(path);
  if (categoryCache.size < 10_000) categoryCache.set(raw, key);
  return key;
}

export function stageRow(position: number, item: FeedItem): StageRow {
  return {
    position,
    item_id: item.id,
    title: item.title,
    base_title: item.itemGroupId === null ? item.title : baseTitle(item.title, item.color, item.size),
    description: item.description,
    link: item.link,
    image_link: item.imageLink,
    gallery: item.additionalImageLinks.length === 0 ? [item.imageLink] : [item.imageLink, ...item.additionalImageLinks],
    in_stock: item.inStock,
    price: item.price,
    sale_price: item.salePrice,
    brand: item.brand,
    gtin: item.gtin,
    gtin_key: item.gtin === null ? null : gtinKey(item.gtin),
    mpn: item.mpn,
    group_id: item.itemGroupId,
    variant: variantLabel(item),
    product_type: item.productType.length === 0 ? null : categoryKey(item.productType),
    gpc: categoryKey(item.googleProductCategory),
    shipping_cost: item.shippingCost,
  };
}

const COPY_ESCAPE = /[\\\t\n\r]/;
function copyText(value: string): string {
  return COPY_ESCAPE.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}

/** One row in COPY's text format. */
function copyLine(row: StageRow): string {
  let line = '';
  for (let i = 0; i < COLUMNS.length; i++) {
    const value = row[(COLUMNS[i] as (typeof COLUMNS)[number])[0]];
    const text =
      value === null
        ? '\\N'
        : typeof value === 'string'
          ? copyText(value)
          : typeof value === 'boolean'
            ? value
              ? 't'
              : 'f'
            : typeof value === 'number'
              ? String(value)
              : copyText(JSON.stringify(value));
    line += i === 0 ? text : `\t${text}`;
  }
  return `${line}\n`;
}

type CopyClient = (strings: TemplateStringsArray, ...values: unknown[]) => { writable: () => Promise<Writable> };

/** The postgres-js client under a drizzle database, when it is one (PGlite has no COPY FROM STDIN). */
function copyClient(db: Database): CopyClient | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return typeof client === 'function' && typeof (client as { unsafe?: unknown }).unsafe === 'function' ? (client as CopyClient) : null;
}

export type StageWriter = (rows: StageRow[]) => Promise<void>;

export function stageWriter(db: Database, runId: number): StageWriter {
  const table = stageTable(runId);
  const client = copyClient(db);
  if (client) {
    const statement = `copy feed_stage_${Math.trunc(runId)} (${COLUMNS.map(([name]) => name).join(', ')}) from stdin`;
    const strings = Object.assign([statement], { raw: [statement] }) as unknown as TemplateStringsArray;
    return async (rows) => {
      const stream = await client(strings).writable();
      let text = '';
      for (const row of rows) text += copyLine(row);
      stream.end(text);
      await finished(stream);
    };
  }
  return async (rows) => {
    await db.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json)`);
  };
}
