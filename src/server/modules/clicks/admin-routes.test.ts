import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '@/server/db/schema';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { signUpOperator } from '@/server/test/operator';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let t: TestApp;
let operator: { headers: Record<string, string> };
let shopper: { headers: Record<string, string> };
let phoneId = 0;
let caseId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await signUpOperator(t.app, t.database.db);
  shopper = await signUpAndLogIn(t.app);
  phoneId = await insertProduct(t.database.db, { name: 'Stats Phone', offers: [{ store: 'stats-a', price: 900 }, { store: 'stats-b', price: 950 }] });
  caseId = await insertProduct(t.database.db, { name: 'Stats Case, "Pro"', offers: [{ store: 'stats-a', price: 100 }] });
  const offerIds = async (productId: number) => (await t.database.db.select().from(offers).where(eq(offers.productId, productId))).map((o) => o.id);
  const [phoneA, phoneB] = await offerIds(phoneId);
  const [caseA] = await offerIds(caseId);
  const click = (offerId: number | undefined, from: string) =>
    t.app.inject({ method: 'GET', url: `/go/${offerId}?from=${from}`, headers: { 'user-agent': BROWSER } });
  await click(phoneA, 'product');
  await click(phoneA, 'product');
  await click(phoneB, 'compare');
  await click(caseA, 'product');
  await click(caseA, 'wishlist');
  await click(caseA, 'wishlist');
  await t.app.inject({ method: 'GET', url: `/go/${phoneA}?from=product`, headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
  await t.app.clickLog.flush();
}, 180_000);
afterAll(async () => {
  await t.close();
});

const routes = ['/api/admin/clicks', '/api/admin/clicks/export.csv'];

describe('operator click statistics', () => {
  it('refuses signed-out users (401) and shoppers (403) on every route', async () => {
    for (const url of routes) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      const forbidden = await t.app.inject({ method: 'GET', url, headers: shopper.headers });
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json()).toHaveProperty('detail');
      expect((await t.app.inject({ method: 'GET', url, headers: operator.headers })).statusCode, url).toBe(200);
    }
  });

  it('counts clicks per store per day, top products and click-through by source page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/clicks', headers: operator.headers });
    const stats = response.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.total).toBe(6);
    expect(stats.days).toEqual([
      { day: today, storeSlug: 'stats-a', storeName: 'Stats A', clicks: 5, signedIn: 0, fromProductPage: 3 },
      { day: today, storeSlug: 'stats-b', storeName: 'Stats B', clicks: 1, signedIn: 0, fromProductPage: 0 },
    ]);
    expect(stats.topProducts).toEqual([
      { productId: caseId, productName: 'Stats Case, "Pro"', clicks: 3, fromProductPage: 1, productPageShare: 0.333 },
      { productId: phoneId, productName: 'Stats Phone', clicks: 3, fromProductPage: 2, productPageShare: 0.667 },
    ].sort((a, b) => a.productId - b.productId));
    expect(stats.sources).toEqual([
      { sourcePage: 'product', clicks: 3, share: 0.5 },
      { sourcePage: 'wishlist', clicks: 2, share: 0.333 },
      { sourcePage: 'compare', clicks: 1, share: 0.167 },
    ]);

    const oneStore = (await t.app.inject({ method: 'GET', url: '/api/admin/clicks?store=stats-b', headers: operator.headers })).json();
    expect(oneStore.total).toBe(1);
    const past = (await t.app.inject({ method: 'GET', url: '/api/admin/clicks?from=2020-01-01&to=2020-01-31', headers: operator.headers })).json();
    expect(past).toMatchObject({ total: 0, days: [], topProducts: [] });
  });

  it('exports CSV with quoted fields', async () => {
    const days = await t.app.inject({ method: 'GET', url: '/api/admin/clicks/export.csv', headers: operator.headers });
    expect(days.headers['content-type']).toContain('text/csv');
    expect(days.headers['content-disposition']).toMatch(/^attachment; filename="clicks-days-/);
    const today = new Date().toISOString().slice(0, 10);
    expect(days.body).toBe(`day,store,store_name,clicks,signed_in,from_product_page\r\n${today},stats-a,Stats A,5,0,3\r\n${today},stats-b,Stats B,1,0,0\r\n`);
    const products = await t.app.inject({ method: 'GET', url: '/api/admin/clicks/export.csv?view=products', headers: operator.headers });
    expect(products.body).toContain(`${caseId},"Stats Case, ""Pro""",3,1,0.333\r\n`);
  });

  it('refuses a bad range with a clear 400', async () => {
    const reversed = await t.app.inject({ method: 'GET', url: '/api/admin/clicks?from=2026-02-01&to=2026-01-01', headers: operator.headers });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toBe('query.from: must not be after to');
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/clicks?from=2026-13-45', headers: operator.headers });
    expect(bad.statusCode).toBe(400);
  });
});
