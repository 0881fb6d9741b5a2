import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildApp, type BachatApp, type BuildAppOptions } from '@/server/app';
import { loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';

export type TestDatabase = DatabaseHandle & { dispose: () => Promise<void>; /** PostgreSQL only: for a second connection pool (a second instance). */ url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a database of its
 * own on TEST_DATABASE_URL's server, created here and dropped on dispose, so no run sees another's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    return { ...handle, dispose: handle.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `bachat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** The environment of a test app (limits lifted, a fixed JWT secret so several apps accept each other's tokens). */
export function testEnv(dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-test-'))): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
}

export type TestApp = { app: BachatApp; database: TestDatabase; close: () => Promise<void> };

/** The real app on a real database (fastify/demo's `build()`), driven with `app.inject` or over HTTP. */
export async function buildTestApp(overrides: Partial<Omit<BuildAppOptions, 'config' | 'database'>> & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bachat-test-'));
  const config = loadConfig({ ...testEnv(dataDir), ...overrides.env });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false, ...overrides });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/** Signs up and logs in a fresh user; answers the bearer headers to send. */
export async function signUpAndLogIn(app: BachatApp, name = 'shopper') {
  userCounter += 1;
  const suffix = `${process.pid}${userCounter}${randomBytes(2).toString('hex')}`;
  const user = { username: `${name}${suffix}`, firstName: 'Asha', lastName: 'Verma', email: `${name}${suffix}@example.in`, password: 'secret123' };
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: user });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
  const token = login.json<{ access_token: string }>().access_token;
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}
