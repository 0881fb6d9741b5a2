/**
 * SIGTERM as a deploy or a scale-down sends it (issue 13, point 4), on a real server process:
 * - the instance stops taking requests, finishes the one in flight, and exits 0;
 * - a feed import running at that moment either finishes (it fits in SHUTDOWN_TIMEOUT_SECONDS) or is handed
 *   back to the queue (it does not), so another instance retries it; nothing is left half-done either way.
 */
import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { queryRows } from '@/server/modules/feeds/sql-rows';
import { insertProduct } from '@/server/test/fixtures';
import { scratchDatabase, startServer, waitUntil } from '@/server/test/server-process';

const ITEMS = 40;
const HEADER = ['id', 'title', 'description', 'link', 'image link', 'availability', 'price', 'brand', 'product type'].join('\t');
const row = (n: number) =>
  [`slow-${n}`, `Slow Phone ${n}`, 'A phone.', `https://shop.example.in/slow-${n}`, `https://img.example.in/${n}.jpg`, 'in stock', `${1000 + n}.00 INR`, 'Acme', 'Mobiles & Tablets > Smartphones'].join('\t');

let pg: Awaited<ReturnType<typeof scratchDatabase>>;
let database: DatabaseHandle;
let storeId = 0;

/** A store's feed server that sends its rows slowly: `rowDelayMs` apart; `requests` resolves as each fetch begins. */
async function slowFeedServer(rowDelayMs: number) {
  let onRequest: () => void = () => {};
  const requested = new Promise<void>((resolve) => (onRequest = resolve));
  const server = http.createServer(async (request, response) => {
    onRequest();
    response.writeHead(200, { 'content-type': 'text/tab-separated-values' });
    response.write(`${HEADER}\n`);
    for (let n = 1; n <= ITEMS && !response.destroyed; n++) {
      await new Promise((resolve) => setTimeout(resolve, rowDelayMs));
      response.write(`${row(n)}\n`);
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.tsv`,
    requested,
    // Its connections first: close() waits for them, and a stalled feed would hold it for the whole feed.
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A sign-in request whose body is still arriving: it is in flight until `finish` sends the rest. */
async function requestInFlight(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.in', password: 'not-the-password' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
  socket.write(body.slice(0, 10));
  return {
    finish: async () => {
      // Not end(): a client that half-closes its side has its request aborted by Node's server.
      socket.write(body.slice(10));
      await closed;
      return answer;
    },
  };
}

const jobStates = () =>
  queryRows<{ state: string }>(database.db, sql`select state::text as state from pgboss.job where name = 'feed-import' order by created_on`);

beforeAll(async () => {
  pg = await scratchDatabase();
  database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 2 });
  await insertProduct(database.db, { name: 'Anchor Phone', offers: [{ store: 'slow-shop', price: 900 }] });
  const [store] = await queryRows<{ id: number }>(database.db, sql`select id from stores where slug = 'slow-shop'`);
  storeId = store?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await database?.close();
  await pg?.drop();
});

async function scheduleFeed(url: string) {
  await database.db.execute(sql`delete from import_runs`);
  await database.db.execute(sql`update stores set feed_url = ${url}, feed_interval_minutes = 5 where id = ${storeId}`);
}

describe('SIGTERM', () => {
  it('stops taking requests, finishes the one in flight and the running import, and exits 0', async () => {
    const feed = await slowFeedServer(50); // about 2 s for the whole feed
    await scheduleFeed(feed.url);
    const server = await startServer({ DATABASE_URL: pg.url, FEEDS_SCHEDULE: 'on', SHUTDOWN_TIMEOUT_SECONDS: '20' });
    try {
      await feed.requested; // the scheduled import is running
      const inFlight = await requestInFlight(server.port);
      server.child.kill('SIGTERM');
      // Stops taking requests: new connections are refused (or answered 503 while closing), never served.
      await waitUntil(
        async () => {
          try {
            return (await fetch(`${server.url}/api/health`)).status === 503;
          } catch {
            return true;
          }
        },
        5000,
        'new requests refused',
      );
      const answer = await inFlight.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"detail"');
      expect(await server.exited).toBe(0);
      // The import running at SIGTERM finished before the process exited.
      const runs = await queryRows<{ status: string; items_read: number }>(database.db, sql`select status, items_read from import_runs where store_id = ${storeId}`);
      expect(runs).toEqual([{ status: 'succeeded', items_read: ITEMS }]);
      expect(await jobStates()).toContainEqual({ state: 'completed' });
    } finally {
      await server.stop('SIGKILL');
      await feed.close();
    }
  }, 90_000);

  it('hands an import that outlives the shutdown timeout back to the queue, and still exits 0', async () => {
    // Also the previous test's schedule check: a new instance checks at start, at most once a minute across
    // instances, so with it kept this import would wait for the next minute's cron.
    await database.db.execute(sql`delete from pgboss.job where name in ('feed-import', 'feeds-schedule')`);
    const feed = await slowFeedServer(1000); // 40 s: longer than the timeout below
    await scheduleFeed(feed.url);
    const server = await startServer({ DATABASE_URL: pg.url, FEEDS_SCHEDULE: 'on', SHUTDOWN_TIMEOUT_SECONDS: '3' });
    try {
      await feed.requested;
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Handed back: the job waits for a retry by any instance, and the run is closed as failed (not left 'running').
      expect(await jobStates()).toEqual([{ state: 'retry' }]);
      const runs = await queryRows<{ status: string }>(database.db, sql`select status from import_runs where store_id = ${storeId}`);
      expect(runs).toEqual([{ status: 'failed' }]);
      const [product] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products where name like 'Slow Phone%'`);
      expect(product?.n).toBe(0);
    } finally {
      await server.stop('SIGKILL');
      await feed.close();
    }
  }, 90_000);
});
