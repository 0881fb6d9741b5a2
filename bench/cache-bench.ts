/**
 * Catalogue serving benchmark (issue 18): throughput and p99 of anonymous catalogue answers against a bare Fastify
 * route serving the very same bytes in the same run, on the embedded database (demo catalogue) and on PostgreSQL
 * with 100,000 products; then the uncached path (cache off: what the first request after an import costs) and a
 * signed-in route. Servers run in child processes; load comes from autocannon in this one.
 *
 *   npx tsx bench/cache-bench.ts [--products 100000] [--seconds 5]
 *
 * Budgets: cached ≥ 0.5× the bare route and p99 ≤ 20 ms at 50 connections; uncached on PostgreSQL ≥ 1,500 req/s for
 * one product and ≥ 500 req/s for a 24-card listing page. Uses BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) for a database of its own, dropped afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { openDatabase } from '@/server/db/client';
import { refreshListingStats } from '@/server/modules/products/listing-stats';
import { sql } from 'drizzle-orm';
import { loadListingData } from './listing-bench';

type Server = { port: number; token: string; child: ChildProcess };
type Load = { rps: number; p99: number; errors: number };

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const seconds = arg('--seconds', 5);
const totalProducts = arg('--products', 100_000);

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serve-for-bench.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const { port, token } = JSON.parse(line) as { port: number; token: string };
      resolve({ port, token, child });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

async function load(url: string, connections: number, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

type Row = { db: string; name: string; bytes: number; app: Load; bare: Load | null; ok: boolean; budget: string };
const rows: Row[] = [];
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');

function report(row: Row) {
  rows.push(row);
  const ratio = row.bare ? ` bare ${fmt(row.bare.rps).padStart(7)} req/s  ratio ${(row.app.rps / row.bare.rps).toFixed(2)}` : '';
  console.log(
    `  ${row.ok ? 'ok  ' : 'MISS'} [${row.db}] ${row.name.padEnd(34)} ${(row.bytes / 1024).toFixed(1).padStart(6)} KB  ${fmt(row.app.rps).padStart(7)} req/s  p99 ${row.app.p99.toFixed(0).padStart(4)} ms${ratio}  (${row.budget})`,
  );
}

async function measure(db: string, env: Record<string, string>, ids: { product: number; suggest: string }) {
  const cases = [
    { name: 'one product', path: `/api/products/${ids.product}` },
    { name: 'listing page (24 cards)', path: '/api/products/browse/electronics?sort=price-low' },
    { name: 'comparison candidates', path: '/api/products/category/electronics?exclude=2,4&subcategory=mobiles' },
    { name: 'search suggestions', path: `/api/search/suggest?q=${ids.suggest}` },
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'bachat-cache-bench-'));
  const app = await startServer(env);
  try {
    for (const c of cases) {
      const url = `http://127.0.0.1:${app.port}${c.path}`;
      const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      if (response.status !== 200) throw new Error(`${c.path}: ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      const file = path.join(dir, `${c.name.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, body);
      const bare = await startServer({ BENCH_SERVE_BARE: file });
      try {
        const bareLoad = await load(`http://127.0.0.1:${bare.port}${c.path}`, 50);
        const appLoad = await load(url, 50);
        const ok = appLoad.errors === 0 && appLoad.rps >= 0.5 * bareLoad.rps && appLoad.p99 <= 20;
        report({ db, name: `${c.name}, cached`, bytes: body.length, app: appLoad, bare: bareLoad, ok, budget: '≥ 0.5× bare, p99 ≤ 20 ms' });
      } finally {
        await stop(bare);
      }
    }
  } finally {
    await stop(app);
  }

  // The uncached path: every request computes its answer (as the first one after an import does).
  const uncached = await startServer({ ...env, BENCH_SERVE_NO_CACHE: '1' });
  try {
    const base = `http://127.0.0.1:${uncached.port}`;
    const onPostgres = db !== 'embedded';
    const product = await load(`${base}/api/products/${ids.product}`, 10);
    report({ db, name: 'one product, uncached', bytes: 0, app: product, bare: null, ok: product.errors === 0 && (!onPostgres || product.rps >= 1500), budget: onPostgres ? '≥ 1,500 req/s' : 'recorded' });
    const listing = await load(`${base}/api/products/browse/electronics?sort=price-low`, 10);
    report({ db, name: 'listing page, uncached', bytes: 0, app: listing, bare: null, ok: listing.errors === 0 && (!onPostgres || listing.rps >= 500), budget: onPostgres ? '≥ 500 req/s' : 'recorded' });
    const wishlist = await load(`${base}/api/wishlist`, 10, { authorization: `Bearer ${uncached.token}` });
    report({ db, name: 'wishlist (signed in, 6 items)', bytes: 0, app: wishlist, bare: null, ok: wishlist.errors === 0, budget: 'recorded' });
  } finally {
    await stop(uncached);
  }
}

async function main() {
  console.log(`cache bench: ${seconds} s per measurement; the machine is shared, so read ratios within one run`);
  await measure('embedded', {}, { product: 5, suggest: 'samsng' });

  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `i18_bench_cache_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    const started = Date.now();
    await loadListingData(database.db, totalProducts);
    await database.db.execute(sql`analyze`);
    // As a feed import ends: the unfiltered listings' counts for the version it commits.
    const refreshStarted = Date.now();
    await database.db.transaction(async (tx) => {
      await refreshListingStats(tx);
      await bumpCatalogueVersion(tx);
    });
    const refreshMs = Date.now() - refreshStarted;
    await database.close();
    console.log(`  loaded ${fmt(totalProducts)} products on PostgreSQL in ${((Date.now() - started) / 1000).toFixed(0)} s (listing scope stats: ${refreshMs} ms)`);
    await measure(`postgres ${fmt(totalProducts)}`, { BENCH_SERVE_URL: url.toString() }, { product: 5000, suggest: 'lenvo' });
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
  process.exitCode = rows.every((row) => row.ok) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
