/**
 * `npm run bench`: every benchmark in turn (each prints its measurements and budgets); exits non-zero when any
 * misses a budget. Flags go to each (`--products N` for the listing, `--items N --format xml` for the feed import).
 */
import { spawnSync } from 'node:child_process';

const benchmarks = [
  'bench/listing-bench.ts',
  'bench/facets-bench.ts',
  'bench/feed-import-bench.ts',
  'bench/scale-bench.ts',
  'bench/go-bench.ts',
  'bench/ssr-bench.ts',
  'bench/cache-bench.ts',
  // First-load JavaScript per page against issue 12's 150 KB (gzip -9, from a fresh build's manifest).
  'scripts/first-load-js.mjs',
];
let failed = false;
for (const file of benchmarks) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...process.argv.slice(2)], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exitCode = failed ? 1 : 0;
