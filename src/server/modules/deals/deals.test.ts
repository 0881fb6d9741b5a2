import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealPage } from '@/shared/contracts/deals';
import { markCatalogueChanged } from '@/server/db/catalogue-version';
import { offers, priceHistory } from '@/server/db/schema';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { refreshDeals } from './refresh-deals';

let t: TestApp;
const ids: Record<string, number> = {};
const DAY = 86_400_000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

/** Replaces a product's (single offer's) price history with `points` ([days ago, price]), oldest first. */
async function setHistory(productId: number, points: [number, number][]) {
  const db = t.database.db;
  const offerIds = (await db.select({ id: offers.id }).from(offers).where(eq(offers.productId, productId))).map((o) => o.id);
  await db.delete(priceHistory).where(inArray(priceHistory.offerId, offerIds));
  for (const offerId of offerIds) {
    await db.insert(priceHistory).values(points.map(([days, price]) => ({ offerId, price: price.toFixed(2), recordedAt: daysAgo(days) })));
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  // Dropped 20% below a price that held for months: a deal, ₹2,000 below its 90-day typical price.
  ids.drop = await insertProduct(db, { name: 'Real Drop Phone', offers: [{ store: 'amazon-in', price: 8000, original: 8000 }] });
  await setHistory(ids.drop, [[120, 9000], [100, 10000], [0, 8000]]);
  // "50% off" against an inflated original price, but the price never moved: no deal.
  ids.inflated = await insertProduct(db, { name: 'Inflated MRP Phone', offers: [{ store: 'flipkart', price: 10000, original: 20000 }] });
  await setHistory(ids.inflated, [[120, 10000]]);
  // Raised 30% twelve days ago, then "on sale" back at the old price: never a deal.
  ids.raised = await insertProduct(db, { name: 'Raised Then Sale Phone', offers: [{ store: 'croma', price: 10000, original: 13000 }] });
  await setHistory(ids.raised, [[120, 10000], [12, 13000], [0, 10000]]);
  // A real 40% drop on a dress, for the category filter.
  ids.dress = await insertProduct(db, { name: 'Deal Dress', category: 'ladies-apparels', offers: [{ store: 'myntra', price: 1200, original: 2999 }] });
  await setHistory(ids.dress, [[100, 2000], [1, 1200]]);
  await refreshDeals(db, now);
  await markCatalogueChanged(db);
});
afterAll(async () => t?.close());

async function deals(query = ''): Promise<DealPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/deals${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /deals', () => {
  it('lists a 20% drop below the 90-day median with the right figures, ranked by the drop', async () => {
    const page = await deals();
    expect(page.items.map((d) => d.product.name)).toEqual(['Deal Dress', 'Real Drop Phone']);
    const drop = page.items.find((d) => d.product.id === ids.drop);
    expect(drop).toMatchObject({ typicalPrice: 10000, dropAmount: 2000, dropPercent: 20, lowestEver: 8000 });
    expect(drop?.product.currentPrice).toBe(8000);
    expect(page.total).toBe(2);
  });

  it('never lists an inflated "original price" whose price never moved, nor a price raised before its sale', async () => {
    const listed = (await deals('?pageSize=100')).items.map((d) => d.product.id);
    expect(listed).not.toContain(ids.inflated);
    expect(listed).not.toContain(ids.raised);
  });

  it('filters by category and minimum drop', async () => {
    expect((await deals('?category=electronics')).items.map((d) => d.product.name)).toEqual(['Real Drop Phone']);
    expect((await deals('?category=apparels')).items.map((d) => d.product.name)).toEqual(['Deal Dress']);
    expect((await deals('?minDrop=30')).items.map((d) => d.product.name)).toEqual(['Deal Dress']);
  });

  it('answers 400 with a detail for junk', async () => {
    for (const query of ['minDrop=7', 'category=toys', 'page=0', 'pageSize=abc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/deals?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/query\./);
    }
  });
});
