import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '@/server/modules/feeds/sql-rows';
import { createStoreRepository } from '@/server/modules/feeds/store-repository';
import { createTestDatabase, type TestDatabase } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { loadConfig } from '@/server/config';
import { startQueue } from './runtime';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules/feeds/fixtures');
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const config = (env: Record<string, string>) =>
  loadConfig({ MAIL_FROM: 'Bachat <alerts@bachat.test>', PUBLIC_URL: 'http://bachat.test', JOBS_MAINTENANCE_SECONDS: '1', ...env });

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

async function waitFor<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('jobs on the queue (pg-boss, in-process)', () => {
  it('evaluates alerts at start (an alert left due by an import elsewhere)', async () => {
    const db = database.db;
    const productId = await insertProduct(db, { name: 'Due Phone', offers: [{ store: 'croma', price: 900 }] });
    await db.execute(sql`insert into users (username, email, first_name, last_name, password_hash) values ('due', 'due@example.in', 'D', 'U', 'x')`);
    await db.execute(sql`insert into price_alerts (user_id, product_id, target_price) select id, ${productId}, 1000 from users where username = 'due'`);

    const jobs = await startQueue({ database, config: config({ FEEDS_SCHEDULE: 'off' }), log: silent, work: true });
    try {
      const note = await waitFor(() => queryOne<{ title: string }>(db, sql`select title from notifications where product_id = ${productId}`));
      expect(note.title).toBe('Price alert: Due Phone is now ₹900');
    } finally {
      await jobs.stop(5000);
    }
  });

  it('imports the feeds of scheduled stores that are due, once per interval, when FEEDS_SCHEDULE is on', async () => {
    const db = database.db;
    const stores = createStoreRepository(db);
    const store = await stores.add({
      slug: 'scheduled-shop',
      name: 'Scheduled Shop',
      homepage: 'https://scheduled.example.in',
      feedUrl: path.join(fixtures, 'shop-b.tsv'),
      feedIntervalMinutes: 60,
    });
    await stores.add({ slug: 'manual-shop', name: 'Manual Shop', homepage: 'https://manual.example.in', feedUrl: path.join(fixtures, 'shop-a.xml') });

    const jobs = await startQueue({ database, config: config({ FEEDS_SCHEDULE: 'on' }), log: silent, work: true });
    try {
      await waitFor(() => queryOne(db, sql`select 1 as ok from import_runs where store_id = ${store.id} and status = 'succeeded'`));
      // Another schedule check now finds nothing due (the interval is an hour).
      await jobs.queue.boss.send('feeds-schedule', {});
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      await jobs.stop(5000);
    }
    const runs = await queryRows<{ slug: string; trigger: string; status: string }>(
      db,
      sql`select s.slug, r.trigger, r.status from import_runs r join stores s on s.id = r.store_id`,
    );
    // Due once (interval 60 minutes); the store without a schedule is left alone.
    expect(runs).toEqual([{ slug: 'scheduled-shop', trigger: 'schedule', status: 'succeeded' }]);
  });

  /**
   * A scheduled import queued (by a schedule check on another instance) while this store's previous import had
   * started but not yet committed its run; that run is then recorded with `runStartedAt` (SQL). When the queued job's
   * turn comes, the store is no longer due: it ends without importing.
   */
  async function expectQueuedScheduledImportSkipped(slug: string, runStartedAt: ReturnType<typeof sql>) {
    const db = database.db;
    const store = await createStoreRepository(db).add({
      slug,
      name: `Shop ${slug}`,
      homepage: `https://${slug}.example.in`,
      feedUrl: path.join(fixtures, 'shop-b.tsv'),
      feedIntervalMinutes: 60,
    });
    const enqueuer = await startQueue({ database, config: config({ FEEDS_SCHEDULE: 'off' }), log: silent, work: false });
    const jobId = await enqueuer.queue.sendStoreImport({ storeId: store.id, trigger: 'schedule' });
    await enqueuer.stop(5000);
    expect(jobId).not.toBeNull();
    await db.execute(
      sql`insert into import_runs (store_id, source, trigger, partial, status, started_at, finished_at) values (${store.id}, 'earlier', 'schedule', false, 'succeeded', ${runStartedAt}, now())`,
    );

    const jobs = await startQueue({ database, config: config({ FEEDS_SCHEDULE: 'off' }), log: silent, work: true });
    try {
      const done = await waitFor(async () => {
        const job = await jobs.queue.getStoreImport(jobId as string);
        return job?.state === 'completed' ? job : undefined;
      });
      expect(done.error).toBe(`store ${slug} is no longer due (imported since this scheduled import was queued)`);
    } finally {
      await jobs.stop(5000);
    }
    const runs = await queryRows<{ source: string }>(db, sql`select source from import_runs where store_id = ${store.id}`);
    expect(runs).toEqual([{ source: 'earlier' }]);
  }

  it('skips a scheduled import queued while the previous one was still starting (its run stamped after the job)', async () => {
    await expectQueuedScheduledImportSkipped('raced-shop', sql`now()`);
  });

  it("skips it too when the previous import's run is stamped before the job (its transaction began before the check that queued the job, and committed after it)", async () => {
    // started_at is now() of the run's transaction: earlier than the job's creation in this interleaving (a second
    // import of the store in the same interval, seen once in the two-instance test).
    await expectQueuedScheduledImportSkipped('raced-shop-2', sql`now() - interval '2 seconds'`);
  });
});
