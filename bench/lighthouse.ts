/**
 * Lighthouse 12, mobile (its default: simulated slow 4G and a 4× slower CPU), on home, a listing, a product page,
 * the deals page, search results and a shared comparison of a production build with the demo catalogue. A
 * measurement, not a test: it prints each page's scores, LCP and CLS against the budgets (performance ≥ 0.95, SEO 1.0
 * where the page is indexed, accessibility ≥ 0.95, best practices ≥ 0.95, LCP ≤ 2.0 s, CLS ≤ 0.02) and exits
 * non-zero when one is missed.
 *
 *   npx tsx bench/lighthouse.ts [--port 3211] [--runs 1] [--url http://host:port] [--save dir] [--only product]
 *   (CHROME_PATH, default /usr/bin/chromium; --save writes each run's full report as JSON, --only measures one page)
 *
 * Without --url it builds and starts the product as the browser tests do (scripts/e2e-server.mjs) on --port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const arg = (flag: string) => {
  const at = process.argv.indexOf(flag);
  return at > 0 ? process.argv[at + 1] : undefined;
};

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const budgets = { performance: 0.95, accessibility: 0.95, 'best-practices': 0.95, seo: 1, lcpMs: 2000, cls: 0.02 };

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const runs = Number(arg('--runs') ?? 1);
  let base = arg('--url');
  let server: ChildProcess | null = null;
  if (!base) {
    const port = arg('--port') ?? '3211';
    server = spawn('node', ['scripts/e2e-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, E2E_PORT: port }, detached: true });
    base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, 600_000);
  }
  try {
    const first = (await (await fetch(`${base}/api/products/all?pageSize=1`)).json()) as { items: { id: number }[] };
    const mobiles = (await (await fetch(`${base}/api/products/browse/electronics/mobiles?pageSize=2`)).json()) as { items: { id: number }[] };
    // Search results and a shared comparison are kept out of the index on purpose (noindex): Lighthouse's SEO score
    // counts that against them, so their SEO budget does not apply; every other budget does.
    const pages = [
      { name: 'home', url: `${base}/`, indexed: true },
      { name: 'listing', url: `${base}/products/electronics`, indexed: true },
      { name: 'product', url: `${base}/product/${first.items[0]?.id ?? 1}`, indexed: true },
      { name: 'deals', url: `${base}/deals`, indexed: true },
      { name: 'search', url: `${base}/search?q=phone`, indexed: false },
      { name: 'compare', url: `${base}/comparison?products=${mobiles.items.map((item) => item.id).join(',')}`, indexed: false },
    ];
    const only = arg('--only');
    const save = arg('--save');
    if (save) mkdirSync(save, { recursive: true });
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    let failed = false;
    try {
      for (const page of pages.filter((candidate) => !only || candidate.name === only)) {
        const samples: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [], lcpMs: [], cls: [], tbtMs: [], fcpMs: [] };
        const failedAudits = new Set<string>();
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error' });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`no Lighthouse result for ${page.url}`);
          if (save) writeFileSync(path.join(save, `${page.name}-${run + 1}.json`), JSON.stringify(lhr));
          for (const category of ['performance', 'accessibility', 'best-practices', 'seo'] as const) {
            samples[category]?.push(lhr.categories[category]?.score ?? 0);
            for (const ref of lhr.categories[category]?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (!page.indexed && ref.id === 'is-crawlable') continue;
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failedAudits.add(`${category}/${ref.id} (${audit.score})`);
            }
          }
          samples.lcpMs?.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
          samples.cls?.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
          samples.tbtMs?.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
          samples.fcpMs?.push(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN);
        }
        const m = Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, median(values)])) as Record<string, number>;
        const ok =
          (m.performance ?? 0) >= budgets.performance &&
          (m.accessibility ?? 0) >= budgets.accessibility &&
          (m['best-practices'] ?? 0) >= budgets['best-practices'] &&
          (!page.indexed || (m.seo ?? 0) >= budgets.seo) &&
          (m.lcpMs ?? Infinity) <= budgets.lcpMs &&
          (m.cls ?? Infinity) <= budgets.cls;
        failed ||= !ok;
        console.log(
          `${ok ? 'ok  ' : 'MISS'} ${page.name.padEnd(8)} perf ${m.performance?.toFixed(2)} a11y ${m.accessibility?.toFixed(2)} ` +
            `bp ${m['best-practices']?.toFixed(2)} seo ${m.seo?.toFixed(2)}${page.indexed ? '' : ' (noindex)'} · FCP ${((m.fcpMs ?? 0) / 1000).toFixed(2)} s ` +
            `LCP ${((m.lcpMs ?? 0) / 1000).toFixed(2)} s TBT ${(m.tbtMs ?? 0).toFixed(0)} ms CLS ${(m.cls ?? 0).toFixed(3)}` +
            (runs > 1 ? ` (median of ${runs})` : ''),
        );
        if (failedAudits.size > 0) console.log(`     below 0.9: ${[...failedAudits].join(', ')}`);
      }
    } finally {
      chrome.kill();
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
