/**
 * Listing benchmark: 100,000 products (200,000 offers, 1,000,000 history points) on PostgreSQL, then the
 * listing, search and product calls a shopper makes, timed through the real app. Budgets are p95 per call.
 *
 *   npx tsx bench/listing-bench.ts [--products 100000]
 *
 * Uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) to create and drop a
 * database of its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES } from '@/shared/catalog';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import type { Database } from '@/server/db/client';
import { refreshBestOffers } from '@/server/db/refresh-best-offers';

export type BenchResult = { name: string; p50: number; p95: number; budgetMs: number; ok: boolean };

const leaves = [
  ...ELECTRONICS_SUBCATEGORIES.map((sub) => ({ category: 'electronics', sub, subSub: null as string | null })),
  ...APPAREL_GROUPS.flatMap((group) => group.children.map((child) => ({ category: 'ladies-apparels', sub: group.slug as string, subSub: child as string | null }))),
];

const pgArray = (values: (string | null)[]) => `array[${values.map((v) => (v === null ? 'null' : `'${v}'`)).join(',')}]::text[]`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * The bench catalogue: `total` products over every leaf category, two offers each, five history points per offer.
 * Shared with bench/facets-bench.ts.
 */
export async function loadListingData(db: Database, total: number): Promise<void> {
  await db.execute(sql.raw(`insert into stores (slug, name, homepage) select 'store-' || i, 'Store ' || i, 'https://store' || i || '.example' from generate_series(1, 8) i`));
  await db.execute(
    sql.raw(`
    insert into products (slug, name, brand, model, category, subcategory, sub_subcategory, rating, review_count, trending, image)
    select 'p-' || i, 'Product ' || i || ' ' || (array['Galaxy','Redmi','Kurta','Saree','Laptop','Earbuds','Dress','Jeans'])[1 + i % 8],
      (array['Samsung','Apple','Xiaomi','Biba','Libas','Sony','LG','Zara','Lenovo','boAt'])[1 + i % 10], 'M' || i,
      (${pgArray(leaves.map((l) => l.category))})[1 + i % ${leaves.length}],
      (${pgArray(leaves.map((l) => l.sub))})[1 + i % ${leaves.length}],
      (${pgArray(leaves.map((l) => l.subSub))})[1 + i % ${leaves.length}],
      round((3 + (i % 20) / 10.0)::numeric, 2), (i * 37) % 5000, i % 10 = 0, ''
    from generate_series(1, ${total}) i`),
  );
  await db.execute(
    sql.raw(`
    insert into offers (product_id, store_id, store_item_id, current_price, original_price, in_stock, stock_quantity, free_shipping)
    select p.id, s.n, 'item-' || p.id || '-' || s.n,
      (200 + (p.id * 7919 + s.n * 101) % 150000)::numeric(12,2),
      ((200 + (p.id * 7919 + s.n * 101) % 150000) * (1 + (p.id % 4) / 10.0))::numeric(12,2),
      (p.id + s.n) % 9 <> 0, 5, true
    from products p cross join (values (1 + 0), (2 + 3)) s(n)`),
  );
  await db.execute(
    sql.raw(`
    insert into price_history (offer_id, price, recorded_at)
    select o.id, (o.current_price * (1 + d / 50.0))::numeric(12,2), now() - (d * interval '9 days')
    from offers o cross join generate_series(0, 4) d`),
  );
  await refreshBestOffers(db, 'all');
}

export async function runListingBench(options: { products?: number; log?: (line: string) => void } = {}): Promise<BenchResult[]> {
  const total = options.products ?? 100_000;
  const log = options.log ?? console.log;
  const database = await openBenchDatabase('listing', log);
  try {
    const started = Date.now();
    const { db } = database;
    await loadListingData(db, total);
    await db.execute(sql`analyze`);
    log(`listing bench: loaded ${total.toLocaleString('en-IN')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-bench-'));
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', WEB_DIST: path.join(dataDir, 'none') });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();

    const cases: { name: string; url: string; budgetMs: number }[] = [
      { name: 'top category, relevance, page 1', url: '/api/products/browse/electronics', budgetMs: 60 },
      { name: 'top category, price low→high, page 1', url: '/api/products/browse/electronics?sort=price-low', budgetMs: 60 },
      { name: 'top category, price high→low, page 200', url: '/api/products/browse/electronics?sort=price-high&page=200', budgetMs: 100 },
      { name: 'subcategory, ₹8,300–41,500, rating', url: '/api/products/browse/electronics/mobiles?price=100-500&sort=rating', budgetMs: 60 },
      { name: 'sub-subcategory, discount', url: '/api/products/browse/apparels/western-wear/dresses?sort=discount', budgetMs: 60 },
      { name: 'brand filter', url: '/api/products/browse/electronics?brand=samsung&sort=price-low', budgetMs: 60 },
      { name: 'all products, page 1', url: '/api/products/all', budgetMs: 60 },
      { name: 'trending (home)', url: '/api/products?trending=true&pageSize=4', budgetMs: 50 },
      // A typo that matches 1 product in 8 (12,500 rows to rank): the broadest search the data allows.
      { name: 'search, broad typo (12,500 hits)', url: '/api/products?q=galxy', budgetMs: 300 },
      { name: 'search, model number', url: '/api/products?q=m4242', budgetMs: 60 },
      { name: 'search suggestions, typo', url: '/api/search/suggest?q=lenvo', budgetMs: 300 },
      { name: 'comparison candidates', url: '/api/products/category/electronics?exclude=2,4&subcategory=mobiles', budgetMs: 50 },
      { name: 'one product', url: '/api/products/5000', budgetMs: 20 },
    ];
    const results: BenchResult[] = [];
    for (const c of cases) {
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: c.url }); // warm up
      const timings: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: c.url });
        timings.push(performance.now() - t0);
        if (response.statusCode !== 200) throw new Error(`${c.url}: ${response.statusCode} ${response.body}`);
      }
      timings.sort((a, b) => a - b);
      const result = { name: c.name, p50: percentile(timings, 50), p95: percentile(timings, 95), budgetMs: c.budgetMs, ok: percentile(timings, 95) <= c.budgetMs };
      results.push(result);
      log(`  ${result.ok ? 'ok  ' : 'SLOW'} ${c.name.padEnd(42)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  (budget ${c.budgetMs} ms)`);
    }
    await app.close();
    return results;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('listing-bench.ts')) {
  const flag = process.argv.indexOf('--products');
  const products = flag > 0 ? Number(process.argv[flag + 1]) : undefined;
  runListingBench(products ? { products } : {})
    .then((results) => {
      process.exitCode = results.every((r) => r.ok) ? 0 : 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
