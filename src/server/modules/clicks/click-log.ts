/**
 * Click-outs are written in batches: `/go/{offerId}` answers its redirect without waiting for the database
 * (the bench holds it to ≥ 80% of a bare redirect's throughput), and a flush writes the queued clicks as one
 * multi-row insert — every second, at 500 queued clicks, and when the app closes. A crash loses at most the
 * last second of clicks, never a redirect.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Database } from '@/server/db/client';
import { clickEvents } from '@/server/db/schema';

export type Click = {
  offerId: number;
  storeId: number;
  productId: number;
  userId: number | null;
  sourcePage: string;
  ipHash: string | null;
  clickedAt: Date;
};

type Logger = { error: (obj: object, msg?: string) => void };

const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT = 500;
/** If the database is down, clicks beyond this are dropped (counted in the log) rather than eating memory. */
const MAX_QUEUED = 50_000;

export class ClickLog {
  private queue: Click[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {}

  record(click: Click): void {
    if (this.queue.length >= MAX_QUEUED) {
      this.dropped += 1;
      return;
    }
    this.queue.push(click);
    if (this.queue.length >= FLUSH_AT) void this.flush();
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
      try {
        await this.db.insert(clickEvents).values(batch);
      } catch (error) {
        // A store or offer deleted meanwhile fails the batch: write the rest one by one.
        for (const click of batch) {
          try {
            await this.db.insert(clickEvents).values(click);
          } catch (rowError) {
            this.log.error({ err: rowError, offerId: click.offerId }, 'could not record a click-out');
          }
        }
        if (batch.length === 1) return;
        this.log.error({ err: error, clicks: batch.length }, 'click batch insert failed; rows retried one by one');
      }
    })();
    return this.flushing;
  }
}

/**
 * No raw address is stored: the network (IPv4 /24, IPv6 /48) is hashed with a key that is random per process
 * and replaced every day, so one day's clicks from one network can be grouped (click floods) but no address
 * can be recovered or followed across days.
 */
export class IpHasher {
  private day = '';
  private key = randomBytes(32);

  hash(ip: string | undefined): string | null {
    if (!ip) return null;
    const today = new Date().toISOString().slice(0, 10);
    if (today !== this.day) {
      this.day = today;
      this.key = randomBytes(32);
    }
    return createHmac('sha256', this.key).update(networkOf(ip)).digest('base64url').slice(0, 22);
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
