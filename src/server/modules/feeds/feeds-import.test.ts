import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedChunks } from '../../../../bench/generate-feed';
import type { Database } from '@/server/db/client';
import { refreshBestOffers } from '@/server/db/refresh-best-offers';
import { createProductRepository } from '@/server/modules/products/repository';
import { createTestDatabase, type TestDatabase } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { setCategoryMapping } from './category-mapping';
import { ImportBusyError, ImportFailedError, type ImportOptions, importFeed } from './import-feed';
import { queryOne, queryRows } from './sql-rows';
import { createStoreRepository, type StoreRow } from './store-repository';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

const TSV_HEADER = 'id\ttitle\tlink\timage_link\tavailability\tprice\tsale_price\tbrand\tgtin\tmpn\tproduct_type';
/** A small TSV feed from rows of the columns above (inline fixtures for one test each). */
function tsv(rows: string[][]): { input: string[]; name: string } {
  return { input: [`${TSV_HEADER}\n${rows.map((row) => row.join('\t')).join('\n')}\n`], name: 'inline.tsv' };
}

let database: TestDatabase;
let db: Database;
let shopA: StoreRow;
let shopB: StoreRow;

const run = (store: StoreRow, source: ImportOptions['source'], extra: Partial<ImportOptions> = {}) => importFeed(db, { store, source, ...extra });

/** Everything an import may touch, to prove that a run changed nothing. */
async function snapshot() {
  return {
    products: await queryRows(
      db,
      sql`select p.id, name, category, subcategory, sub_subcategory, best_offer_id, current_price::text, original_price::text,
            discount, in_stock, ps.search_text, variants, updated_at
          from products p left join product_search ps on ps.product_id = p.id order by p.id`,
    ),
    offers: await queryRows(
      db,
      sql`select id, product_id, store_id, store_item_id, current_price::text, original_price::text, in_stock, affiliate_url,
            shipping_cost::text, updated_at from offers order by id`,
    ),
    history: await queryRows(db, sql`select id, offer_id, price::text, recorded_at from price_history order by id`),
    feedItems: await queryRows(db, sql`select store_id, item_id, product_id, current_price::text, in_stock, updated_at from feed_items order by store_id, item_id`),
  };
}

async function productByName(name: string) {
  const row = await queryOne<{ id: number }>(db, sql`select id from products where name = ${name}`);
  if (!row) throw new Error(`no product named ${name}`);
  const [product] = await createProductRepository(db).hydrate(
    await db.query.products.findMany({ where: (p, { eq }) => eq(p.id, row.id) }),
  );
  if (!product) throw new Error('hydrate failed');
  return product;
}

async function historyOf(productName: string, storeSlug: string): Promise<string[]> {
  const rows = await queryRows<{ price: string }>(
    db,
    sql`select h.price::text as price from price_history h
        join offers o on o.id = h.offer_id join stores s on s.id = o.store_id join products p on p.id = o.product_id
        where p.name = ${productName} and s.slug = ${storeSlug} order by h.id`,
  );
  return rows.map((row) => row.price);
}

const PHONE = 'Samsung Galaxy M35 5G (Moonlight Blue, 8GB RAM, 128GB Storage)';
const DRESS = 'Libas Women Floral Print A-Line Dress';
const HEADPHONES = 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones';
const TV = 'LG 55 inch 4K Smart TV';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const stores = createStoreRepository(db);
  shopA = await stores.add({ slug: 'shop-a', name: 'Shop A', homepage: 'https://shop-a.example.in' });
  shopB = await stores.add({ slug: 'shop-b', name: 'Shop B', homepage: 'https://shop-b.example.in' });
});

afterAll(async () => {
  await database?.dispose();
});

