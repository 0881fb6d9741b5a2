import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryPath } from '@/shared/catalog';
import type { ProductPage } from '@/shared/contracts/product';
import { facetsFor } from '@/shared/facet-config';
import { bumpCatalogueVersion, markCatalogueChanged } from '@/server/db/catalogue-version';
import { seedDemoCatalogue } from '@/server/db/seed/seed';
import { importFeed } from '@/server/modules/feeds/import-feed';
import { queryOne } from '@/server/modules/feeds/sql-rows';
import { createStoreRepository, type StoreRow } from '@/server/modules/feeds/store-repository';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { facetCounts } from './facets';
import { listingScopes, readListingStats, refreshListingStats, scopeKey, unfilteredScopeKey } from './listing-stats';
import { type ProductFilter, scopeConditions } from './repository';

/**
 * The unfiltered listings' precomputed counts (issue 18) against the live facet statement: equal for every scope
 * after the seed and after feed imports, never served once the catalogue changed without a refresh.
 */
let t: TestApp;
let shop: StoreRow;

const db = () => t.database.db;
const live = (path: Partial<CategoryPath>) => {
  const filter: ProductFilter = { path };
  return facetCounts(db(), scopeConditions(filter, null), null, filter, facetsFor(path));
};
const urlOf = (path: CategoryPath) => `/api/products/browse/${[path.category, path.subcategory, path.subSubcategory].filter(Boolean).join('/')}`;
async function browse(path: CategoryPath, query = ''): Promise<ProductPage> {
  const response = await t.app.inject({ method: 'GET', url: `${urlOf(path)}${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<ProductPage>();
}
/** Every scope's stored row equals the live count, and the browse route answers it. */
async function expectEveryScopeLive(options: { stored: boolean }) {
  let withProducts = 0;
  for (const path of listingScopes()) {
    const expected = await live(path);
    const stored = await readListingStats(db(), { path });
    if (options.stored && expected.total > 0) {
      withProducts += 1;
      expect(stored, scopeKey(path) ?? '').toEqual(expected);
      // Byte for byte: the stored JSON keeps the key order, so an answer's ETag does not depend on where it came from.
      expect(JSON.stringify(stored)).toBe(JSON.stringify(expected));
    } else if (!options.stored) {
      expect(stored, scopeKey(path) ?? '').toBeNull();
    }
    const page = await browse(path, '?sort=price-low');
    expect({ total: page.total, facets: page.facets }, scopeKey(path) ?? '').toEqual(expected);
  }
  if (options.stored) expect(withProducts).toBeGreaterThan(20);
}

const HEADER = 'id\ttitle\tlink\timage_link\tavailability\tprice\tsale_price\tbrand\tgtin\tmpn\tproduct_type';
const feed = (rows: string[][]) => ({ input: [`${HEADER}\n${rows.map((row) => row.join('\t')).join('\n')}\n`], name: 'inline.tsv' });
const phone = (id: string, price: string, availability = 'in stock', sale = '') => [
  id,
  `Statsphone ${id}`,
  `https://shop-x.example.in/${id}`,
  `https://img.shop-x.example.in/${id}.jpg`,
  availability,
  `${price} INR`,
  sale ? `${sale} INR` : '',
  'Statsco',
  '',
  `MPN-${id}`,
  'Electronics > Mobiles',
];

beforeAll(async () => {
  // No response cache: every request below runs the listing's queries, as the first one after a change does.
  t = await buildTestApp({ catalogueCache: { enabled: false } });
  await seedDemoCatalogue(db());
  shop = await createStoreRepository(db()).add({ slug: 'shop-x', name: 'Shop X', homepage: 'https://shop-x.example.in' });
}, 120_000);
afterAll(async () => t?.close());

describe('listing scope stats', () => {
  it('names the stored scope only for a category path without any selection', () => {
    const path: CategoryPath = { category: 'electronics', subcategory: 'mobiles', subSubcategory: null };
    expect(unfilteredScopeKey({ path })).toBe('electronics/mobiles');
    expect(unfilteredScopeKey({ path, price: 'all', brand: '', exclude: [], attributes: [{ name: 'ram', values: [] }] })).toBe('electronics/mobiles');
    for (const selection of [
      { brand: 'samsung' },
      { brands: ['Apple'] },
      { price: '100-500' as const },
      { minPrice: 1 },
      { maxPrice: 1 },
      { attributes: [{ name: 'ram', values: ['8-gb'] }] },
      { stores: ['amazon-in'] },
      { inStock: true },
      { minDiscount: 10 },
      { minRating: 4 },
      { q: 'phone' },
      { exclude: [1] },
      { trending: true },
    ]) {
      expect(unfilteredScopeKey({ path, ...selection }), JSON.stringify(selection)).toBeNull();
    }
    expect(unfilteredScopeKey({})).toBeNull();
    expect(scopeKey({ category: 'ladies-apparels', subcategory: 'western-wear', subSubcategory: 'dresses' })).toBe('ladies-apparels/western-wear/dresses');
    expect(scopeKey({ category: 'ladies-apparels', subcategory: null, subSubcategory: 'dresses' })).toBeNull();
  });

  it('after the seed: every scope of the demo catalogue is stored and equals the live counts', async () => {
    await expectEveryScopeLive({ stored: true });
  });

  it('after feed imports that add products and change prices and stock: equal to the live counts (incl. price ranges, in stock, total)', async () => {
    const before = await live({ category: 'electronics', subcategory: 'mobiles', subSubcategory: null });
    const first = await importFeed(db(), {
      store: shop,
      source: feed([phone('X1', '3000.00'), phone('X2', '9000.00'), phone('X3', '50000.00', 'out of stock'), phone('X4', '90000.00', 'in stock', '70000.00')]),
    });
    expect(first).toMatchObject({ status: 'succeeded', productsCreated: 4 });
    const after = await live({ category: 'electronics', subcategory: 'mobiles', subSubcategory: null });
    expect(after.total).toBe(before.total + 4);
    await expectEveryScopeLive({ stored: true });

    // Prices move across ranges, X1 goes out of stock, X3 comes back, X4 is delisted (a full feed: out of stock).
    const second = await importFeed(db(), {
      store: shop,
      source: feed([phone('X1', '3000.00', 'out of stock'), phone('X2', '45000.00'), phone('X3', '5000.00')]),
    });
    expect(second).toMatchObject({ status: 'succeeded', markedOutOfStock: 1 });
    const moved = await live({ category: 'electronics', subcategory: 'mobiles', subSubcategory: null });
    const option = (stats: typeof moved, group: string, key: string) => stats.facets.find((f) => f.name === group)?.options.find((o) => o.key === key)?.count;
    // X3: ₹50,000 → ₹5,000 (into 4,150–8,300); X2: ₹9,000 → ₹45,000 (out of 8,300–41,500, into 41,500–83,000, which X3 left).
    expect(option(moved, 'price', '50-100')).toBe((option(after, 'price', '50-100') ?? 0) + 1);
    expect(option(moved, 'price', '100-500')).toBe((option(after, 'price', '100-500') ?? 0) - 1);
    expect(option(moved, 'price', '500-1000')).toBe(option(after, 'price', '500-1000'));
    // In stock: X1 and X4 left, X3 came back.
    expect(option(moved, 'availability', 'in-stock')).toBe((option(after, 'availability', 'in-stock') ?? 0) - 1);
    expect(moved.total).toBe(after.total);
    await expectEveryScopeLive({ stored: true });
  });

  it('after a review and its deletion: the rows are carried over (rating options moved) and equal the live counts', async () => {
    const mobiles: CategoryPath = { category: 'electronics', subcategory: 'mobiles', subSubcategory: null };
    const rated = (stats: { facets: { name: string; options: { key: string; count: number }[] }[] } | null) =>
      stats?.facets.find((f) => f.name === 'rating')?.options.map((o) => o.count);
    // A phone at 3.9★ from one review: a 5★ review lifts it over the 4★ line (4.45), deleting it brings it back.
    const lowest = await queryOne<{ id: number }>(db(), sql`select id from products where subcategory = 'mobiles' order by id limit 1`);
    if (!lowest) throw new Error('no phone in the demo catalogue');
    await db().transaction(async (tx) => {
      await tx.execute(sql`update products set rating = 3.9, review_count = 1 where id = ${lowest.id}`);
      await refreshListingStats(tx);
      await bumpCatalogueVersion(tx);
    });
    const before = rated(await readListingStats(db(), { path: mobiles }));
    const { headers } = await signUpAndLogIn(t.app);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/products/${lowest.id}/reviews`,
      headers,
      payload: { rating: 5, title: 'Lovely', body: 'Battery lasts two days, camera is sharp in daylight.' },
    });
    expect(review.statusCode).toBe(201);
    const after = await readListingStats(db(), { path: mobiles });
    expect(after).not.toBeNull();
    expect(rated(after)).not.toEqual(before);
    await expectEveryScopeLive({ stored: true });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${lowest.id}/reviews/mine`, headers });
    expect(removed.statusCode).toBe(204);
    expect(rated(await readListingStats(db(), { path: mobiles }))).toEqual(before);
    await expectEveryScopeLive({ stored: true });
  });

  it('after a change that bumped without refreshing (a test writing rows directly): the listing counts live', async () => {
    const mobiles: CategoryPath = { category: 'electronics', subcategory: 'mobiles', subSubcategory: null };
    await db().execute(sql`update products set rating = 1 where subcategory = 'mobiles' and id in (select id from products where subcategory = 'mobiles' order by id limit 3)`);
    await markCatalogueChanged(db());
    expect(await readListingStats(db(), { path: mobiles })).toBeNull();
    await expectEveryScopeLive({ stored: false });
    // A review now carries nothing over: stale rows stay stale.
    const { headers } = await signUpAndLogIn(t.app);
    const { items } = await browse(mobiles);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/products/${items[0]?.id ?? 0}/reviews`,
      headers,
      payload: { rating: 4, title: 'Fine', body: 'Does what it says, nothing more, nothing less.' },
    });
    expect(review.statusCode).toBe(201);
    await expectEveryScopeLive({ stored: false });
  });

  it('never serves a row the committed catalogue has moved past, nor one whose transaction did not bump', async () => {
    const electronics: CategoryPath = { category: 'electronics', subcategory: null, subSubcategory: null };
    await db().transaction(async (tx) => {
      await refreshListingStats(tx);
      await bumpCatalogueVersion(tx);
    });
    expect(await readListingStats(db(), { path: electronics })).toEqual(await live(electronics));
    // The route reads the row: a (deliberately) wrong total there shows.
    await db().execute(sql`update listing_scope_stats set total = 99999 where scope = 'electronics'`);
    expect((await browse(electronics)).total).toBe(99999);

    // Any later change makes it stale: the live count answers.
    await markCatalogueChanged(db());
    expect(await readListingStats(db(), { path: electronics })).toBeNull();
    expect((await browse(electronics)).total).toBe((await live(electronics)).total);

    // A refresh committed without its bump is stamped with a version the next change reaches, by another transaction.
    await db().transaction(async (tx) => {
      await refreshListingStats(tx);
    });
    const stamped = await queryOne<{ version: string }>(db(), sql`select max(version)::text as version from listing_scope_stats`);
    const version = await markCatalogueChanged(db());
    expect(version).toBe(Number(stamped?.version));
    expect(await readListingStats(db(), { path: electronics })).toBeNull();
    await expectEveryScopeLive({ stored: false });
  });
});
