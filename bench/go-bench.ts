/**
 * Click-out throughput (issue 14): `/go/{offerId}` (offer lookup, bot check, click queued for a batched insert,
 * 302 with the affiliate tag) against a bare 302 route in the same app and run, over keep-alive HTTP with the
 * same client. Budget: /go/ at ≥ 80% of the bare redirect's requests per second. Rate limits are lifted.
 * `--seconds N` per measurement (default 5).
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
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 5;
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

await measure('/bare/1'); // warm-up
await measure(`/go/${offerId}?from=product`);
const bare = await measure('/bare/1');
const go = await measure(`/go/${offerId}?from=product`);
const ratio = go / bare;
await app.clickLog.flush();
console.log(`bare redirect: ${Math.round(bare)} req/s`);
console.log(`/go/{offerId}: ${Math.round(go)} req/s (clicks logged in batches)`);
console.log(`ratio: ${(ratio * 100).toFixed(1)}% (budget ≥ 80%) ${ratio >= 0.8 ? 'OK' : 'MISSED'}`);
agent.destroy();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
process.exitCode = ratio >= 0.8 ? 0 : 1;
