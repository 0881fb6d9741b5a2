/**
 * Feed import benchmark (issue 6): imports a generated feed of 1,000,000 items into a fresh PostgreSQL
 * database and reports items/s and peak memory, then re-imports it unchanged and with every price moved.
 *
 *   npx tsx bench/feed-import-bench.ts  (1,000,000 items, TSV; also part of npm run bench)
 *   npm run bench -- --items 200000 --format xml
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench
 *   FEEDS_PROFILE=1 npm run bench      (also prints the time of each import step)
 *   npx tsx bench/feed-import-bench.ts --phases 1   (the first import only, while tuning it)
 *
 * Creates the database bachat_bench_<pid> and drops it afterwards. Fails (exit 1) when the first import
 * runs below the budget of 20,000 items/s: this is a measurement, not a timed test.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '@/server/db/client';
import { type ImportSummary, importFeed } from '@/server/modules/feeds/import-feed';
import { queryOne } from '@/server/modules/feeds/sql-rows';
import { createStoreRepository } from '@/server/modules/feeds/store-repository';
import { type SyntheticFeedFormat, writeFeed } from './generate-feed';

const BUDGET_ITEMS_PER_SECOND = 20_000;
/** Peak RSS budget: streaming keeps it flat whatever the feed size. */
const BUDGET_PEAK_RSS_MB = 512;

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const items = Number(argValue('items') ?? 1_000_000);
const format = (argValue('format') ?? 'tsv') as SyntheticFeedFormat;
const phaseCount = Number(argValue('phases') ?? 3);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (!Number.isInteger(items) || items <= 0) throw new Error('--items must be a positive whole number');
if (format !== 'tsv' && format !== 'xml') throw new Error('--format must be tsv or xml');
if (![1, 2, 3].includes(phaseCount)) throw new Error('--phases must be 1, 2 or 3');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));
const fmt = (n: number) => n.toLocaleString('en-US');

/** Samples RSS every 25 ms while `run` works: the peak of this phase alone. */
async function measured<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 25);
  const started = performance.now();
  try {
    const result = await run();
    return { result, ms: performance.now() - started, peakRss: Math.max(peakRss, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

type Row = { phase: string; ms: number; itemsPerSecond: number; peakRss: number; summary: ImportSummary };

async function main() {
  const dbName = `bachat_bench_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const work = mkdtempSync(path.join(tmpdir(), 'bachat-bench-'));
  const results: Row[] = [];
  let failed = false;
  // Interrupted (Ctrl-C): still drop the database.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: dropping ${dbName}`);
    void admin
      .unsafe(`drop database if exists "${dbName}" with (force)`)
      .catch(() => {})
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await admin.unsafe(`create database "${dbName}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      const feed = path.join(work, `feed.${format}`);
      const shifted = path.join(work, `feed-shifted.${format}`);
      const gen = await measured(async () => {
        await writeFeed({ path: feed, format, items, storeSlug: 'bench-store', seed: 1 });
        // A day's change: one item in ten 5 % cheaper (so roughly one offer in seven, across variants).
        await writeFeed({ path: shifted, format, items, storeSlug: 'bench-store', seed: 1, priceShift: -0.05, priceShiftEvery: 10 });
      });
      console.log(
        `generated 2 × ${fmt(items)} items (${format}, ${mb(statSync(feed).size)} each) in ${(gen.ms / 1000).toFixed(1)} s (not timed below)`,
      );

      const store = await createStoreRepository(database.db).add({ slug: 'bench-store', name: 'Bench Store', homepage: 'https://bench.example.in' });
      const phases: [string, string][] = [
        ['first import (all new)', feed],
        ['re-import, unchanged', feed],
        ['re-import, 1 item in 10 repriced', shifted],
      ];
      for (const [phase, file] of phases.slice(0, phaseCount)) {
        const run = await measured(() =>
          importFeed(database.db, {
            store,
            source: file,
            ...(process.env.FEEDS_PROFILE === '1' ? { onStep: (step: string, ms: number) => console.log(`    ${step}: ${ms} ms`) } : {}),
          }),
        );
        const row = { phase, ms: run.ms, itemsPerSecond: rate(items, run.ms), peakRss: run.peakRss, summary: run.result };
        results.push(row);
        const s = run.result;
        console.log(
          `${phase}: ${fmt(items)} items in ${(run.ms / 1000).toFixed(1)} s = ${fmt(row.itemsPerSecond)} items/s, peak RSS ${mb(run.peakRss)}` +
            ` (created ${fmt(s.created)}, updated ${fmt(s.updated)}, unchanged ${fmt(s.unchanged)}, price changes ${fmt(s.priceChanges)},` +
            ` products created ${fmt(s.productsCreated)}, errors ${fmt(s.errorCount)})`,
        );
      }
      const totals = await queryOne<{ products: number; offers: number; history: number }>(
        database.db,
        sql`select (select count(*) from products)::int as products, (select count(*) from offers)::int as offers,
              (select count(*) from price_history)::int as history`,
      );
      console.log(`database: ${fmt(totals?.products ?? 0)} products, ${fmt(totals?.offers ?? 0)} offers, ${fmt(totals?.history ?? 0)} price points`);
    } finally {
      await database.close();
    }
  } finally {
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${dbName} (BENCH_KEEP_DB=1)`);
    else await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {});
    await admin.end({ timeout: 5 });
    rmSync(work, { recursive: true, force: true });
  }

  const peak = Math.max(...results.map((row) => row.peakRss));
  console.log(`\nprocess peak RSS (whole run, generation included): ${mb(process.resourceUsage().maxRSS * 1024)}`);
  console.log(`\nbudgets: >= ${fmt(BUDGET_ITEMS_PER_SECOND)} items/s per import, <= ${BUDGET_PEAK_RSS_MB} MB peak RSS`);
  for (const row of results) {
    const ok = row.itemsPerSecond >= BUDGET_ITEMS_PER_SECOND;
    console.log(`  ${ok ? 'ok    ' : 'MISSED'} ${row.phase}: ${fmt(row.itemsPerSecond)} items/s`);
    failed ||= !ok;
  }
  if (results.length < phaseCount) failed = true;
  if (peak > BUDGET_PEAK_RSS_MB * 1024 * 1024) {
    console.error(`  MISSED peak RSS ${mb(peak)}`);
    failed = true;
  } else console.log(`  ok     peak RSS ${mb(peak)}`);
  if (failed) console.error('\n*** BUDGET MISSED (see above) ***');
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
