/**
 * Click-out throughput (issue 14): `/go/{offerId}` (offer lookup, bot check, click queued for a batched insert,
 * 302 with the affiliate tag) against a bare 302 route in the same app and run, over keep-alive HTTP with the
 * same client. Budget: /go/ at ≥ 80% of the bare redirect's requests per second. Rate limits are lifted.
 * The two are measured in alternating rounds (bare then /go/, then /go/ then bare, …) and compared over all rounds, so
 * a machine whose load changes during the run (it is shared) weighs on both alike. `--seconds N` per measurement
 * (default 3), `--rounds N` (default 4).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { insertProduct } from '@/server/test/fixtures';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 3;
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 4;
const CONNECTIONS = 16;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-go-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000000',
  GO_RATE_LIMIT_MAX: '100000000',
  WEB_DIST: path.join(dataDir, 'no-web'),
});
const database = await openDatabase({ kind: 'pglite', dataDir: null });
const app = await buildApp({ config, database, ownsDatabase: true, logger: false });
app.get('/bare/:offerId', async (_request, reply) => reply.redirect('https://shop.example/p/1?tag=bachat-21', 302));
const productId = await insertProduct(database.db, { offers: [{ store: 'bench-store', price: 999, affiliateUrl: 'https://shop.example/p/1' }] });
const offer = await database.db.execute<{ id: number }>(`select id from offers where product_id = ${productId}` as never);
const offerId = ((offer as unknown as { rows: { id: number }[] }).rows ?? (offer as unknown as { id: number }[]))[0]?.id;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const base = new URL(address);

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: base.hostname, port: base.port, path: url, agent, headers: { 'user-agent': UA, accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

async function measure(url: string): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const status = await get(url);
        if (status !== 302) throw new Error(`${url}: HTTP ${status}`);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

const goUrl = `/go/${offerId}?from=product`;
await measure('/bare/1'); // warm-up
await measure(goUrl);
const bareRates: number[] = [];
const goRates: number[] = [];
for (let round = 0; round < rounds; round++) {
  if (round % 2 === 0) {
    bareRates.push(await measure('/bare/1'));
    goRates.push(await measure(goUrl));
  } else {
    goRates.push(await measure(goUrl));
    bareRates.push(await measure('/bare/1'));
  }
  console.log(`round ${round + 1}: bare ${Math.round(bareRates[round] ?? 0)} req/s, /go/ ${Math.round(goRates[round] ?? 0)} req/s`);
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const bare = sum(bareRates) / rounds;
const go = sum(goRates) / rounds;
const ratio = go / bare;
await app.clickLog.flush();
const clicks = await database.db.execute(`select count(*)::int as n from click_events` as never);
const logged = ((clicks as unknown as { rows: { n: number }[] }).rows ?? (clicks as unknown as { n: number }[]))[0]?.n ?? 0;
console.log(`bare redirect: ${Math.round(bare)} req/s`);
console.log(`/go/{offerId}: ${Math.round(go)} req/s (clicks logged in batches: ${logged} rows written)`);
console.log(`ratio: ${(ratio * 100).toFixed(1)}% over ${rounds} alternating rounds of ${seconds} s (budget ≥ 80%) ${ratio >= 0.8 ? 'OK' : 'MISSED'}`);
agent.destroy();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
process.exitCode = ratio >= 0.8 ? 0 : 1;
