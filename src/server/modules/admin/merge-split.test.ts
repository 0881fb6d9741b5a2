/**
 * Merge and split keep every wishlist entry, alert, review and price-history row (counted before and after),
 * and a merged product's URLs redirect to the survivor.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductDetail, AdminProductPage, AuditPage, MergeResult, SplitResult } from '@/shared/contracts/admin';
import type { Product } from '@/shared/contracts/product';
import { queryOne, queryRows } from '@/server/modules/feeds/sql-rows';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { signUpOperator } from '@/server/test/operator';

let t: TestApp;
let operator: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = (await signUpOperator(t.app, t.database.db)).headers;
});
afterAll(async () => t?.close());

type Counts = { wishlist: number; alerts: number; reviews: number; history: number; offers: number; clicks: number };

async function countsOf(ids: number[]): Promise<Counts> {
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const row = await queryOne<Counts>(
    t.database.db,
    sql`select
      (select count(*)::int from wishlist_items where product_id in (${list})) as wishlist,
      (select count(*)::int from price_alerts where product_id in (${list})) as alerts,
      (select count(*)::int from reviews where product_id in (${list})) as reviews,
      (select count(*)::int from price_history h join offers o on o.id = h.offer_id where o.product_id in (${list})) as history,
      (select count(*)::int from offers where product_id in (${list})) as offers,
      (select count(*)::int from click_events where product_id in (${list})) as clicks`,
  );
  if (!row) throw new Error('no counts');
  return row;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Click-outs through /go/ (as shoppers make them), written before the counts are taken. */
async function clickOffers(offerIds: number[]) {
  for (const offerId of offerIds) {
    const response = await t.app.inject({ method: 'GET', url: `/go/${offerId}?from=product`, headers: { 'user-agent': BROWSER } });
    expect(response.statusCode).toBe(302);
  }
  await t.app.clickLog.flush();
}

