import { Session } from 'node:inspector/promises';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
const url = `postgres://postgres@127.0.0.1:5432/${process.env.DB}`;
const database = await openDatabase({ kind: 'postgres', url, poolSize: 8 });
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'zz-')), JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000', WEB_DIST: 'dist/web' });
process.env.NODE_ENV = 'production';
const { buildApp } = await import('@/server/app');
const app = await buildApp({ config, database, logger: false });
await app.ready();
const kind = process.env.KIND ?? 'listing';
const pageUrl = (i: number) => kind === 'listing' ? `/products/electronics/mobiles?page=${2 + (i % 80)}&sort=${['price-low','price-high','rating'][Math.floor(i / 80) % 3]}` : `/product/${1 + ((i + 1000) * 104_729) % 100000}`;
const jsonUrl = (i: number) => kind === 'listing' ? `/api/products/browse/electronics/mobiles?pageSize=24&page=${2 + (i % 80)}&sort=${['price-low','price-high','rating'][Math.floor(i / 80) % 3]}` : `/api/products/${1 + ((i + 1000) * 104_729) % 100000}`;
const time = async (u: string) => { const t0 = performance.now(); const r = await app.inject({ method: 'GET', url: u, headers: { 'accept-encoding': 'gzip, deflate, br' }, payloadAsStream: true }); for await (const _ of r.stream()); return performance.now() - t0; };
for (let i = 0; i < 30; i++) { await time(pageUrl(1000 + i)); }
const offset = Number(process.env.OFFSET ?? 0);
let pj = 0, jj = 0;
const N = Number(process.env.N ?? 120);
for (let i = 0; i < N; i++) { pj += await time(pageUrl(offset + i)); }
for (let i = 0; i < N; i++) { jj += await time(jsonUrl(offset + 500 + i)); }
console.log(`page ${(pj / N).toFixed(2)} ms, json ${(jj / N).toFixed(2)} ms`);
if (process.env.PROF) {
  const session = new Session(); session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.start');
  for (let i = 0; i < N; i++) await time(pageUrl(offset + 2000 + i));
  const { profile } = await session.post('Profiler.stop'); writeFileSync('/tmp/prof/ssr.cpuprofile', JSON.stringify(profile));
}
await app.close(); await database.close();
