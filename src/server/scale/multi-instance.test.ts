/**
 * Two real server processes on one PostgreSQL and one Redis, as behind a load balancer:
 * - with the feed schedule on in both, each due store is imported exactly once per interval (two intervals);
 * - a price drop that triggers 50 alerts sends exactly 50 e-mails (counted at a real SMTP server), even though
 *   one instance is killed with SIGKILL in the middle of the delivery;
 * - a sign-in lockout reached through instance 1 holds on instance 2;
 * - SIGTERM stops the surviving instance cleanly (exit 0).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { queryRows } from '@/server/modules/feeds/sql-rows';
import { insertProduct } from '@/server/test/fixtures';
import { REDIS_URL, type ServerProcess, scratchDatabase, startServer, startSmtp, waitUntil } from '@/server/test/server-process';

const ALERTS = 50;
const prefix = `i13:multi:${randomBytes(4).toString('hex')}:`;
const feedDir = mkdtempSync(path.join(tmpdir(), 'bachat-feeds-'));

let pg: Awaited<ReturnType<typeof scratchDatabase>>;
let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let one: ServerProcess;
let two: ServerProcess;
const storeIds: Record<string, number> = {};

const HEADER = ['id', 'title', 'description', 'link', 'image link', 'availability', 'price', 'brand', 'product type'].join('\t');
function writeFeed(file: string, items: { id: string; title: string; price: number }[]) {
  const rows = items.map((item) =>
    [item.id, item.title, 'A phone.', `https://shop.example.in/${item.id}`, `https://img.example.in/${item.id}.jpg`, 'in stock', `${item.price.toFixed(2)} INR`, 'Acme', 'Mobiles & Tablets > Smartphones'].join('\t'),
  );
  writeFileSync(path.join(feedDir, file), `${HEADER}\n${rows.join('\n')}\n`);
  return path.join(feedDir, file);
}

beforeAll(async () => {
  pg = await scratchDatabase();
  database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 2 });
  const db = database.db;
  // Three scheduled stores (every 5 minutes); the drop shop's feed lowers one phone from ₹1,000 to ₹900.
  const phone = await insertProduct(db, { name: 'Drop Phone', offers: [{ store: 'drop-shop', price: 1000 }] });
  const other = await insertProduct(db, { name: 'Steady Phone', offers: [{ store: 'steady-shop', price: 500 }, { store: 'third-shop', price: 510 }] });
  const feeds = {
    'drop-shop': writeFeed('drop.tsv', [{ id: `drop-shop-${phone}`, title: 'Drop Phone', price: 900 }]),
    'steady-shop': writeFeed('steady.tsv', [{ id: `steady-shop-${other}`, title: 'Steady Phone', price: 500 }]),
    'third-shop': writeFeed('third.tsv', [{ id: `third-shop-${other}`, title: 'Steady Phone', price: 510 }]),
  };
  for (const [slug, feed] of Object.entries(feeds)) {
    const [row] = await queryRows<{ id: number }>(db, sql`update stores set feed_url = ${feed}, feed_interval_minutes = 5 where slug = ${slug} returning id`);
    storeIds[slug] = row?.id ?? 0;
  }
  // 50 shoppers with an alert at ₹950 on the phone.
  await db.execute(sql`insert into users (username, email, first_name, last_name, password_hash)
    select 'watcher' || n, 'watcher' || n || '@example.in', 'Watcher', 'N', 'not-a-hash' from generate_series(1, ${ALERTS}) n`);
  await db.execute(sql`insert into price_alerts (user_id, product_id, target_price) select id, ${phone}, 950 from users where username like 'watcher%'`);

  smtp = await startSmtp();
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SMTP_URL: smtp.url,
    FEEDS_SCHEDULE: 'on',
    // Short leases and retries so a killed sender's e-mails are taken over within seconds. Not shorter: a delivery
    // that outlives its lease (a busy machine, a slow SMTP answer) may be taken over while it still runs, and an
    // e-mail whose 250 was lost to a client time-out is sent again (the lease and its time-outs are the guarantee).
    EMAIL_LEASE_SECONDS: '20',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    JOBS_MAINTENANCE_SECONDS: '1',
    SHUTDOWN_TIMEOUT_SECONDS: '10',
  };
  // The instances start only once the deliveries can be watched: the schedule runs as soon as they are up.
  [one, two] = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([one?.stop('SIGKILL'), two?.stop('SIGKILL')]);
  await database?.close();
  await pg?.drop();
  await smtp?.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  rmSync(feedDir, { recursive: true, force: true });
});

describe('two instances on one PostgreSQL and one Redis', () => {
  it('imports each due store once and sends each of 50 alert e-mails exactly once, though one instance is SIGKILLed mid-delivery', async () => {
    // Kill instance 1 while e-mails are going out: when the 10th arrives, every message in transfer is held,
    // instance 1 is killed, then the held ones are answered (those of the dead instance are never accepted).
    let arrivals = 0;
    let gate: Promise<void> | null = null;
    let killedAt = -1;
    smtp.setHold(async () => {
      arrivals += 1;
      if (arrivals === 10 && !gate) {
        gate = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          killedAt = smtp.received.length;
          one.child.kill('SIGKILL');
          await one.exited;
          // The process is gone, but the SMTP server learns that its connections closed only when it next reads
          // them: wait for that, so a held message of the dead instance is refused, not counted as received.
          await new Promise((resolve) => setTimeout(resolve, 1000));
        })();
      }
      if (gate) await gate;
    });

    await waitUntil(() => smtp.received.length >= ALERTS, 90_000, `${ALERTS} e-mails`);
    // Leave time for any duplicate to show up (a retry of a job the dead instance held).
    await new Promise((resolve) => setTimeout(resolve, 3000));

    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(ALERTS);
    expect(one.child.signalCode).toBe('SIGKILL');
    const ids = smtp.received.map((mail) => mail.messageId);
    const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(twice, `sent twice: ${twice.join(', ')}\n${one.output()}\n${two.output()}`).toEqual([]);
    expect(ids.length).toBe(ALERTS);
    expect(new Set(ids).size).toBe(ALERTS);
    expect(new Set(smtp.received.map((mail) => mail.to)).size).toBe(ALERTS);
    const outbox = await queryRows<{ status: string; n: number }>(database.db, sql`select status, count(*)::int as n from email_outbox group by status`);
    expect(outbox).toEqual([{ status: 'sent', n: ALERTS }]);
    // Every store imported once (its interval is 5 minutes) though both instances run the schedule.
    const runs = await queryRows<{ store_id: number; n: number }>(
      database.db,
      sql`select store_id, count(*)::int as n from import_runs group by store_id order by store_id`,
    );
    expect(runs).toEqual(Object.values(storeIds).sort((a, b) => a - b).map((id) => ({ store_id: id, n: 1 })));
  }, 150_000);

  it('the next interval imports each store once more; a sign-in lockout reached through one instance holds on the other (Redis); SIGTERM exits 0', async () => {
    // The next interval: every store's last import is moved back past its 5 minutes, and a fresh third instance
    // stands in for the killed one, with the schedule on as well (it checks at start, instance 2 every minute).
    await database.db.execute(sql`update import_runs set started_at = started_at - interval '6 minutes', finished_at = finished_at - interval '6 minutes'`);
    // Its check at start is the one this test waits for: forget the schedule checks made so far (at most one a
    // minute across instances), or it would be folded into the last one and the imports wait for the next cron.
    await database.db.execute(sql`delete from pgboss.job where name = 'feeds-schedule'`);
    const three = await startServer({ DATABASE_URL: pg.url, REDIS_URL, REDIS_PREFIX: prefix, LOGIN_FAILURES_BEFORE_LOCK: '5', FEEDS_SCHEDULE: 'on' });
    try {
      const runsPerStore = () =>
        queryRows<{ store_id: number; n: number }>(database.db, sql`select store_id, count(*)::int as n from import_runs where status <> 'running' group by store_id order by store_id`);
      await waitUntil(async () => (await runsPerStore()).every((store) => store.n >= 2), 30_000, 'the second interval imports');
      // Leave time for a duplicate import by the other instance to show up.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await runsPerStore()).toEqual(Object.values(storeIds).sort((a, b) => a - b).map((id) => ({ store_id: id, n: 2 })));

      const user = { username: `locked${randomBytes(2).toString('hex')}`, firstName: 'Anil', lastName: 'Rao', email: `locked-${randomBytes(3).toString('hex')}@example.in`, password: 'secret-pass-1' };
      const post = (server: ServerProcess, url: string, body: object) =>
        fetch(`${server.url}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post(two, '/auth/signup', user)).status).toBe(201);
      for (let i = 0; i < 5; i++) expect((await post(three, '/auth/login', { email: user.email, password: 'wrong-pass-1' })).status).toBe(401);
      const locked = await post(two, '/auth/login', { email: user.email, password: user.password });
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as { detail: string }).detail).toMatch(/^Too many failed sign-in attempts for this account/);
    } finally {
      expect(await three.stop('SIGTERM')).toBe(0);
    }
    expect(await two.stop('SIGTERM')).toBe(0);
  }, 90_000);
});
