/**
 * 200 concurrent shoppers (browse, search, sign in, wishlist, alerts) against one and then two real server
 * instances on one PostgreSQL and one Redis; prints throughput and p95 for each and their ratio. Budgets: 0
 * errors and 0 lost writes (every write answered 2xx is in the database afterwards).
 *
 *   npm run bench                       # with the others
 *   tsx bench/scale-bench.ts --shoppers 200 --seconds 20
 *
 * Needs PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a database i13_… is created
 * and dropped) and Redis (TEST_REDIS_URL or redis://127.0.0.1:6379/3). On a shared 2-core machine two
 * instances compete for the same cores as the load generator: the ratio shows contention as much as scaling.
 */
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { REDIS_URL, type ServerProcess, scratchDatabase, startServer } from '../src/server/test/server-process';

const { values } = parseArgs({ options: { shoppers: { type: 'string' }, seconds: { type: 'string' } }, strict: false });
const SHOPPERS = Number(values.shoppers ?? 200);
const SECONDS = Number(values.seconds ?? 20);
const QUERIES = ['samsung', 'phone', 'kurta', 'laptop', 'dress', 'headphones', 'apple', 'saree'];

type Stats = { latencies: number[]; errors: string[]; writes: { email: string; productId: number }[] };

async function runLoad(servers: ServerProcess[], round: string, productCount: number): Promise<Stats & { seconds: number }> {
  const stats: Stats = { latencies: [], errors: [], writes: [] };
  let next = 0;
  const pick = () => servers[next++ % servers.length] as ServerProcess;
  const call = async (path: string, init: RequestInit = {}): Promise<{ status: number; ok: boolean; text: string } | null> => {
    const started = performance.now();
    try {
      const response = await fetch(`${pick().url}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers }, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      stats.latencies.push(performance.now() - started);
      if (response.status >= 400) stats.errors.push(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 120)}`);
      return { status: response.status, ok: response.ok, text };
    } catch (error) {
      stats.errors.push(`${init.method ?? 'GET'} ${path}: ${String(error)}`);
      return null;
    }
  };
  // Sign-ups first (argon2 is deliberately slow; not part of the measured window).
  const shoppers = await Promise.all(
    Array.from({ length: SHOPPERS }, async (_, i) => {
      const email = `${round}-shopper${i}@example.in`;
      const user = { username: `${round}s${i}`, firstName: 'Load', lastName: 'Test', email, password: 'load-test-pass-1' };
      await call('/auth/signup', { method: 'POST', body: JSON.stringify(user) });
      return email;
    }),
  );
  stats.latencies = [];
  const until = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    shoppers.map(async (email, i) => {
      const login = await call('/auth/login', { method: 'POST', body: JSON.stringify({ email, password: 'load-test-pass-1' }) });
      const token = login?.ok ? (JSON.parse(login.text) as { access_token?: string }).access_token : undefined;
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      let step = 0;
      while (Date.now() < until) {
        step += 1;
        await call(`/products/all?page=${(step % 10) + 1}&pageSize=24`);
        await call(`/products?q=${QUERIES[(i + step) % QUERIES.length]}&pageSize=24`);
        const productId = ((i * 7 + step) % productCount) + 1;
        if (step % 3 === 0 && token) {
          const added = await call('/wishlist', { method: 'POST', body: JSON.stringify({ productId }), headers: auth });
          if (added?.status === 201) stats.writes.push({ email, productId });
          else if (added?.status === 400) stats.errors.pop(); // already in the wishlist from an earlier lap: not an error
        }
        if (step % 5 === 0 && token) {
          await call('/price-alerts', { method: 'POST', body: JSON.stringify({ productId, targetPrice: 1000 }), headers: auth });
          await call('/wishlist', { headers: auth });
        }
      }
    }),
  );
  return { ...stats, seconds: (Date.now() - started) / 1000 };
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)] ?? 0;
}

async function main() {
  const pg = await scratchDatabase();
  const env = { DATABASE_URL: pg.url, REDIS_URL, REDIS_PREFIX: `i13:bench:${Date.now()}:`, RATE_LIMIT_MAX: '10000000', AUTH_RATE_LIMIT_MAX: '10000000', LOGIN_ADDRESS_FAILURES_MAX: '10000000', LOG_LEVEL: 'error' };
  const servers: ServerProcess[] = [];
  let failed = false;
  try {
    servers.push(await startServer({ ...env, SEED_DEMO: 'true' }, { readyMs: 180_000 }));
    const total = ((await (await fetch(`${servers[0]?.url}/api/products/all?pageSize=1`)).json()) as { total: number }).total;
    const results: { instances: number; rps: number; p95: number; errors: number; writes: number }[] = [];
    const allWrites: Stats['writes'] = [];
    for (const instances of [1, 2]) {
      if (servers.length < instances) servers.push(await startServer({ ...env, SEED_DEMO: 'false' }, { readyMs: 180_000 }));
      const run = await runLoad(servers.slice(0, instances), `r${instances}`, total);
      allWrites.push(...run.writes);
      results.push({ instances, rps: run.latencies.length / run.seconds, p95: p95(run.latencies), errors: run.errors.length, writes: run.writes.length });
      if (run.errors.length > 0) console.log(`errors with ${instances} instance(s), first:`, run.errors.slice(0, 5));
    }
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const rows = await sql<{ email: string; product_id: number }[]>`select u.email, w.product_id from wishlist_items w join users u on u.id = w.user_id`;
    await sql.end();
    const stored = new Set(rows.map((row) => `${row.email}:${row.product_id}`));
    const lost = allWrites.filter((write) => !stored.has(`${write.email}:${write.productId}`)).length;

    console.log(`\n${SHOPPERS} concurrent shoppers, ${SECONDS} s per round (browse, search, sign in, wishlist, alerts)`);
    for (const r of results) {
      console.log(`  ${r.instances} instance(s): ${r.rps.toFixed(0)} req/s, p95 ${r.p95.toFixed(0)} ms, errors ${r.errors}, acknowledged writes ${r.writes}`);
    }
    const [one, two] = results;
    if (one && two) console.log(`  throughput ratio 2/1: ${(two.rps / one.rps).toFixed(2)}, p95 ratio 2/1: ${(two.p95 / one.p95).toFixed(2)}`);
    console.log(`  lost writes: ${lost}`);
    failed = results.some((r) => r.errors > 0) || lost > 0;
    console.log(failed ? 'FAIL: budget is 0 errors and 0 lost writes' : 'ok: 0 errors, 0 lost writes');
  } finally {
    for (const server of servers) await server.stop('SIGTERM');
    await pg.drop();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
