/**
 * A server process for bench/cache-bench.ts: the real app (production settings, rate limits lifted) on the embedded
 * database with the demo catalogue, or on BENCH_SERVE_URL's PostgreSQL; or (BENCH_SERVE_BARE=<file>) a bare Fastify
 * route answering the bytes in that file. Prints `{"port": n, "token": "..."}` on its first line once listening.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { seedDemoCatalogue } from '@/server/db/seed/seed';

async function serveBare(file: string) {
  const body = readFileSync(file);
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token: '' }));
}

async function serveApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-cache-bench-'));
  const url = process.env.BENCH_SERVE_URL;
  const database = url ? await openDatabase({ kind: 'postgres', url, poolSize: 10 }) : await openDatabase({ kind: 'pglite', dataDir });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000000',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const cacheEnabled = process.env.BENCH_SERVE_NO_CACHE !== '1';
  // Request logs go to /dev/null the way production (main.ts) writes them to stdout, asynchronously: the cost of
  // logging is measured, not the terminal's.
  const app = await buildApp({
    config,
    database,
    ownsDatabase: true,
    logger: { level: config.LOG_LEVEL, stream: pino.destination({ dest: '/dev/null', sync: false }) },
    catalogueCache: { enabled: cacheEnabled },
  });
  if (!url) await seedDemoCatalogue(database.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const user = { username: `bench${process.pid}`, firstName: 'Bench', lastName: 'User', email: `bench${process.pid}@example.in`, password: 'secret123' };
  await app.inject({ method: 'POST', url: '/api/auth/signup', payload: user });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
  const token = login.json<{ access_token: string }>().access_token;
  for (const productId of [1, 2, 3, 4, 5, 6]) {
    await app.inject({ method: 'POST', url: '/api/wishlist', headers: { authorization: `Bearer ${token}` }, payload: { productId } });
  }
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, token }));
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

const bare = process.env.BENCH_SERVE_BARE;
(bare ? serveBare(bare) : serveApp()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