const offersOf = async (productId: number) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id from offers where product_id = ${productId} order by id`)).map((row) => row.id);

async function shopperWith(productId: number, options: { wishlist?: boolean; alert?: number; review?: number }) {
  const session = await signUpAndLogIn(t.app);
  const { headers } = session;
  if (options.wishlist) expect((await t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { productId } })).statusCode).toBe(201);
  if (options.alert !== undefined) {
    const alert = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId, targetPrice: options.alert } });
    expect(alert.statusCode).toBe(201);
  }
  if (options.review !== undefined) {
    const review = await t.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers, payload: { rating: options.review, title: 'Good', body: 'Works well for me.' } });
    expect(review.statusCode).toBe(201);
  }
  return session;
}

describe('merge', () => {
  it('moves offers, history, wishlists, alerts and reviews to the survivor, and the old URLs redirect', async () => {
    const survivor = await insertProduct(t.database.db, {
      name: 'Redmi Note 13 Pro 5G',
      reviewCount: 0,
      rating: 0,
      offers: [{ store: 'amazon-in', price: 24_999 }, { store: 'flipkart', price: 23_999 }],
    });
    const merged = await insertProduct(t.database.db, {
      name: 'Xiaomi Redmi Note 13 Pro (5G)',
      reviewCount: 0,
      rating: 0,
      offers: [{ store: 'flipkart', price: 22_999 }, { store: 'croma', price: 25_499 }],
    });
    // More history on the merged product's offers.
    await t.database.db.execute(sql`insert into price_history (offer_id, price) select id, current_price + 500 from offers where product_id = ${merged}`);

    await shopperWith(survivor, { wishlist: true, alert: 20_000, review: 5 });
    await shopperWith(merged, { wishlist: true, alert: 21_000, review: 3 });
    await shopperWith(merged, { wishlist: true, review: 4 });
    // A shopper with both products in the wishlist and an alert on each keeps one wishlist entry and both alerts.
    const both = await shopperWith(survivor, { wishlist: true, alert: 19_000 });
    await t.app.inject({ method: 'POST', url: '/api/wishlist', headers: both.headers, payload: { productId: merged } });
    await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers: both.headers, payload: { productId: merged, targetPrice: 18_000 } });

    // Click-outs on every offer of both (the flipkart pair becomes one offer).
    await clickOffers([...(await offersOf(survivor)), ...(await offersOf(merged)), ...(await offersOf(merged))]);

    const before = await countsOf([survivor, merged]);
    expect(before).toEqual({ wishlist: 5, alerts: 4, reviews: 3, history: 6, offers: 4, clicks: 6 });

    const response = await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator, payload: { survivorId: survivor, mergedId: merged } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<MergeResult>();
    expect(result.moved).toMatchObject({ offersCombined: 1, alerts: 2, reviews: 2, clicks: 4 });

    const after = await countsOf([survivor, merged]);
    const onSurvivor = await countsOf([survivor]);
    expect(onSurvivor).toEqual(after);
    // Every row is kept; only the shopper who had both keeps one wishlist entry, and two flipkart offers became one.
    expect(after).toEqual({ ...before, wishlist: before.wishlist - 1, offers: 3 });
    // Every click points at an offer the survivor still has (the dropped flipkart offer's clicks went to the kept one).
    const clickedOffers = await queryOne<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from click_events c join offers o on o.id = c.offer_id where o.product_id = ${survivor}`,
    );
    expect(clickedOffers?.n).toBe(6);
    const wishlisted = await queryOne<{ n: number }>(t.database.db, sql`select count(distinct user_id)::int as n from wishlist_items where product_id = ${survivor}`);
    expect(wishlisted?.n).toBe(4);

    // The survivor shows the cheaper flipkart offer and the combined rating.
    const product = (await t.app.inject({ method: 'GET', url: `/api/products/${survivor}` })).json<Product>();
    expect(product.currentPrice).toBe(22_999);
    expect(product.reviews).toBe(3);
    expect(product.rating).toBe(4);
    expect(product.offers.map((offer) => offer.store).sort()).toEqual(['Amazon In', 'Croma', 'Flipkart']);

    // The old URLs redirect.
    const api = await t.app.inject({ method: 'GET', url: `/api/products/${merged}` });
    expect(api.statusCode).toBe(308);
    expect(api.headers.location).toBe(`/api/products/${survivor}`);
    const single = await t.app.inject({ method: 'GET', url: `/api/products/single/${merged}?x=1` });
    expect(single.headers.location).toBe(`/api/products/single/${survivor}?x=1`);
    const page = await t.app.inject({ method: 'GET', url: `/product/${merged}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/product/${survivor}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${survivor}` })).statusCode).toBe(200);

    // The console shows where things came from, and the audit log has the merge.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${survivor}`, headers: operator })).json<AdminProductDetail>();
    expect(detail.mergedFrom).toEqual([merged]);
    expect(detail.counts).toEqual({ wishlist: 4, alerts: 4, reviews: 3, priceHistory: 6 });
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=1', headers: operator })).json<AuditPage>();
    expect(audit.items[0]).toMatchObject({ action: 'product.merge', entityId: String(survivor) });

    // Merging into the merged id again is a 404 (it no longer exists); a chain keeps redirecting to the end.
    const third = await insertProduct(t.database.db, { name: 'Redmi Note 13 Pro 5G (duplicate)', offers: [{ store: 'tata-cliq', price: 26_000 }] });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator, payload: { survivorId: merged, mergedId: third } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator, payload: { survivorId: third, mergedId: survivor } })).statusCode).toBe(200);
    const chained = await t.app.inject({ method: 'GET', url: `/product/${merged}` });
    expect(chained.headers.location).toBe(`/product/${third}`);
  });

  it('keeps the survivor’s review when one shopper reviewed both', async () => {
    const survivor = await insertProduct(t.database.db, { name: 'Boat Rockerz 450', reviewCount: 0, rating: 0 });
    const merged = await insertProduct(t.database.db, { name: 'boAt Rockerz 450 Bluetooth', reviewCount: 0, rating: 0 });
    const shopper = await shopperWith(survivor, { review: 5 });
    await t.app.inject({ method: 'POST', url: `/api/products/${merged}/reviews`, headers: shopper.headers, payload: { rating: 1, title: 'Bad', body: 'Broke.' } });
    await shopperWith(merged, { review: 3 });
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator, payload: { survivorId: survivor, mergedId: merged } });
    expect(response.statusCode).toBe(200);
    expect(await countsOf([survivor])).toMatchObject({ reviews: 2 });
    const product = (await t.app.inject({ method: 'GET', url: `/api/products/${survivor}` })).json<Product>();
    expect(product.reviews).toBe(2);
    expect(product.rating).toBe(4);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?limit=1', headers: operator })).json<AuditPage>();
    expect(JSON.stringify(audit.items[0]?.details)).toContain('Broke.');
  });

  it('refuses the same product twice, unknown products and wrong types', async () => {
    const a = await insertProduct(t.database.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator, payload: { survivorId: a, mergedId: a } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator, payload: { survivorId: a, mergedId: 2_000_000 } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator, payload: { survivorId: String(a), mergedId: 1 } })).statusCode).toBe(400);
  });
});

