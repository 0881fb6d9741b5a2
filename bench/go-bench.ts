/**
 * Click-out throughput (issue 14): `/go/{offerId}` (offer lookup, bot check, click queued for a batched insert,
 * 302 with the affiliate tag) against a bare 302 route in the same app and run, over keep-alive HTTP with the
 * same client. Budget: /go/ at ≥ 80% of the bare redirect's requests per second. Rate limits are lifted.
 * The two are measured in alternating rounds (bare then /go/, then /go/ then bare, …) and compared over all rounds, so
 * a machine whose load changes during the run (it is shared) weighs on both alike. `--seconds N` per measurement
 * (default 3), `--rounds N` (default 4), `--database embedded|postgres` (default: both, one after the other).
 *
 * On the embedded database the batched click inserts run on the server's own thread (PGlite is WebAssembly in the
 * process), so there they are part of /go/'s cost; on PostgreSQL, as in a deployment at scale, they run in the
 * database's processes, on the same 2 cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { openBenchDatabase } from './bench-database';
import { insertProduct } from '@/server/test/fixtures';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 3;
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 4;
const CONNECTIONS = 16;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function run(kind: 'embedded' | 'postgres', database: DatabaseHandle): Promise<boolean> {
  console.log(`--- ${kind === 'embedded' ? 'embedded database (PGlite, in the process)' : 'PostgreSQL'}`);
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

type Measurement = { rate: number; cpuMicrosPerRequest: number };

/**
 * Requests per second over `seconds`, and this process's CPU time per request (server, client and the embedded
 * database all run here): on a machine shared with other work the first depends on the share of the CPU this process
 * gets, the second much less. A /go/ measurement ends once its queued clicks are written, so that cost is its own.
 */
async function measure(url: string): Promise<Measurement> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
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
  await app.clickLog.flush();
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { rate: done / elapsed, cpuMicrosPerRequest: (used.user + used.system) / done };
}

const goUrl = `/go/${offerId}?from=product`;
await measure('/bare/1'); // warm-up
await measure(goUrl);
const bareRuns: Measurement[] = [];
const goRuns: Measurement[] = [];
for (let round = 0; round < rounds; round++) {
  if (round % 2 === 0) {
    bareRuns.push(await measure('/bare/1'));
    goRuns.push(await measure(goUrl));
  } else {
    goRuns.push(await measure(goUrl));
    bareRuns.push(await measure('/bare/1'));
  }
  const [b, g] = [bareRuns[round], goRuns[round]];
  console.log(
    `round ${round + 1}: bare ${Math.round(b?.rate ?? 0)} req/s (${Math.round(b?.cpuMicrosPerRequest ?? 0)} µs CPU each), ` +
      `/go/ ${Math.round(g?.rate ?? 0)} req/s (${Math.round(g?.cpuMicrosPerRequest ?? 0)} µs CPU each)`,
  );
}
const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;
const bare = mean(bareRuns.map((run) => run.rate));
const go = mean(goRuns.map((run) => run.rate));
const ratio = go / bare;
// Throughput when the CPU is the limit (one thread): the inverse of the CPU time a request costs.
const cpuRatio = mean(bareRuns.map((run) => run.cpuMicrosPerRequest)) / mean(goRuns.map((run) => run.cpuMicrosPerRequest));
const clicks = await database.db.execute(`select count(*)::int as n from click_events` as never);
const logged = ((clicks as unknown as { rows: { n: number }[] }).rows ?? (clicks as unknown as { n: number }[]))[0]?.n ?? 0;
console.log(`bare redirect: ${Math.round(bare)} req/s`);
console.log(`/go/{offerId}: ${Math.round(go)} req/s (clicks written in batches: ${logged} rows)`);
console.log(`ratio: ${(ratio * 100).toFixed(1)}% over ${rounds} alternating rounds of ${seconds} s (budget ≥ 80%) ${ratio >= 0.8 ? 'OK' : 'MISSED'}`);
console.log(`CPU-bound ratio (bare CPU per request / /go/ CPU per request): ${(cpuRatio * 100).toFixed(1)}%`);
agent.destroy();
await app.close();
rmSync(dataDir, { recursive: true, force: true });

return ratio >= 0.8;
}

const databaseArg = process.argv.indexOf('--database');
const kinds = databaseArg > 0 ? [process.argv[databaseArg + 1] as 'embedded' | 'postgres'] : (['embedded', 'postgres'] as const);
let met = true;
for (const kind of kinds) {
  const database = kind === 'postgres' ? await openBenchDatabase('go', console.log) : await openDatabase({ kind: 'pglite', dataDir: null });
  met = (await run(kind, database)) && met;
}
process.exitCode = met ? 0 : 1;
