/**
 * Click-outs are written in batches, off the request path: `/go/{offerId}` answers its redirect without waiting
 * for the database (the bench holds it to ≥ 80% of a bare redirect's throughput), and a flush writes the queued
 * clicks as one statement — every second, at 500 queued clicks, and when the app closes (a graceful shutdown loses
 * none; a crash loses at most the last second of clicks, never a redirect).
 *
 * A batch is one statement with one array per column (not 7 parameters a row: building and binding thousands of
 * parameters was a large share of a click's cost), and click_events has no foreign keys to check (schema.ts). A
 * click carries the store and product its offer had in the catalogue version it was read in; when that version is
 * no longer current at the flush (an operator merged or split products, a feed moved offers), the batch instead
 * reads each click's store and product from its offer as it is written, so a click queued meanwhile lands on the
 * product the offer now belongs to (a merged product that is gone resolves through its redirect).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';

export type Click = {
  offerId: number;
  storeId: number;
  productId: number;
  userId: number | null;
  sourcePage: string;
  ipHash: string | null;
  /** When it was clicked, in milliseconds since the epoch. */
  clickedAtMs: number;
  /** The catalogue version in which the offer's store and product were read. */
  catalogueVersion: number;
};

type Logger = { error: (obj: object, msg?: string) => void };

const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT = 500;
/** If the database is down, clicks beyond this are dropped (counted in the log) rather than eating memory. */
const MAX_QUEUED = 50_000;

/** A PostgreSQL array literal of these values (text elements quoted), for one `unnest` column. */
function arrayLiteral(values: (string | number | null)[]): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"`,
  );
  return `{${items.join(',')}}`;
}

function insertClicks(db: Database, batch: Click[], catalogueUnchanged: boolean) {
  const columns = sql`${arrayLiteral(batch.map((click) => click.clickedAtMs))}::float8[],
    ${arrayLiteral(batch.map((click) => click.offerId))}::int[], ${arrayLiteral(batch.map((click) => click.storeId))}::int[],
    ${arrayLiteral(batch.map((click) => click.productId))}::int[], ${arrayLiteral(batch.map((click) => click.userId))}::int[],
    ${arrayLiteral(batch.map((click) => click.sourcePage))}::text[], ${arrayLiteral(batch.map((click) => click.ipHash))}::text[]`;
  if (catalogueUnchanged) {
    return db.execute(sql`insert into click_events (clicked_at, offer_id, store_id, product_id, user_id, source_page, ip_hash)
      select to_timestamp(x.at / 1000), x.offer, x.store, x.product, x."user", x.page, x.ip
      from unnest(${columns}) as x(at, offer, store, product, "user", page, ip)`);
  }
  return db.execute(sql`insert into click_events (clicked_at, offer_id, store_id, product_id, user_id, source_page, ip_hash)
    select to_timestamp(x.at / 1000), o.id, coalesce(o.store_id, x.store), coalesce(o.product_id, r.to_product_id, x.product), x."user", x.page, x.ip
    from unnest(${columns}) as x(at, offer, store, product, "user", page, ip)
    left join offers o on o.id = x.offer
    left join product_redirects r on r.from_product_id = x.product`);
}

export class ClickLog {
  private queue: Click[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    /** The catalogue version this instance serves now (app.catalogue.version). */
    private readonly catalogueVersion: () => number,
  ) {}

  record(click: Click): void {
    if (this.queue.length >= MAX_QUEUED) {
      this.dropped += 1;
      return;
    }
    this.queue.push(click);
    if (this.queue.length >= FLUSH_AT || this.closed) void this.flush();
    else if (this.timer === null) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Writes every queued click; resolves when they are stored (tests and shutdown await it). */
  flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.queue;
    this.queue = [];
    const previous = this.flushing;
    this.flushing = (async () => {
      await previous;
      if (this.dropped > 0) {
        this.log.error({ dropped: this.dropped }, 'click-outs dropped: the click queue was full');
        this.dropped = 0;
      }
      if (batch.length === 0) return;
      const version = this.catalogueVersion();
      try {
        await insertClicks(this.db, batch, batch.every((click) => click.catalogueVersion === version));
      } catch (error) {
        if (batch.length === 1) {
          this.log.error({ err: error, offerId: batch[0]?.offerId }, 'could not record a click-out');
          return;
        }
        // One bad row (a user deleted meanwhile, a race with a merge) must not cost the others: one by one.
        this.log.error({ err: error, clicks: batch.length }, 'click batch insert failed; rows retried one by one');
        for (const click of batch) {
          try {
            await insertClicks(this.db, [click], false);
          } catch (rowError) {
            this.log.error({ err: rowError, offerId: click.offerId }, 'could not record a click-out');
          }
        }
      }
    })();
    return this.flushing;
  }

  /** The app is closing: write what is queued (and anything recorded from now on, at once). */
  close(): Promise<void> {
    this.closed = true;
    return this.flush();
  }
}
/**
 * No raw address is stored: the network (IPv4 /24, IPv6 /48) is hashed with a key that is random per process
 * and replaced every day, so one day's clicks from one network can be grouped (click floods) but no address
 * can be recovered or followed across days.
 */
export class IpHasher {
  private day = '';
  private dayEndsAt = 0;
  private key = randomBytes(32);
  /** This day's hashes by address: a busy client's clicks cost one HMAC a day, not one each. */
  private hashes = new Map<string, string>();

  hash(ip: string | undefined): string | null {
    if (!ip) return null;
    const now = Date.now();
    if (now >= this.dayEndsAt) {
      const today = new Date(now).toISOString().slice(0, 10);
      if (today !== this.day) {
        this.day = today;
        this.key = randomBytes(32);
        this.hashes.clear();
      }
      this.dayEndsAt = Date.parse(`${today}T00:00:00Z`) + 86_400_000;
    }
    let hash = this.hashes.get(ip);
    if (hash === undefined) {
      hash = createHmac('sha256', this.key).update(networkOf(ip)).digest('base64url').slice(0, 22);
      if (this.hashes.size >= 10_000) this.hashes.clear();
      this.hashes.set(ip, hash);
    }
    return hash;
  }
}

export function networkOf(ip: string): string {
  const mapped = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const version = isIP(mapped);
  if (version === 4) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (version === 6) {
    const [head = ''] = mapped.split('::');
    const groups = mapped.includes('::') ? head.split(':').filter(Boolean) : mapped.split(':');
    return `${[...groups, '0', '0', '0'].slice(0, 3).join(':')}::/48`;
  }
  return 'unknown';
}
