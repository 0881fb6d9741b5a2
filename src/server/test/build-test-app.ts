import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildApp, type BachatApp, type BuildAppOptions } from '@/server/app';
import { loadConfig } from '@/server/config';
import { type DatabaseHandle, migrationsFolder, openDatabase } from '@/server/db/client';

export type TestDatabase = DatabaseHandle & { dispose: () => Promise<void>; /** PostgreSQL only: for a second connection pool (a second instance). */ url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a database of its
 * own on TEST_DATABASE_URL's server, created here and dropped on dispose, so no run sees another's rows.
 * Both start from a migrated copy (a PGlite dump, a PostgreSQL template database) made once per set of
 * migrations: creating and migrating an empty cluster per file cost most of the API suite's time.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await migratedPgliteDump() });
    return { ...handle, dispose: handle.close };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `bachat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const template = await migratedPostgresTemplate(admin, adminUrl);
  await admin.unsafe(`create database "${name}" template "${template}"`);
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  return {
    ...handle,
    url,
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Changes whenever a migration or the PGlite version changes, so a stale copy is never used. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  // The installed PGlite's version (its dump format); tests run from the repository root.
  const pglitePackage = path.resolve('node_modules/@electric-sql/pglite/package.json');
  hash.update(existsSync(pglitePackage) ? readFileSync(pglitePackage) : 'unknown');
  const folder = migrationsFolder();
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteDump: Promise<Blob> | null = null;

/** A dump of an empty, migrated PGlite cluster, cached in the temp directory for every worker and later run. */
function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(tmpdir(), `bachat-test-pglite-${migrationsFingerprint()}.tar`);
    if (!existsSync(file)) {
      const handle = await openDatabase({ kind: 'pglite', dataDir: null });
      if (handle.connection.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await handle.connection.client.dumpDataDir('none');
      await handle.close();
      // Several workers may make it at once: each writes its own file and renames it into place.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}

/** A migrated template database on the test server, made once per set of migrations (under an advisory lock). */
async function migratedPostgresTemplate(admin: postgres.Sql, adminUrl: string): Promise<string> {
  const name = `bachat_template_${migrationsFingerprint()}`;
  // `admin` holds one connection: the session lock and the statements below run on it, in order.
  await admin`select pg_advisory_lock(7214203312)`;
  try {
    const [existing] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!existing) {
      const building = `${name}_building`;
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
      await admin.unsafe(`create database "${building}"`);
      const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, building), poolSize: 1 });
      await handle.close();
      // Renamed only once complete: a run killed half-way never leaves a half-migrated template behind.
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    }
  } finally {
    await admin`select pg_advisory_unlock(7214203312)`;
  }
  return name;
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
