import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceMoves, Visit } from '@/shared/contracts/visits';
import { refreshBestOffers } from '@/server/db/refresh-best-offers';
import { offers, priceHistory } from '@/server/db/schema';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const ago = (ms: number) => new Date(Date.now() - ms);

/** A price point `daysAgo` days back for the product's offer at `store` (its only one when not named). */
async function pricedAt(productId: number, price: number, when: Date, store?: string) {
  const rows = await t.database.db.select({ id: offers.id, storeItemId: offers.storeItemId }).from(offers).where(eq(offers.productId, productId));
  const offer = store ? rows.find((row) => row.storeItemId?.startsWith(store)) : rows[0];
  if (!offer) throw new Error('no offer');
  await t.database.db.insert(priceHistory).values({ offerId: offer.id, price: price.toFixed(2), recordedAt: when });
}

async function setOfferPrice(productId: number, store: string, price: number) {
  const rows = await t.database.db.select({ id: offers.id, storeItemId: offers.storeItemId }).from(offers).where(eq(offers.productId, productId));
  const offer = rows.find((row) => row.storeItemId?.startsWith(store));
  if (!offer) throw new Error('no offer');
  await t.database.db.update(offers).set({ currentPrice: price.toFixed(2) }).where(eq(offers.id, offer.id));
  await t.database.db.insert(priceHistory).values({ offerId: offer.id, price: price.toFixed(2) });
  await refreshBestOffers(t.database.db, [productId]);
}

async function userId(email: string): Promise<number> {
  const result = (await t.database.db.execute(sql`select id from users where email = ${email}`)) as unknown;
  const rows = Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows;
  return Number((rows[0] as { id: number }).id);
}

/** Backdates the shopper's wishlist entry or alert, as if they had it before their last visit. */
async function backdate(table: 'wishlist_items' | 'price_alerts', id: number, productId: number, when: Date) {
  await t.database.db.execute(sql`update ${sql.raw(table)} set created_at = ${when.toISOString()}::timestamptz where user_id = ${id} and product_id = ${productId}`);
}

async function setVisit(id: number, lastSeenAt: Date, sinceAt: Date | null = null) {
  await t.database.db.execute(sql`insert into user_visits (user_id, scope, last_seen_at, since_at)
    values (${id}, 'site', ${lastSeenAt.toISOString()}::timestamptz, ${sinceAt?.toISOString() ?? null}::timestamptz)
    on conflict (user_id, scope) do update set last_seen_at = excluded.last_seen_at, since_at = excluded.since_at`);
}

describe('visits', () => {
  it('a visit is a day: the first open records no reference, later opens that day keep it, the next day makes the last one the reference', async () => {
    const { user, headers } = await signUpAndLogIn(t.app);
    const first = await t.app.inject({ method: 'POST', url: '/api/visits', headers });
    expect(first.statusCode).toBe(200);
    expect(first.json<Visit>()).toEqual({ since: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/visits', headers })).json<Visit>()).toEqual({ since: null });

    // The shopper last opened the site three days ago (and once before that, a week ago).
    const id = await userId(user.email);
    const lastTime = ago(3 * DAY);
    await setVisit(id, lastTime, ago(7 * DAY));
    const moves = await t.app.inject({ method: 'GET', url: '/api/price-moves?on=wishlist', headers });
    // Before today's visit is recorded the reference is already the last visit, so request order does not matter.
    expect(moves.json<PriceMoves>().since).toBe(lastTime.toISOString());
    const today = await t.app.inject({ method: 'POST', url: '/api/visits', headers });
    expect(today.json<Visit>()).toEqual({ since: lastTime.toISOString() });
    // Reloading today does not move it.
    expect((await t.app.inject({ method: 'POST', url: '/api/visits', headers })).json<Visit>()).toEqual({ since: lastTime.toISOString() });
    expect((await t.app.inject({ method: 'GET', url: '/api/price-moves?on=alerts', headers })).json<PriceMoves>().since).toBe(lastTime.toISOString());
  });

  it('needs a signed-in shopper and a known list', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/visits' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/price-moves?on=wishlist' })).statusCode).toBe(401);
    const { headers } = await signUpAndLogIn(t.app);
    const bad = await t.app.inject({ method: 'GET', url: '/api/price-moves?on=cart', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('detail');
  });
});

