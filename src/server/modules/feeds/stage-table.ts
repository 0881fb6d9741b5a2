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
import { feedItemAttributes, type StagedAttribute } from './feed-attributes';
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
  ['attributes', 'jsonb not null'],
] as const;

type ColumnName = (typeof COLUMNS)[number][0];
export type StageRow = { [K in ColumnName]: K extends 'position' ? number : K extends 'in_stock' ? boolean : K extends 'gallery' ? string[] : K extends 'attributes' ? StagedAttribute[] : string | null };

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
    attributes: feedItemAttributes(item),
  };
}

const COPY_ESCAPE = /[\\\t\n\r]/;
function copyText(value: string): string {
  return COPY_ESCAPE.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value;
}

/**
 * Rows in COPY's text format, encoded into one buffer as they come: holding a batch of row objects (or a rope
 * of strings) until it is full kept the garbage collector busier than the parser.
 */
class CopyEncoder {
  private buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
  private offset = 0;

  private reserve(bytes: number) {
    if (this.offset + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes));
    this.buffer.copy(grown, 0, 0, this.offset);
    this.buffer = grown;
  }

  private text(value: string) {
    this.reserve(value.length * 3);
    this.offset += this.buffer.write(value, this.offset, 'utf8');
  }

  add(row: StageRow) {
    this.reserve(COLUMNS.length * 3);
    for (let i = 0; i < COLUMNS.length; i++) {
      if (i > 0) this.buffer[this.offset++] = 0x09;
      const value = row[(COLUMNS[i] as (typeof COLUMNS)[number])[0]];
      if (value === null) {
        this.buffer[this.offset++] = 0x5c; // \N
        this.buffer[this.offset++] = 0x4e;
      } else if (typeof value === 'string') this.text(copyText(value));
      else if (typeof value === 'boolean') this.buffer[this.offset++] = value ? 0x74 : 0x66;
      else if (typeof value === 'number') this.text(String(value));
      else this.text(copyText(JSON.stringify(value)));
    }
    this.reserve(1);
    this.buffer[this.offset++] = 0x0a;
  }

  /** The rows so far, in a buffer of their own (a worker transfers it); the encoder starts over. */
  take(): Uint8Array {
    const rows = Uint8Array.prototype.slice.call(this.buffer, 0, this.offset);
    this.offset = 0;
    return rows;
  }
}

class JsonEncoder {
  private rows: string[] = [];
  add(row: StageRow) {
    this.rows.push(JSON.stringify(row));
  }
  take(): string {
    const json = `[${this.rows.join(',')}]`;
    this.rows = [];
    return json;
  }
}

/** Collects staging rows into a payload for the writer: one buffer or string, cheap to pass from a worker. */
export type StageEncoder = { add(row: StageRow): void; take(): StagePayload };

export const stageEncoder = (encoding: StageEncoding): StageEncoder => (encoding === 'copy' ? new CopyEncoder() : new JsonEncoder());

type CopyClient = (strings: TemplateStringsArray, ...values: unknown[]) => { writable: () => Promise<Writable> };

/** The postgres-js client under a drizzle database, when it is one (PGlite has no COPY FROM STDIN). */
function copyClient(db: Database): CopyClient | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return typeof client === 'function' && typeof (client as { unsafe?: unknown }).unsafe === 'function' ? (client as CopyClient) : null;
}

/** How a batch travels to the staging table: COPY text on PostgreSQL, a JSON array on PGlite. */
export type StageEncoding = 'copy' | 'json';
export type StagePayload = Uint8Array | string;

export const stageEncoding = (db: Database): StageEncoding => (copyClient(db) ? 'copy' : 'json');

export type StageWriter = (payload: StagePayload) => Promise<void>;

export function stageWriter(db: Database, runId: number): StageWriter {
  const table = stageTable(runId);
  const client = copyClient(db);
  if (client) {
    const statement = `copy feed_stage_${Math.trunc(runId)} (${COLUMNS.map(([name]) => name).join(', ')}) from stdin`;
    const strings = Object.assign([statement], { raw: [statement] }) as unknown as TemplateStringsArray;
    return async (payload) => {
      const stream = await client(strings).writable();
      stream.end(typeof payload === 'string' ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength));
      await finished(stream);
    };
  }
  return async (payload) => {
    const json = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
    await db.execute(sql`insert into ${table} select * from json_populate_recordset(null::${table}, ${json}::json)`);
  };
}