describe('split', () => {
  it('moves one offer (with its history) into a new product; wishlists, alerts and reviews stay', async () => {
    const product = await insertProduct(t.database.db, {
      name: 'Samsung Galaxy S24',
      reviewCount: 0,
      rating: 0,
      offers: [{ store: 'amazon-in', price: 64_999 }, { store: 'reliance-digital', price: 59_999 }],
    });
    await shopperWith(product, { wishlist: true, alert: 55_000, review: 4 });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${product}`, headers: operator })).json<AdminProductDetail>();
    const wrong = detail.offers.find((offer) => offer.store.slug === 'reliance-digital');
    expect(wrong).toBeDefined();
    await t.database.db.execute(sql`insert into price_history (offer_id, price) values (${wrong?.id}, 61999)`);
    const kept = detail.offers.find((offer) => offer.store.slug === 'amazon-in');
    await clickOffers([wrong?.id as number, wrong?.id as number, kept?.id as number]);
    const before = await countsOf([product]);
    expect(before.clicks).toBe(3);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product}/split`,
      headers: operator,
      payload: { offerId: wrong?.id, name: 'Samsung Galaxy S24 FE' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<SplitResult>();

    const original = await countsOf([product]);
    const created = await countsOf([result.newProductId]);
    // The split offer keeps its clicks (now the new product's); the other offer's click stays.
    expect(result.clicksMoved).toBe(2);
    expect(original).toEqual({ ...before, history: before.history - 2, offers: 1, clicks: 1 });
    expect(created).toEqual({ wishlist: 0, alerts: 0, reviews: 0, history: 2, offers: 1, clicks: 2 });

    const left = (await t.app.inject({ method: 'GET', url: `/api/products/${product}` })).json<Product>();
    expect(left.currentPrice).toBe(64_999);
    const split = (await t.app.inject({ method: 'GET', url: `/api/products/${result.newProductId}` })).json<Product>();
    expect(split).toMatchObject({ name: 'Samsung Galaxy S24 FE', currentPrice: 59_999, store: 'Reliance Digital' });

    // The last offer cannot be split off; an offer of another product is a 404.
    const only = await t.app.inject({ method: 'POST', url: `/api/admin/products/${product}/split`, headers: operator, payload: { offerId: left.offers[0]?.id } });
    expect(only.statusCode).toBe(400);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/admin/products/${product}/split`, headers: operator, payload: { offerId: wrong?.id } });
    expect(foreign.statusCode).toBe(404);

    const search = (await t.app.inject({ method: 'GET', url: '/api/admin/products?q=galaxy%20s24', headers: operator })).json<AdminProductPage>();
    expect(search.items.map((row) => row.id).sort()).toEqual([product, result.newProductId].sort());
    const byId = (await t.app.inject({ method: 'GET', url: `/api/admin/products?q=${product}`, headers: operator })).json<AdminProductPage>();
    expect(byId.items.map((row) => row.id)).toEqual([product]);
  });
});
