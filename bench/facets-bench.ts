/**
 * Facets and deals benchmark (issue 15): bench/listing-bench.ts's 100,000-product catalogue on PostgreSQL, plus
 * typed attributes (RAM, storage, battery, network on electronics; size, colour, fabric on apparel) and older
 * price history for one product in five (so there are deals). Budgets: a listing with 3 facets selected and its
 * counts p95 <= 50 ms and >= 30% of the throughput of a plain category page measured in the same run; deals p95
 * <= 50 ms. Every request asks for a different page, so the catalogue cache never answers it: this measures
 * the database work.
 *
 *   npx tsx bench/facets-bench.ts [--products 100000]
 *
 * BENCH_KEEP_DB=1 leaves the database in place afterwards (its name is printed), to EXPLAIN queries on it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { refreshDeals } from '@/server/modules/deals/refresh-deals';
import { refreshListingStats } from '@/server/modules/products/listing-stats';
import { type BenchResult, loadListingData } from './listing-bench';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runFacetsBench(options: { products?: number; log?: (line: string) => void } = {}): Promise<BenchResult[]> {
  const total = options.products ?? 100_000;
  const log = options.log ?? console.log;
  const database = await openBenchDatabase('facets', log);
  try {
    const started = Date.now();
    const { db } = database;
    await loadListingData(db, total);
    await db.execute(sql`
      insert into product_attributes (product_id, name, label, value, value_key, unit, num)
      select id, a.name, a.label, a.value, lower(replace(a.value, ' ', '-')), a.unit, a.num from products p
      cross join lateral (values
        ('ram', 'RAM', ((array[4,6,8,12,16])[1 + p.id % 5]) || ' GB', 'GB', (array[4,6,8,12,16])[1 + p.id % 5]::numeric),
        ('storage', 'Storage', ((array[64,128,256,512])[1 + (p.id / 5) % 4]) || ' GB', 'GB', (array[64,128,256,512])[1 + (p.id / 5) % 4]::numeric),
        ('battery', 'Battery', (4000 + (p.id * 37) % 2500) || ' mAh', 'mAh', (4000 + (p.id * 37) % 2500)::numeric),
        ('colour', 'Colour', (array['Black','Blue','Green','Red','White','Beige'])[1 + (p.id / 3) % 6], null, null)
      ) a(name, label, value, unit, num)
      where p.category = 'electronics' and (a.name = 'colour' or p.subcategory in ('mobiles', 'tablets', 'computers-accessories'))
      union all
      select id, 'network', 'Network', '5G', '5g', null, 5 from products where subcategory = 'mobiles' and id % 3 <> 0
      union all
      select id, a.name, a.label, a.value, lower(replace(a.value, ' ', '-')), null, null from products p
      cross join lateral (values
        ('size', 'Size', (array['XS','S','M','L','XL'])[1 + p.id % 5]),
        ('size', 'Size', (array['XS','S','M','L','XL'])[1 + (p.id + 1) % 5]),
        ('colour', 'Colour', (array['Black','Blue','Green','Red','White','Beige','Maroon','Mustard'])[1 + (p.id / 7) % 8]),
        ('fabric', 'Fabric', (array['Cotton','Georgette','Rayon','Silk','Polyester'])[1 + (p.id / 11) % 5])
      ) a(name, label, value)
      where p.category = 'ladies-apparels'`);
    // One product in five was 30% dearer for most of the last 90 days: a deal today.
    await db.execute(sql`
      insert into price_history (offer_id, price, recorded_at)
      select o.id, (o.current_price * 1.3)::numeric(12,2), now() - interval '80 days'
      from offers o join products p on p.best_offer_id = o.id where p.id % 5 = 0`);
    const deals = await db.transaction((tx) => refreshDeals(tx));
    // Steady state: autovacuum has visited the freshly loaded tables (visibility map set, so index-only scans skip the heap).
    await db.execute(sql`vacuum analyze`);
    // As an import ends: the unfiltered listings' counts (issue 18), for the version it commits.
    const statsStarted = performance.now();
    await db.transaction(async (tx) => {
      await refreshListingStats(tx);
      await bumpCatalogueVersion(tx);
    });
    log(`facets bench: listing scope stats refreshed in ${(performance.now() - statsStarted).toFixed(0)} ms`);
    log(`facets bench: loaded ${total.toLocaleString('en-IN')} products with attributes and ${deals.deals.toLocaleString('en-IN')} deals in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-bench-'));
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', WEB_DIST: path.join(dataDir, 'none') });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();

    const cases: { name: string; url: (page: number) => string; budgetMs: number }[] = [
      { name: 'plain category page (no facets)', url: (p) => `/api/products?category=electronics&subcategory=mobiles&page=${p}`, budgetMs: 50 },
      { name: 'category page, stored facet counts', url: (p) => `/api/products/browse/electronics/mobiles?page=${p}`, budgetMs: 50 },
      { name: '3 facets selected + counts', url: (p) => `/api/products/browse/electronics/mobiles?f=ram.8-gb,ram.12-gb,storage.256-gb,battery.5000-5999&page=${p}`, budgetMs: 50 },
      { name: 'apparel, 3 facets + counts', url: (p) => `/api/products/browse/apparels/western-wear/dresses?f=size.m,colour.black,colour.red,fabric.cotton&page=${p}`, budgetMs: 50 },
      { name: 'deals page', url: (p) => `/api/deals?page=${p}`, budgetMs: 50 },
      { name: 'deals, electronics, 20%+', url: (p) => `/api/deals?category=electronics&minDrop=20&page=${p}`, budgetMs: 50 },
    ];
    const results: BenchResult[] = [];
    const means = new Map<string, number>();
    for (const c of cases) {
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: c.url(1000 + i) }); // warm up
      const timings: number[] = [];
      for (let i = 0; i < 40; i++) {
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: c.url(i + 1) });
        timings.push(performance.now() - t0);
        if (response.statusCode !== 200) throw new Error(`${c.url(i + 1)}: ${response.statusCode} ${response.body}`);
      }
      means.set(c.name, timings.reduce((a, b) => a + b, 0) / timings.length);
      timings.sort((a, b) => a - b);
      const result = { name: c.name, p50: percentile(timings, 50), p95: percentile(timings, 95), budgetMs: c.budgetMs, ok: percentile(timings, 95) <= c.budgetMs };
      results.push(result);
      log(`  ${result.ok ? 'ok  ' : 'SLOW'} ${c.name.padEnd(36)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  (budget ${c.budgetMs} ms)`);
    }
    const plain = means.get('plain category page (no facets)') ?? 1;
    const faceted = means.get('3 facets selected + counts') ?? 1;
    const ratio = plain / faceted;
    const ratioOk = ratio >= 0.3;
    log(`  ${ratioOk ? 'ok  ' : 'SLOW'} throughput, 3 facets + counts vs plain category page: ${(ratio * 100).toFixed(0)}% (budget >= 30%)`);
    results.push({ name: 'facets throughput ratio', p50: ratio, p95: ratio, budgetMs: 0.3, ok: ratioOk });
    await app.close();
    return results;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('facets-bench.ts')) {
  const flag = process.argv.indexOf('--products');
  const products = flag > 0 ? Number(process.argv[flag + 1]) : undefined;
  runFacetsBench(products ? { products } : {})
    .then((results) => {
      process.exitCode = results.every((r) => r.ok) ? 0 : 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
