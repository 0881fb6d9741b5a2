/**
 * Server-rendering benchmark: on a 100,000-product catalogue on PostgreSQL, a server-rendered product page and
 * listing page against the JSON API route with the same data, measured in the same run, interleaved (so a busy
 * machine slows both alike). Budgets: each page at ≥ 50% of its JSON route's throughput, and p95 ≤ 30 ms.
 *
 *   npx tsx bench/ssr-bench.ts [--products 100000] [--rounds 200] [--only "1st view"]
 *   (--only: the cases whose name contains it, e.g. "product" or "1st view"; for profiling one case)
 *
 * Uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) to create and drop a database
 * of its own. Requests go through app.inject: the full Fastify pipeline without sockets, asking for brotli as browsers do.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './bench-database';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES, LISTING_PAGE_SIZE } from '@/shared/catalog';
import { loadConfig } from '@/server/config';
import { bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { refreshBestOffers } from '@/server/db/refresh-best-offers';
import { refreshListingStats } from '@/server/modules/products/listing-stats';

export type SsrBenchResult = { name: string; ok: boolean; detail: string };

const leaves = [
  ...ELECTRONICS_SUBCATEGORIES.map((sub) => ({ category: 'electronics', sub, subSub: null as string | null })),
  ...APPAREL_GROUPS.flatMap((group) => group.children.map((child) => ({ category: 'ladies-apparels', sub: group.slug as string, subSub: child as string | null }))),
];
const pgArray = (values: (string | null)[]) => `array[${values.map((v) => (v === null ? 'null' : `'${v}'`)).join(',')}]::text[]`;
/** Pages served before the first views (see there); the warm-up of the steady-state pairs is per pair. */
const FIRST_VIEW_WARM_UP = 300;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function runSsrBench(
  options: { products?: number; rounds?: number; only?: string; log?: (line: string) => void } = {},
): Promise<SsrBenchResult[]> {
  const total = options.products ?? 100_000;
  const rounds = options.rounds ?? 200;
  const log = options.log ?? console.log;
  const database = await openBenchDatabase('ssr', log);
  try {
    const started = Date.now();
    const { db } = database;
    await db.execute(sql.raw(`insert into stores (slug, name, homepage) select 'store-' || i, 'Store ' || i, 'https://store' || i || '.example' from generate_series(1, 8) i`));
    await db.execute(
      sql.raw(`
      insert into products (slug, name, brand, model, category, subcategory, sub_subcategory, rating, review_count, trending, image, description)
      select 'p-' || i, 'Product ' || i || ' ' || (array['Galaxy','Redmi','Kurta','Saree','Laptop','Earbuds','Dress','Jeans'])[1 + i % 8],
        (array['Samsung','Apple','Xiaomi','Biba','Libas','Sony','LG','Zara','Lenovo','boAt'])[1 + i % 10], 'M' || i,
        (${pgArray(leaves.map((l) => l.category))})[1 + i % ${leaves.length}],
        (${pgArray(leaves.map((l) => l.sub))})[1 + i % ${leaves.length}],
        (${pgArray(leaves.map((l) => l.subSub))})[1 + i % ${leaves.length}],
        round((3 + (i % 20) / 10.0)::numeric, 2), (i * 37) % 5000, i % 10 = 0, '/api/media/products/p-' || i || '/0.svg',
        'A product of the benchmark catalogue, number ' || i || '.'
      from generate_series(1, ${total}) i`),
    );
    await db.execute(
      sql.raw(`
      insert into offers (product_id, store_id, store_item_id, current_price, original_price, in_stock, stock_quantity, free_shipping)
      select p.id, s.n, 'item-' || p.id || '-' || s.n,
        (200 + (p.id * 7919 + s.n * 101) % 150000)::numeric(12,2),
        ((200 + (p.id * 7919 + s.n * 101) % 150000) * (1 + (p.id % 4) / 10.0))::numeric(12,2),
        (p.id + s.n) % 9 <> 0, 5, true
      from products p cross join (values (1), (4), (7)) s(n)`),
    );
    await db.execute(
      sql.raw(`
      insert into price_history (offer_id, price, recorded_at)
      select o.id, (o.current_price * (1 + d / 50.0))::numeric(12,2), now() - (d * interval '9 days')
      from offers o cross join generate_series(0, 4) d`),
    );
    await refreshBestOffers(db, 'all');
    // As an import leaves it: the unfiltered listings' counts precomputed, for the version it commits.
    await db.transaction(async (tx) => {
      await refreshListingStats(tx);
      await bumpCatalogueVersion(tx);
    });
    // As autovacuum leaves the tables within a minute of a load: statistics, and the visibility map that lets a
    // listing's page query read the covering scope index alone (an index-only scan).
    await db.execute(sql`vacuum analyze`);
    log(`ssr bench: loaded ${total.toLocaleString('en-IN')} products (3 offers each) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-bench-'));
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000',
      WEB_DIST: process.env.BENCH_WEB_DIST ?? 'dist/web',
    });
    // React's production build, as the server runs it (npm start sets NODE_ENV=production): loaded only now.
    process.env.NODE_ENV = 'production';
    const { buildApp } = await import('@/server/app');
    const app = await buildApp({ config, database, logger: false });
    await app.ready();

    // Steady state: shoppers ask for the same popular pages again and again, so pages and JSON come from the
    // catalogue cache (a hundred products, two listing URLs). First views: every URL once (what the first
    // request for a page after an import costs): the page is rendered, its JSON computed.
    const popular = (i: number) => 1 + (((i % 100) * 7919) % total);
    const once = (i: number) => 1 + (((i + 1000) * 104_729) % total);
    const pairs = [
      { name: 'product page', warm: 100, page: (i: number) => `/product/${popular(i)}`, json: (i: number) => `/api/products/${popular(i)}` },
      {
        name: 'listing page',
        warm: 20,
        page: (i: number) => `/products/electronics/mobiles${i % 2 ? '?sort=price-low' : ''}`,
        json: (i: number) => `/api/products/browse/electronics/mobiles?pageSize=${LISTING_PAGE_SIZE}${i % 2 ? '&sort=price-low' : ''}`,
      },
      { name: 'product, 1st view', warm: 0, page: (i: number) => `/product/${once(2 * i)}`, json: (i: number) => `/api/products/${once(2 * i + 1)}` },
      {
        name: 'listing, 1st view',
        warm: 0,
        page: (i: number) => `/products/electronics/mobiles?page=${2 + 2 * (i % 40)}&sort=${i < 40 ? 'price-low' : i < 80 ? 'price-high' : 'rating'}`,
        json: (i: number) =>
          `/api/products/browse/electronics/mobiles?pageSize=${LISTING_PAGE_SIZE}&page=${3 + 2 * (i % 40)}&sort=${i < 40 ? 'price-low' : i < 80 ? 'price-high' : 'rating'}`,
      },
    ];
    const results: SsrBenchResult[] = [];
    let firstViewsWarmedUp = false;
    for (const pair of pairs) {
      if (options.only && !pair.name.includes(options.only)) continue;
      if (pair.warm === 0 && !firstViewsWarmedUp) {
        firstViewsWarmedUp = true;
        const measured = new Set(Array.from({ length: 2 * rounds + 2 }, (_, i) => once(i)));
        const others = Array.from({ length: 2 * FIRST_VIEW_WARM_UP + measured.size }, (_, i) => total - i).filter((id) => !measured.has(id));
        // A first view happens on a server that has been serving for a while, not on a fresh process whose
        // compiler has seen a screen a dozen times: before the first views, other pages (another category's
        // listing pages, products the first views never ask for) are served once each, uncached like them.
        const served = async (url: string) => {
          const response = await app.inject({ method: 'GET', url });
          if (response.statusCode !== 200) throw new Error(`warm-up ${url}: ${response.statusCode}`);
        };
        for (let i = 0; i < FIRST_VIEW_WARM_UP; i++) {
          await served(`/products/electronics/computers-accessories?page=${2 + (i % 100)}&sort=${i < 100 ? 'price-low' : i < 200 ? 'rating' : 'discount'}`);
          await served(`/api/products/browse/electronics/computers-accessories?pageSize=${LISTING_PAGE_SIZE}&page=${2 + (i % 100)}&sort=${i < 100 ? 'price-high' : i < 200 ? 'relevance' : 'rating'}`);
          await served(`/product/${others[2 * i]}`);
          await served(`/api/products/${others[2 * i + 1]}`);
        }
      }
      const time = async (url: string) => {
        const t0 = performance.now();
        // As a browser asks: compressed (pages and JSON alike come from the cache's brotli bodies when kept). The
        // body is read as the bytes a socket would carry: light-my-request's default decodes every body into a
        // string, which costs far more than sending it and weighs on the larger page, not on the server's work.
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' }, payloadAsStream: true });
        let bytes = 0;
        for await (const chunk of response.stream()) bytes += (chunk as Buffer).length;
        const ms = performance.now() - t0;
        if (response.statusCode !== 200 || bytes === 0) throw new Error(`${url}: ${response.statusCode}, ${bytes} bytes`);
        return ms;
      };
      for (let i = 0; i < pair.warm; i++) {
        await time(pair.page(i));
        await time(pair.json(i));
      }
      const pageTimes: number[] = [];
      const jsonTimes: number[] = [];
      const roundsHere = pair.warm ? rounds : Math.min(rounds, 120);
      for (let i = 0; i < roundsHere; i++) {
        // Interleaved, alternating which goes first, so both see the same machine.
        if (i % 2) {
          pageTimes.push(await time(pair.page(i)));
          jsonTimes.push(await time(pair.json(i)));
        } else {
          jsonTimes.push(await time(pair.json(i)));
          pageTimes.push(await time(pair.page(i)));
        }
      }
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const pageRate = (1000 * roundsHere) / sum(pageTimes);
      const jsonRate = (1000 * roundsHere) / sum(jsonTimes);
      pageTimes.sort((a, b) => a - b);
      jsonTimes.sort((a, b) => a - b);
      const ratio = pageRate / jsonRate;
      const p95 = percentile(pageTimes, 95);
      const ok = ratio >= 0.5 && p95 <= 30;
      const detail =
        `page ${pageRate.toFixed(0)} req/s (p50 ${percentile(pageTimes, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms) · ` +
        `JSON ${jsonRate.toFixed(0)} req/s (p50 ${percentile(jsonTimes, 50).toFixed(1)} ms, p95 ${percentile(jsonTimes, 95).toFixed(1)} ms) · ` +
        `ratio ${(ratio * 100).toFixed(0)}% (budget ≥ 50%, p95 ≤ 30 ms)`;
      results.push({ name: pair.name, ok, detail });
      log(`  ${ok ? 'ok  ' : 'SLOW'} ${pair.name.padEnd(14)} ${detail}`);
    }
    await app.close();
    return results;
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('ssr-bench.ts')) {
  const arg = (flag: string) => {
    const at = process.argv.indexOf(flag);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const products = Number(arg('--products') ?? 0);
  const rounds = Number(arg('--rounds') ?? 0);
  const only = arg('--only');
  runSsrBench({ ...(products && { products }), ...(rounds && { rounds }), ...(only && { only }) })
    .then((results) => {
      process.exitCode = results.every((r) => r.ok) ? 0 : 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
