/**
 * Sign-in protection (OWASP): per-account lockout whatever the address, a per-address limit high enough for
 * carrier-grade NAT, and (with REDIS_URL) limits shared by every instance. Runs against the real Redis at
 * 127.0.0.1:6379 (DB 3, a key prefix of its own) for the shared part.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BachatApp } from '@/server/app';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { buildTestApp, testEnv, type TestApp } from '@/server/test/build-test-app';
import { lockSeconds } from './login-throttle';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const prefix = `i13:test:${randomBytes(4).toString('hex')}:`;

const apps: TestApp[] = [];
afterAll(async () => {
  for (const each of apps) await each.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({ env: { LOGIN_FAILURES_BEFORE_LOCK: '5', ...env } });
  apps.push(t);
  return t;
}

let accountCounter = 0;
async function account(target: BachatApp) {
  accountCounter += 1;
  const user = {
    username: `lock${accountCounter}${randomBytes(2).toString('hex')}`,
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: `lock${accountCounter}${randomBytes(3).toString('hex')}@example.in`,
    password: 'correct-horse-1',
  };
  expect((await target.inject({ method: 'POST', url: '/api/auth/signup', payload: user })).statusCode).toBe(201);
  return user;
}

const login = (target: BachatApp, email: string, password: string, address = '203.0.113.7') =>
  target.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: address });

let t: TestApp;
beforeAll(async () => {
  t = await app({ LOGIN_ADDRESS_FAILURES_MAX: '8' });
});

describe('sign-in lockout per account (in memory)', () => {

  it('locks an account after 5 failures from any mix of addresses, even for the right password, and says for how long', async () => {
    const user = await account(t.app);
    for (let i = 0; i < 5; i++) {
      // Five different addresses: an attacker with many addresses is still slowed on this one account.
      expect((await login(t.app, user.email, 'wrong-guess-1', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    }
    const locked = await login(t.app, user.email, user.password, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many failed sign-in attempts for this account: try again in 30 seconds' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(25);
    // The e-mail is matched however it is typed.
    expect((await login(t.app, user.email.toUpperCase(), user.password)).statusCode).toBe(429);
  });

  it('does not lock other accounts behind the same busy address (carrier-grade NAT)', async () => {
    const victim = await account(t.app);
    const neighbour = await account(t.app);
    const sharedNat = '100.64.12.34';
    for (let i = 0; i < 6; i++) await login(t.app, victim.email, 'wrong-guess-1', sharedNat);
    expect((await login(t.app, victim.email, victim.password, sharedNat)).statusCode).toBe(429);
    expect((await login(t.app, neighbour.email, neighbour.password, sharedNat)).statusCode).toBe(200);
  });

  it('a success before the threshold clears the count', async () => {
    const user = await account(t.app);
    for (let i = 0; i < 4; i++) expect((await login(t.app, user.email, 'wrong-guess-1', '203.0.113.8')).statusCode).toBe(401);
    expect((await login(t.app, user.email, user.password, '203.0.113.8')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t.app, user.email, 'wrong-guess-1', '203.0.113.9')).statusCode).toBe(401);
    expect((await login(t.app, user.email, user.password, '203.0.113.9')).statusCode).toBe(200);
  });

  it('doubles the lock with each further failure, up to 15 minutes', () => {
    expect([4, 5, 6, 7, 20].map((failures) => lockSeconds(failures, 5))).toEqual([0, 30, 60, 120, 900]);
  });
});

describe('sign-in limit per address', () => {
  it('slows one address that fails across many accounts, and only that address', async () => {
    const user = await account(t.app);
    for (let i = 0; i < 8; i++) expect((await login(t.app, `nobody${i}@example.in`, 'wrong-guess-1', '192.0.2.50')).statusCode).toBe(401);
    const blocked = await login(t.app, user.email, user.password, '192.0.2.50');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ detail: string }>().detail).toBe('Too many failed sign-in attempts from this network: try again in 15 minutes');
    expect((await login(t.app, user.email, user.password, '192.0.2.51')).statusCode).toBe(200);
  });
});

/** A TCP relay to the real Redis that the test can cut and restore (a Redis outage without touching the shared server). */
async function redisRelay() {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

describe('with REDIS_URL: limits shared by every instance', () => {
  let one: TestApp;
  let two: TestApp;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  beforeAll(async () => {
    relay = await redisRelay();
    const env = { REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMIT_MAX: '5' };
    one = await app(env);
    // The second instance shares the database here; what it must share through Redis is the counters.
    // The second instance: same database (as behind a load balancer), its own process state, Redis through the relay.
    const second = await buildApp({
      config: loadConfig({ ...testEnv(), LOGIN_FAILURES_BEFORE_LOCK: '5', ...env, REDIS_URL: relay.url }),
      database: one.database,
      logger: false,
    });
    two = { app: second, database: one.database, close: () => second.close() };
    apps.unshift(two);
  });
  afterAll(async () => relay?.close());

  it('an account locked through instance 1 is locked on instance 2', async () => {
    const user = await account(one.app);
    for (let i = 0; i < 5; i++) expect((await login(one.app, user.email, 'wrong-guess-1')).statusCode).toBe(401);
    const onTwo = await login(two.app, user.email, user.password, '198.51.100.200');
    expect(onTwo.statusCode).toBe(429);
    expect(onTwo.json<{ detail: string }>().detail).toMatch(/^Too many failed sign-in attempts for this account/);
  });

  it('the API request limit counts requests to both instances together', async () => {
    const address = '203.0.113.90';
    // Each URL is asked once: an answer kept by the response cache is not counted (it costs less than counting).
    let page = 0;
    const get = (target: BachatApp) => target.inject({ method: 'GET', url: `/api/products/all?pageSize=1&page=${++page}`, remoteAddress: address });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(one.app)).statusCode, (await get(two.app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await get(one.app);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ detail: string }>().detail).toMatch(/^Too many requests/);
  });

  it('reports Redis in readiness', async () => {
    const ready = await one.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', redis: 'ok' });
  });

  it('while Redis is unreachable: not ready (answered within 2 s), still serving; ready again once it is back', async () => {
    const user = await account(two.app);
    await relay.cut();
    const started = Date.now();
    const ready = await two.app.inject({ method: 'GET', url: '/api/ready' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not ready', database: 'ok', redis: 'unavailable' });
    // Limits fail open: shoppers are served rather than refused because of the limiter's store.
    expect((await two.app.inject({ method: 'GET', url: '/api/products/all?pageSize=1', remoteAddress: '203.0.113.91' })).statusCode).toBe(200);
    expect((await login(two.app, user.email, user.password, '203.0.113.91')).statusCode).toBe(200);
    await relay.restore();
    const until = Date.now() + 5000;
    let status = 0;
    while (Date.now() < until && status !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await two.app.inject({ method: 'GET', url: '/api/ready' })).statusCode;
    }
    expect(status).toBe(200);
  });
});