describe('price moves since the last visit', () => {
  it('reports each wishlist and alert product whose best price moved since then, and nothing for the rest', async () => {
    const reference = ago(3 * DAY);
    const before = ago(5 * DAY);
    // Dropped ₹2,000; rose ₹500; unchanged; cheaper at another store now; saved only after the last visit.
    const dropped = await insertProduct(t.database.db, { name: 'Dropped Phone', offers: [{ store: 'amazon-in', price: 10_000 }] });
    await pricedAt(dropped, 12_000, before);
    const rose = await insertProduct(t.database.db, { name: 'Rose Phone', offers: [{ store: 'amazon-in', price: 5_500 }] });
    await pricedAt(rose, 5_000, before);
    const steady = await insertProduct(t.database.db, { name: 'Steady Phone', offers: [{ store: 'amazon-in', price: 8_000 }] });
    await pricedAt(steady, 8_000, before);
    const twoStores = await insertProduct(t.database.db, {
      name: 'Two Store Phone',
      offers: [
        { store: 'amazon-in', price: 9_000 },
        { store: 'flipkart', price: 7_000 },
      ],
    });
    await pricedAt(twoStores, 9_000, before, 'amazon-in');
    await pricedAt(twoStores, 7_000, before, 'flipkart');
    await setOfferPrice(twoStores, 'amazon-in', 6_500);
    const savedLater = await insertProduct(t.database.db, { name: 'Saved Later Phone', offers: [{ store: 'amazon-in', price: 3_000 }] });
    await pricedAt(savedLater, 4_000, before);

    const { user, headers } = await signUpAndLogIn(t.app);
    const id = await userId(user.email);
    for (const productId of [dropped, rose, steady, twoStores, savedLater]) {
      await t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { productId } });
      if (productId !== savedLater) await backdate('wishlist_items', id, productId, before);
    }
    await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId: rose, targetPrice: 4_000 } });
    await backdate('price_alerts', id, rose, before);
    await setVisit(id, reference);

    const wishlist = (await t.app.inject({ method: 'GET', url: '/api/price-moves?on=wishlist', headers })).json<PriceMoves>();
    expect(wishlist.since).toBe(reference.toISOString());
    expect(wishlist.moves).toEqual(
      [
        { productId: dropped, previousPrice: 12_000, currentPrice: 10_000, change: -2_000 },
        { productId: rose, previousPrice: 5_000, currentPrice: 5_500, change: 500 },
        { productId: twoStores, previousPrice: 7_000, currentPrice: 6_500, change: -500 },
      ].sort((a, b) => a.productId - b.productId),
    );
    const alerts = (await t.app.inject({ method: 'GET', url: '/api/price-moves?on=alerts', headers })).json<PriceMoves>();
    expect(alerts.moves).toEqual([{ productId: rose, previousPrice: 5_000, currentPrice: 5_500, change: 500 }]);

    // Another shopper sees none of this shopper's moves, and a shopper with no earlier visit sees none at all.
    const other = await signUpAndLogIn(t.app);
    await t.app.inject({ method: 'POST', url: '/api/visits', headers: other.headers });
    expect((await t.app.inject({ method: 'GET', url: '/api/price-moves?on=wishlist', headers: other.headers })).json<PriceMoves>()).toEqual({ since: null, moves: [] });
    await setVisit(await userId(other.user.email), reference);
    expect((await t.app.inject({ method: 'GET', url: '/api/price-moves?on=wishlist', headers: other.headers })).json<PriceMoves>().moves).toEqual([]);
  });
});
