import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { signUpOperator } from '@/server/test/operator';
import { importFeed } from './import-feed';
import { queryOne } from './sql-rows';
import { createStoreRepository, type StoreRow } from './store-repository';

const HEADER = 'id,title,link,image_link,availability,price,brand,mpn,product_type';
const good = (id: string) => `${id},Guard Phone ${id},https://guard.example.in/${id},https://guard.example.in/${id}.jpg,in stock,"1,299.00 INR",Acme,${id},Electronics > Mobiles`;
const csv = (rows: string[]) => ({ input: [`${HEADER}\n${rows.join('\n')}\n`], name: 'guard.csv' });
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `G-${from + i}`);

let t: TestApp;
let store: StoreRow;
let operator: { headers: Record<string, string> };
let shopper: { headers: Record<string, string> };
let firstRun = 0;
let flaggedRun = 0;

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const inStockItems = async () =>
  (await queryOne<{ n: number }>(t.database.db, sql`select count(*)::int as n from feed_items where store_id = ${store.id} and in_stock`))?.n;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await signUpOperator(t.app, t.database.db);
  shopper = await signUpAndLogIn(t.app);
  store = await createStoreRepository(t.database.db).add({ slug: 'guard-shop', name: 'Guard Shop', homepage: 'https://guard.example.in' });
  const first = await importFeed(t.database.db, {
    store,
    source: csv([
      ...ids(1, 10).map(good),
      'G-11,Dollar Phone,https://guard.example.in/G-11,https://guard.example.in/G-11.jpg,in stock,$199.00,Acme,G-11,Electronics > Mobiles',
      'G-12,,ftp://nope,https://guard.example.in/G-12.jpg,soon,"1,299.00 INR",Acme,G-12,Electronics > Mobiles',
    ]),
  });
  firstRun = first.runId;
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('operator API for import runs', () => {
  it('refuses signed-out users (401) and shoppers (403) on every route', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/admin/import-runs'],
      ['GET', `/api/admin/import-runs/${firstRun}`],
      ['GET', `/api/admin/import-runs/${firstRun}/rejections`],
      ['GET', `/api/admin/import-runs/${firstRun}/rejections.csv`],
      ['POST', `/api/admin/import-runs/${firstRun}/confirm`],
    ];
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ method: method as 'GET', url, headers: shopper.headers })).statusCode, url).toBe(403);
    }
    expect((await get('/api/admin/import-runs', operator.headers)).statusCode).toBe(200);
    expect((await get(`/api/admin/import-runs/${firstRun}`, operator.headers)).statusCode).toBe(200);
    expect((await get(`/api/admin/import-runs/${firstRun}/rejections`, operator.headers)).statusCode).toBe(200);
    expect((await get(`/api/admin/import-runs/${firstRun}/rejections.csv`, operator.headers)).statusCode).toBe(200);
    // Operator, but the run was not flagged: a clear 409, not a 5xx.
    const confirm = await t.app.inject({ method: 'POST', url: `/api/admin/import-runs/${firstRun}/confirm`, headers: operator.headers });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({ detail: 'This run was not flagged: nothing to confirm.' });
    expect((await get('/api/admin/import-runs/999999', operator.headers)).statusCode).toBe(404);
  });

  it('lists runs with their statistics and stores every rejected item by line, field and reason', async () => {
    const runs = (await get('/api/admin/import-runs?store=guard-shop', operator.headers)).json();
    expect(runs.total).toBe(1);
    expect(runs.items[0]).toMatchObject({ id: firstRun, storeSlug: 'guard-shop', status: 'succeeded', itemsRead: 12, created: 10, rejected: 2, flagStatus: null });

    const rejections = (await get(`/api/admin/import-runs/${firstRun}/rejections`, operator.headers)).json();
    expect(rejections.total).toBe(4);
    expect(rejections.items).toEqual([
      { position: 12, line: null, itemId: 'G-11', field: 'price', reason: 'currency USD is not INR' },
      { position: 13, line: null, itemId: 'G-12', field: 'title', reason: 'missing' },
      { position: 13, line: null, itemId: 'G-12', field: 'link', reason: "not an http(s) URL 'ftp://nope'" },
      { position: 13, line: null, itemId: 'G-12', field: 'availability', reason: "unknown value 'soon'" },
    ]);
    expect(rejections.fields).toContainEqual({ field: 'price', count: 1 });

    const onlyPrice = (await get(`/api/admin/import-runs/${firstRun}/rejections?field=price`, operator.headers)).json();
    expect(onlyPrice.items).toEqual([{ position: 12, line: null, itemId: 'G-11', field: 'price', reason: 'currency USD is not INR' }]);
    const byText = (await get(`/api/admin/import-runs/${firstRun}/rejections?q=ftp`, operator.headers)).json();
    expect(byText.items.map((r: { itemId: string }) => r.itemId)).toEqual(['G-12']);

    const download = await get(`/api/admin/import-runs/${firstRun}/rejections.csv?field=link`, operator.headers);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.body).toBe(`position,line,item_id,field,reason\r\n13,,G-12,link,not an http(s) URL 'ftp://nope'\r\n`);
  });

  it('flags a feed whose item count drops by more than half, keeps its missing items until an operator confirms', async () => {
    expect(await inStockItems()).toBe(10);
    const summary = await importFeed(t.database.db, { store, source: csv(ids(1, 4).map(good)) });
    flaggedRun = summary.runId;
    expect(summary.flagged).toMatch(/^item count dropped by more than half: 4 items, the last good run \(\d+\) had 12$/);
    expect(summary.markedOutOfStock).toBe(0);
    expect(await inStockItems()).toBe(10);

    const flagged = (await get('/api/admin/import-runs?flagged=true', operator.headers)).json();
    expect(flagged.items.map((r: { id: number }) => r.id)).toEqual([flaggedRun]);
    expect(flagged.items[0]).toMatchObject({ flagStatus: 'flagged', flagReason: summary.flagged });

    const confirm = await t.app.inject({ method: 'POST', url: `/api/admin/import-runs/${flaggedRun}/confirm`, headers: operator.headers });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ markedOutOfStock: 6, run: { id: flaggedRun, flagStatus: 'confirmed', markedOutOfStock: 6 } });
    expect(await inStockItems()).toBe(4);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/import-runs/${flaggedRun}/confirm`, headers: operator.headers });
    expect(again.statusCode).toBe(409);
    const audit = (await get('/api/admin/audit', operator.headers)).json();
    expect(JSON.stringify(audit)).toContain(`Confirmed flagged import run ${flaggedRun} of Guard Shop: 6 missing items delisted`);
  });

  it('flags a jump in the rejection rate; a later run supersedes a flagged one', async () => {
    const bad = (id: string) => `${id},Bad ${id},https://guard.example.in/${id},https://guard.example.in/${id}.jpg,in stock,19.99 USD,Acme,${id},Electronics > Mobiles`;
    const jumped = await importFeed(t.database.db, { store, source: csv([...ids(1, 4).map(good), ...ids(20, 23).map(bad)]) });
    expect(jumped.flagged).toMatch(/^rejection rate jumped to 50% \(4 of 8 items\) from 0% in the last good run \(\d+\)$/);
    const next = await importFeed(t.database.db, { store, source: csv(ids(1, 4).map(good)) });
    expect(next.flagged).toBeUndefined();
    const run = (await get(`/api/admin/import-runs/${jumped.runId}`, operator.headers)).json();
    expect(run.flagStatus).toBe('superseded');
    const confirm = await t.app.inject({ method: 'POST', url: `/api/admin/import-runs/${jumped.runId}/confirm`, headers: operator.headers });
    expect(confirm.statusCode).toBe(409);
  });
});
