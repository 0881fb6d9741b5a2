/**
 * PostgreSQL stopped and started under load, on a cluster of this test's own (initdb in a temp dir, its own
 * port; never the shared server): while it is down every API call answers 503 `{"detail"}` within 2 s and
 * readiness says not ready; nothing else fails; once it is back, everything recovers by itself within 5 s,
 * with no restart; every write acknowledged with 2xx is in the database afterwards.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer } from '@/server/test/server-process';

const BIN = '/usr/lib/postgresql/15/bin';
const asPostgres = (command: string, args: string[]) =>
  execFileSync(process.getuid?.() === 0 ? 'runuser' : path.join(BIN, command), process.getuid?.() === 0 ? ['-u', 'postgres', '--', path.join(BIN, command), ...args] : args, {
    stdio: 'pipe',
  });

const dir = mkdtempSync(path.join(tmpdir(), 'i13-pg-'));
const dataDir = path.join(dir, 'data');
let port = 0;
let server: ServerProcess;
let url = '';

function pgCtl(action: 'start' | 'stop') {
  if (action === 'start') asPostgres('pg_ctl', ['-D', dataDir, '-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  else asPostgres('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);
}

beforeAll(async () => {
  port = await freePort();
  if (process.getuid?.() === 0) chownSync(dir, 101, 104);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgCtl('start');
  const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database i13_outage');
  await admin.end();
  url = `postgres://postgres@127.0.0.1:${port}/i13_outage`;
  server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'true', RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  try {
    pgCtl('stop');
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { status: number; ms: number; at: number; error?: string };

describe('PostgreSQL outage under load', () => {
  it('answers 503 quickly while down, nothing else fails, recovers within 5 s, and loses no acknowledged write', async () => {
    const api = (p: string, init: RequestInit = {}) =>
      fetch(`${server.url}/api${p}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers }, signal: AbortSignal.timeout(5000) });
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const user = { username: `outage${i}`, firstName: 'O', lastName: 'U', email: `outage${i}@example.in`, password: 'secret-pass-1' };
      expect((await api('/auth/signup', { method: 'POST', body: JSON.stringify(user) })).status).toBe(201);
      const login = await api('/auth/login', { method: 'POST', body: JSON.stringify({ email: user.email, password: user.password }) });
      tokens.push(((await login.json()) as { access_token: string }).access_token);
    }
    const { total } = (await (await api('/products/all?pageSize=1')).json()) as { total: number };

    const outcomes: Outcome[] = [];
    const acknowledged: { user: number; productId: number }[] = [];
    let running = true;
    const timed = async (work: () => Promise<Response>, onOk?: () => void) => {
      const started = Date.now();
      try {
        const response = await work();
        const body = await response.text();
        outcomes.push({ status: response.status, ms: Date.now() - started, at: started, ...(response.status >= 400 && response.status !== 503 ? { error: body } : {}) });
        if (response.status === 503) expect(JSON.parse(body)).toHaveProperty('detail');
        if (response.ok) onOk?.();
      } catch (error) {
        outcomes.push({ status: 0, ms: Date.now() - started, at: started, error: String(error) });
      }
    };
    // Three shoppers, each adding products to their wishlist one after another and browsing in between.
    const shoppers = tokens.map(async (token, user) => {
      let productId = 1;
      while (running && productId <= total) {
        const id = productId++;
        await timed(
          () => api('/wishlist', { method: 'POST', body: JSON.stringify({ productId: id }), headers: { authorization: `Bearer ${token}` } }),
          () => acknowledged.push({ user, productId: id }),
        );
        await timed(() => api('/products/all?pageSize=5'));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const downAt = Date.now();
    pgCtl('stop');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const ready = await api('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not ready', database: 'unavailable' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    pgCtl('start');
    const upAt = Date.now();
    // Recovery: readiness and a write both succeed, with no restart of the server.
    let recoveredAt = 0;
    const trace: string[] = [];
    while (Date.now() - upAt < 10_000) {
      const t0 = Date.now();
      const [readyNow, products] = await Promise.all([api('/ready').catch(() => null), api('/products/all?pageSize=1').catch(() => null)]);
      trace.push(`${t0 - upAt}: ready ${readyNow?.status} products ${products?.status} in ${Date.now() - t0} ms`);
      if (readyNow?.status === 200 && products?.status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    running = false;
    await Promise.all(shoppers);

    expect(recoveredAt, 'recovered').toBeGreaterThan(0);
    expect(recoveredAt - upAt, trace.join('\n')).toBeLessThan(5000);
    const unexpected = outcomes.filter((o) => o.status !== 503 && (o.status < 200 || o.status >= 300));
    expect(unexpected).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(Math.max(...unavailable.map((o) => o.ms))).toBeLessThan(2000);
    // Requests after recovery succeed again.
    expect(outcomes.filter((o) => o.at > recoveredAt).every((o) => o.status >= 200 && o.status < 300)).toBe(true);
    expect(server.child.exitCode).toBeNull();
    expect(downAt).toBeGreaterThan(0);

    // No lost writes: every acknowledged wishlist add is in the database.
    const check = postgres(url, { max: 1, onnotice: () => {} });
    const rows = await check<{ email: string; product_id: number }[]>`select u.email, w.product_id from wishlist_items w join users u on u.id = w.user_id`;
    await check.end();
    const stored = new Set(rows.map((row) => `${row.email}:${row.product_id}`));
    const missing = acknowledged.filter((a) => !stored.has(`outage${a.user}@example.in:${a.productId}`));
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  }, 90_000);
});
