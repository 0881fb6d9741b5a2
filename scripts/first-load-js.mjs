/**
 * First-load JavaScript per page (issue 12's budget: ≤ 150 KB gzipped for a product page, measured on every page):
 * the entry chunk plus the page's screen chunk and everything both import statically, each file gzip -9, from
 * Vite's build manifest. Dynamic imports (dialogs, charts, the header's menus, the toaster) are not first load.
 *
 *   node scripts/first-load-js.mjs [--dist dir] [--budget 150]
 *
 * Without --dist it builds the web app into a temporary directory (`vite build --manifest --outDir …`) and removes it
 * afterwards. Prints each page's figure and the files it is made of; exits 1 when a page is over the budget.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const arg = (flag) => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? process.argv[at + 1] : undefined;
};

const PAGES = {
  home: 'features/home/home-page.tsx',
  listing: 'features/listing/listing-page.tsx',
  product: 'features/products/product-page.tsx',
};
const ENTRY = 'index.html';
const budgetKb = Number(arg('--budget') ?? 150);

let dist = arg('--dist');
let scratch = null;
if (!dist) {
  scratch = mkdtempSync(path.join(tmpdir(), 'bachat-first-load-'));
  dist = scratch;
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
}

try {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  /** The chunk's file and every file it imports statically, transitively. */
  const staticClosure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) staticClosure(imported, files);
    return files;
  };

  const entryFiles = staticClosure(ENTRY);
  const entryKb = [...entryFiles].reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
  console.log(`First-load JavaScript (gzip -9, from ${path.relative(process.cwd(), dist) || dist}/.vite/manifest.json), budget ${budgetKb} KB`);
  console.log(`  entry and its static imports: ${entryKb.toFixed(1)} KB`);
  let over = false;
  for (const [page, source] of Object.entries(PAGES)) {
    const files = staticClosure(source, new Set(entryFiles));
    const kb = [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
    const ok = kb <= budgetKb;
    over ||= !ok;
    const own = [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `${path.basename(file)} ${(sizeOf(file) / 1024).toFixed(1)}`)
      .join(', ');
    console.log(`  ${page.padEnd(8)} ${kb.toFixed(1).padStart(6)} KB ${ok ? 'ok' : `OVER (budget ${budgetKb} KB)`}   (+ ${own})`);
  }
  process.exitCode = over ? 1 : 0;
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
