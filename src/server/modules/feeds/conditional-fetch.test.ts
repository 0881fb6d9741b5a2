/**
 * Conditional fetch of feed URLs (issue 14): an import sends the validators (ETag, Last-Modified) of the last
 * response it applied; a 304 costs that one request, records the run as "not modified" and changes nothing.
 * A real HTTP server on localhost serves the feed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueVersion } from '@/server/db/catalogue-version';
import { createTestDatabase, type TestDatabase } from '@/server/test/build-test-app';
import { fixture } from './feed-test-helpers';
import { ImportFailedError, importFeed } from './import-feed';
import { queryOne, queryRows } from './sql-rows';
import { createStoreRepository, type StoreRow } from './store-repository';

/** What the feed server serves at /feed.xml: its body and validators; it answers 304 when a validator matches. */
const served = { body: '', etag: null as string | null, lastModified: null as string | null };
const requests: IncomingHttpHeaders[] = [];

let server: Server;
let feedUrl: string;
let database: TestDatabase;
let store: StoreRow;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.headers);
    const etagMatches = served.etag !== null && request.headers['if-none-match'] === served.etag;
    const dateMatches = served.etag === null && served.lastModified !== null && request.headers['if-modified-since'] === served.lastModified;
    if (served.etag) response.setHeader('etag', served.etag);
    if (served.lastModified) response.setHeader('last-modified', served.lastModified);
    if (etagMatches || dateMatches) {
      response.writeHead(304).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/xml' }).end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;
  database = await createTestDatabase();
  store = await createStoreRepository(database.db).add({ slug: 'etag-shop', name: 'ETag Shop', homepage: 'https://etag-shop.example.in', feedUrl });
});

afterAll(async () => {
  await database?.dispose();
  await new Promise((resolve) => server?.close(resolve));
});

const importNow = () => importFeed(database.db, { store, source: feedUrl });
const cached = () => queryOne<{ etag: string | null; last_modified: string | null }>(database.db, sql`select etag, last_modified from feed_fetch_cache where url = ${feedUrl}`);
/** What an import may change, to prove a 304 changed nothing. */
const storeState = () =>
  queryRows(
    database.db,
    sql`select o.id, o.product_id, o.current_price::text, o.in_stock, o.updated_at, (select count(*)::int from price_history h where h.offer_id = o.id) as history
        from offers o where o.store_id = ${store.id} order by o.id`,
  );

// Each import runs the whole pipeline on the embedded database (deals and listing precomputes included): under a
// loaded machine one takes tens of seconds, which is not what this file tests.
describe('conditional fetch of a feed URL', { timeout: 120_000 }, () => {
  it('sends If-None-Match from the last import; a 304 costs one request, is recorded as not modified and changes nothing', async () => {
    served.body = readFileSync(fixture('shop-a.xml'), 'utf8');
    served.etag = '"v1"';
    served.lastModified = 'Tue, 24 Nov 2026 10:00:00 GMT';

    const first = await importNow();
    expect(first).toMatchObject({ status: 'succeeded', created: 7 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.['if-none-match']).toBeUndefined();
    expect(await cached()).toEqual({ etag: '"v1"', last_modified: 'Tue, 24 Nov 2026 10:00:00 GMT' });

    const before = await storeState();
    const version = await readCatalogueVersion(database.db);
    const second = await importNow();
    expect(second).toMatchObject({ status: 'not_modified', itemsRead: 0, created: 0, updated: 0, markedOutOfStock: 0 });
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Tue, 24 Nov 2026 10:00:00 GMT' });
    expect(await storeState()).toEqual(before);
    expect(await readCatalogueVersion(database.db)).toBe(version);
    const run = await queryOne<{ status: string; message: string; items_read: number; finished: boolean }>(
      database.db,
      sql`select status, message, items_read, finished_at is not null as finished from import_runs where id = ${second.runId}`,
    );
    expect(run).toEqual({ status: 'not_modified', message: 'Not modified since the last import (HTTP 304)', items_read: 0, finished: true });

    // The store publishes a new feed: the same conditional request now gets it (200) and it is imported.
    served.body = readFileSync(fixture('shop-a-v2.xml'), 'utf8');
    served.etag = '"v2"';
    const third = await importNow();
    expect(third.status).toBe('succeeded');
    expect(third.updated + third.created).toBeGreaterThan(0);
    expect(requests).toHaveLength(3);
    expect(requests[2]?.['if-none-match']).toBe('"v1"');
    expect((await cached())?.etag).toBe('"v2"');

    // Forced (the CLI's --force): a plain request, the feed is read again.
    const forced = await importFeed(database.db, { store, source: feedUrl, conditional: false });
    expect(forced).toMatchObject({ status: 'succeeded', created: 0, updated: 0 });
    expect(forced.unchanged).toBeGreaterThan(0);
    expect(requests).toHaveLength(4);
    expect(requests[3]?.['if-none-match']).toBeUndefined();
  });

  it('uses Last-Modified when there is no ETag, and keeps the validators of the last applied feed when an import fails', async () => {
    served.etag = null;
    served.lastModified = 'Wed, 25 Nov 2026 08:00:00 GMT';
    served.body = readFileSync(fixture('shop-a.xml'), 'utf8');
    expect((await importNow()).status).toBe('succeeded');
    expect(await cached()).toEqual({ etag: null, last_modified: 'Wed, 25 Nov 2026 08:00:00 GMT' });
    expect((await importNow()).status).toBe('not_modified');
    expect(requests.at(-1)?.['if-modified-since']).toBe('Wed, 25 Nov 2026 08:00:00 GMT');

    // A broken new feed fails; what was applied is still the old feed, so the next fetch still asks about it.
    served.body = readFileSync(fixture('truncated.xml'), 'utf8');
    served.lastModified = 'Wed, 25 Nov 2026 09:00:00 GMT';
    await expect(importNow()).rejects.toBeInstanceOf(ImportFailedError);
    expect(await cached()).toEqual({ etag: null, last_modified: 'Wed, 25 Nov 2026 08:00:00 GMT' });
    await expect(importNow()).rejects.toBeInstanceOf(ImportFailedError);
    expect(requests.at(-1)?.['if-modified-since']).toBe('Wed, 25 Nov 2026 08:00:00 GMT');
  });
});