describe('importing store feeds', () => {
  it('imports an XML feed: new products with offers, variants and a first price point; bad rows are reported', async () => {
    const summary = await run(shopA, fixture('shop-a.xml'));
    expect(summary).toMatchObject({ status: 'succeeded', itemsRead: 9, created: 7, updated: 0, unchanged: 0, productsCreated: 5, errorCount: 2 });
    expect(summary.errors).toEqual([
      { position: 7, line: 93, id: 'A-USD1', reason: 'price: currency USD is not INR' },
      {
        position: 8,
        id: 'A-HOSE1',
        reason: "unmapped category: product_type 'home & garden > hoses' is not mapped to a catalogue category",
      },
    ]);

    const phone = await productByName(PHONE);
    expect(phone).toMatchObject({
      category: 'electronics',
      subcategory: 'mobiles',
      brand: 'Samsung',
      model: 'SM-M356B',
      currentPrice: 16499,
      originalPrice: 19999,
      discount: 18,
      inStock: true,
      store: 'Shop A',
      freeShipping: true,
      affiliateUrl: 'https://shop-a.example.in/p/a-ph1',
      imageGallery: ['https://img.shop-a.example.in/a-ph1/1.jpg', 'https://img.shop-a.example.in/a-ph1/2.jpg'],
    });
    expect(phone.priceHistory.map((point) => point.price)).toEqual([16499]);
    expect(phone.offers[0]?.updatedAt).toEqual(expect.any(String));

    // Three sizes (item_group_id A-DR) are one product with variants; M is out of stock.
    const dress = await productByName(DRESS);
    expect(dress).toMatchObject({ category: 'ladies-apparels', subcategory: 'western-wear', subSubcategory: 'dresses', currentPrice: 1499 });
    expect(dress.variants.map((v) => [v.name, v.price])).toEqual([
      ['Maroon / S', 1499],
      ['Maroon / M', 1499],
      ['Maroon / L', 1599],
    ]);
    expect(dress.offers).toHaveLength(1);

    const kurta = await productByName('W for Woman Chikankari Kurta');
    expect(kurta).toMatchObject({ category: 'ladies-apparels', subcategory: 'indian-fusion-wear', subSubcategory: 'kurtas-suits' });
    expect((await snapshot()).history).toHaveLength(5);
  });

  it('joins another store’s items by GTIN (any spelling), brand + MPN (any case) and variant group', async () => {
    const summary = await run(shopB, fixture('shop-b.tsv'));
    expect(summary).toMatchObject({ status: 'succeeded', itemsRead: 8, created: 6, productsCreated: 2, errorCount: 2 });
    expect(summary.errors).toEqual([
      { position: 6, id: 'B-9001', reason: 'price: currency EUR is not INR' },
      { position: 8, id: 'B-5001', reason: 'duplicate id: the later row at 9 has the same id and is imported instead' },
    ]);

    // GTIN-14 08901234567890 is the GTIN-13 8901234567890; its own category path is unmapped, which is fine for a match.
    const phone = await productByName(PHONE);
    expect(phone.offers.map((o) => [o.storeSlug, o.currentPrice])).toEqual([
      ['shop-b', 15999],
      ['shop-a', 16499],
    ]);
    expect(phone).toMatchObject({ store: 'Shop B', currentPrice: 15999, originalPrice: 16999 });

    // "SONY" + "wh1000xm5/b" is Sony's WH1000XM5/B.
    const headphones = await productByName(HEADPHONES);
    expect(headphones.offers.map((o) => o.storeSlug).sort()).toEqual(['shop-a', 'shop-b']);

    // B-3001-S matches size S by GTIN; B-3001-XL (no GTIN) follows its group onto the same product.
    const dress = await productByName(DRESS);
    expect(dress.variants.map((v) => [v.name, v.price])).toEqual([
      ['Maroon / S', 1399],
      ['Maroon / M', 1499],
      ['Maroon / L', 1599],
      ['Maroon / XL', 1449],
    ]);
    expect(dress).toMatchObject({ currentPrice: 1399, store: 'Shop B' });

    // The later of two rows with one id wins.
    expect(await productByName('JBL Go 3 Portable Speaker')).toMatchObject({ currentPrice: 2799, subcategory: 'home-audio' });
    expect(await productByName('boAt Airdopes 141 TWS Earbuds')).toMatchObject({
      subcategory: 'headphones-earbuds-accessories',
      currentPrice: 1299,
    });
  });

  it('changes nothing and adds no history when the same feeds are imported again', async () => {
    const before = await snapshot();
    const a = await run(shopA, fixture('shop-a.xml'));
    const b = await run(shopB, fixture('shop-b.tsv'));
    expect(a).toMatchObject({ created: 0, updated: 0, unchanged: 7, priceChanges: 0, markedOutOfStock: 0, productsCreated: 0 });
    expect(b).toMatchObject({ created: 0, updated: 0, unchanged: 6, priceChanges: 0, markedOutOfStock: 0, productsCreated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('appends one history point per price change and marks items missing from a full feed out of stock', async () => {
    const summary = await run(shopA, fixture('shop-a-v2.xml'));
    expect(summary).toMatchObject({ updated: 3, unchanged: 3, priceChanges: 2, markedOutOfStock: 1, created: 0 });
    expect(await historyOf(PHONE, 'shop-a')).toEqual(['16499.00', '15499.00']);
    expect(await historyOf(HEADPHONES, 'shop-a')).toEqual(['29990.00', '31990.00']);
    // Back in stock, same price: no history point.
    expect(await historyOf(DRESS, 'shop-a')).toEqual(['1499.00']);

    // Not listed any more: out of stock at that store, not deleted.
    const tv = await productByName(TV);
    expect(tv).toMatchObject({ inStock: false, currentPrice: 45990 });
    expect(tv.offers).toEqual([expect.objectContaining({ storeSlug: 'shop-a', inStock: false })]);
    expect(await historyOf(TV, 'shop-a')).toEqual(['45990.00']);

    const phone = await productByName(PHONE);
    expect(phone).toMatchObject({ store: 'Shop A', currentPrice: 15499 });

    const again = await snapshot();
    expect(await run(shopA, fixture('shop-a-v2.xml'))).toMatchObject({ updated: 0, priceChanges: 0, markedOutOfStock: 0 });
    expect(await snapshot()).toEqual(again);
  });

  it('joins an item to the offer the store already has by the store’s own id', async () => {
    const productId = await insertProduct(db, { name: 'Boat Stone 1200', offers: [{ store: 'shop-c', price: 5000 }] });
    const shopC = (await createStoreRepository(db).find('shop-c')) as StoreRow;
    const feed = (title: string, price: string) =>
      tsv([[`shop-c-${productId}`, title, 'https://shop-c.example.in/1', 'https://img.shop-c.example.in/1.jpg', 'in stock', price, '', '', '', '', '']]);

    const first = await run(shopC, feed('boAt Stone 1200 Speaker (renamed by the store)', '4500.00 INR'));
    expect(first).toMatchObject({ created: 1, productsCreated: 0, priceChanges: 1, errorCount: 0 });
    const product = await productByName('Boat Stone 1200');
    expect(product.id).toBe(productId);
    expect(product).toMatchObject({ currentPrice: 4500, store: 'Shop C' });
    expect(await historyOf('Boat Stone 1200', 'shop-c')).toEqual(['5000.00', '4500.00']);

    // Seen before: the same id keeps its product whatever else changes.
    const second = await run(shopC, feed('boAt Stone 1200', '4400.00 INR'));
    expect(second).toMatchObject({ updated: 1, productsCreated: 0, priceChanges: 1 });
    expect((await productByName('Boat Stone 1200')).currentPrice).toBe(4400);
  });

  it('leaves items a partial feed does not mention alone', async () => {
    const shopC = (await createStoreRepository(db).find('shop-c')) as StoreRow;
    const summary = await run(
      shopC,
      tsv([['C-NEW-1', 'Noise ColorFit Pro 5', 'https://shop-c.example.in/2', 'https://img.shop-c.example.in/2.jpg', 'in stock', '3999.00 INR', '', 'Noise', '', '', 'Electronics > Smart Watches']]),
      { partial: true },
    );
    expect(summary).toMatchObject({ created: 1, productsCreated: 1, markedOutOfStock: 0 });
    expect(await productByName('Boat Stone 1200')).toMatchObject({ inStock: true, currentPrice: 4400 });
  });

  it('fails cleanly on a truncated file and on a file that is not a feed: nothing is written', async () => {
    const before = await snapshot();
    for (const [file, message] of [
      ['truncated.xml', /line \d+/],
      ['not-a-feed.html', /not an RSS or Atom product feed/],
    ] as const) {
      const error = await run(shopA, fixture(file)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ImportFailedError);
      expect((error as ImportFailedError).message).toMatch(message);
      expect((error as ImportFailedError).summary).toMatchObject({ status: 'failed', created: 0, updated: 0 });
    }
    expect(await snapshot()).toEqual(before);
    const runs = await queryRows<{ status: string; message: string | null }>(
      db,
      sql`select status, message from import_runs where store_id = ${shopA.id} order by id desc limit 2`,
    );
    expect(runs.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(runs[1]?.message).toMatch(/line \d+/);
    const stages = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from pg_tables where tablename like 'feed_stage_%'`);
    expect(stages?.n).toBe(0);
  });

  it('reports an item whose category maps to nothing, and imports it once the category is mapped', async () => {
    const gadget = tsv([
      ['A-GAD-1', 'Mi Smart Band 8', 'https://shop-a.example.in/p/gad1', 'https://img.shop-a.example.in/gad1.jpg', 'in stock', '3499.00 INR', '', 'Xiaomi', '', 'BHR7165GL', 'Gadgets > Fitness Bands'],
    ]);
    const partial = { partial: true };
    const unmapped = await run(shopA, gadget, partial);
    expect(unmapped).toMatchObject({ created: 0, errorCount: 1, productsCreated: 0 });
    expect(unmapped.errors[0]).toEqual({
      position: 2,
      id: 'A-GAD-1',
      reason: "unmapped category: product_type 'gadgets > fitness bands' is not mapped to a catalogue category",
    });

    await setCategoryMapping(db, 'Gadgets > Fitness Bands', 'electronics/wearable-technology');
    const mapped = await run(shopA, gadget, partial);
    expect(mapped).toMatchObject({ created: 1, errorCount: 0, productsCreated: 1 });
    expect(await productByName('Mi Smart Band 8')).toMatchObject({ category: 'electronics', subcategory: 'wearable-technology' });
  });

  it('keeps the products’ best offers exactly as refreshBestOffers computes them', async () => {
    const columns = sql`select p.id, best_offer_id, current_price::text, original_price::text, discount, in_stock, ps.search_text
      from products p left join product_search ps on ps.product_id = p.id order by p.id`;
    const before = await queryRows(db, columns);
    await refreshBestOffers(db, 'all');
    expect(await queryRows(db, columns)).toEqual(before);
  });

  it('records every run in import_runs', async () => {
    const runs = await queryRows<{ status: string; created: number; error_count: number; duration_ms: number | null; finished_at: Date | null }>(
      db,
      sql`select status, created, error_count, duration_ms, finished_at from import_runs where store_id = ${shopA.id} order by id`,
    );
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'failed', 'failed', 'succeeded', 'succeeded']);
    expect(runs[0]).toMatchObject({ created: 7, error_count: 2 });
    for (const r of runs) {
      expect(r.duration_ms).toEqual(expect.any(Number));
      expect(r.finished_at).not.toBeNull();
    }
  });

  it('runs one import per store at a time and takes over a run whose process died', async () => {
    await db.execute(sql`insert into import_runs (store_id, source, status) values (${shopB.id}, 'elsewhere.tsv', 'running')`);
    await expect(run(shopB, fixture('shop-b.tsv'))).rejects.toBeInstanceOf(ImportBusyError);

    await db.execute(sql`update import_runs set heartbeat_at = now() - interval '1 hour' where store_id = ${shopB.id} and status = 'running'`);
    expect(await run(shopB, fixture('shop-b.tsv'))).toMatchObject({ status: 'succeeded', unchanged: 6 });
    const interrupted = await queryOne<{ status: string; message: string }>(
      db,
      sql`select status, message from import_runs where source = 'elsewhere.tsv'`,
    );
    expect(interrupted).toMatchObject({ status: 'failed', message: expect.stringMatching(/interrupted/) });
  });

  it('imports a generated feed across many staging batches, then re-imports it unchanged and with new prices', async () => {
    const store = await createStoreRepository(db).add({ slug: 'gen-store', name: 'Gen Store', homepage: 'https://gen.example.in' });
    const options = { format: 'xml' as const, items: 1200, storeSlug: 'gen-store', seed: 3, invalidEvery: 100 };
    const estimatedItems = async () =>
      (await queryOne<{ n: number }>(db, sql`select reltuples::int as n from pg_class where relname = 'feed_items'`))?.n ?? 0;
    expect(await estimatedItems()).toBeLessThan(1188);
    const first = await run(store, { input: feedChunks(options), name: 'gen.xml' }, { batchSize: 250 });
    expect(first).toMatchObject({ status: 'succeeded', itemsRead: 1200, created: 1188, errorCount: 12 });
    // An import that more than grows a table leaves fresh planner statistics for the next one.
    expect(await estimatedItems()).toBeGreaterThanOrEqual(1188);
    expect(first.errors[0]).toMatchObject({ position: 100, reason: 'price: currency USD is not INR' });
    const grouped = await queryOne<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p where jsonb_array_length(p.variants) = 4
            and exists (select 1 from feed_items fi where fi.product_id = p.id and fi.store_id = ${store.id})`,
    );
    expect(grouped?.n).toBeGreaterThan(50);

    const unchanged = await run(store, { input: feedChunks(options), name: 'gen.xml' }, { batchSize: 250 });
    expect(unchanged).toMatchObject({ created: 0, updated: 0, unchanged: 1188, priceChanges: 0 });

    const offers = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from offers where store_id = ${store.id}`);
    const shifted = await run(store, { input: feedChunks({ ...options, priceShift: 0.1 }), name: 'gen.xml' }, { batchSize: 250 });
    expect(shifted).toMatchObject({ created: 0, updated: 1188, productsCreated: 0 });
    expect(shifted.priceChanges).toBe(offers?.n);

    // A second store selling the same catalogue: its items join the products by GTIN, and the statistics its
    // later statements are planned on count its own new rows (on old ones, a million-item feed of a second store
    // ran a nested loop over a million rows per item).
    const second = await createStoreRepository(db).add({ slug: 'gen-store-2', name: 'Gen Store 2', homepage: 'https://gen2.example.in' });
    const other = await run(second, { input: feedChunks({ ...options, storeSlug: 'gen-store-2' }), name: 'gen.xml' }, { batchSize: 250 });
    expect(other).toMatchObject({ status: 'succeeded', created: 1188 });
    expect(other.productsCreated).toBeLessThan(other.created / 10);
    const items = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from feed_items`);
    expect(await estimatedItems()).toBeGreaterThanOrEqual(items?.n ?? Number.POSITIVE_INFINITY);
  }, 60_000); // Several imports, each also refreshing the listing scope stats: over 30 s on a loaded machine.
});
