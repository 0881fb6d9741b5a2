import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import lockfile from 'proper-lockfile';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same PostgreSQL query builder: repositories are written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` gets each payload (delivered when the notifying transaction commits);
   * `onListen` runs each time listening starts, again after a lost connection is re-established (notifications
   * sent meanwhile are lost, so a listener resynchronises there). Answers the function that stops listening.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onListen?: () => void) => Promise<() => Promise<void>>;
  /** What the job queue (pg-boss) connects with: the same PostgreSQL URL, or the one embedded PGlite. */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string | null /* null = in memory */;
      /** Start an in-memory database from this dump (PGlite's dumpDataDir) instead of an empty cluster. */
      loadDataDir?: Blob;
    };

/** Any number; only needs to be the same for every instance that migrates this database. */
const MIGRATION_LOCK_KEY = 7_214_203_311;

/**
 * The migrations folder sits next to this file in the source tree and next to the bundle in
 * dist/server (the build copies it there).
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, "migrations");
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The database in ${path.resolve(dataDir)} is in use by another Bachat process (the embedded database allows one process). ` +
        'Stop the running server, or run this command through the server, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    // connect_timeout: while PostgreSQL cannot be reached a request fails (503) instead of waiting 30 s; a server that
    // is down refuses at once. Not lower: under heavy load a new connection can take over 1.5 s (measured: 200 shoppers
    // on a busy 2-core machine turned slow connects into 503s at 1.5 s).
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      connect_timeout: 3,
      // Reconnect delays stay short: postgres.js's default grows to 20 s after a few failed attempts, which
      // kept the pool away for seconds after PostgreSQL came back (measured: 5 s and more).
      backoff: (attempt: number) => Math.min(0.05 * attempt, 0.5),
      onnotice: () => {},
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Database;
    try {
      await migrateWithLock(options.url);
    } catch (error) {
      await client.end({ timeout: 5 });
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
      connection: { kind: 'postgres', url: options.url },
      listen: async (channel, onNotify, onListen) => {
        // postgres.js listens on a connection of its own (outside the pool) and reconnects it when lost.
        const request = await client.listen(channel, onNotify, onListen);
        return () => request.unlisten();
      },
    };
  }

  let release: (() => Promise<void>) | null = null;
  let dataPath: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    try {
      // A stale lock (a killed process) is taken over after `stale` ms without updates.
      release = await lockfile.lock(options.dataDir, { lockfilePath: path.join(options.dataDir, 'bachat.lock'), stale: 15_000 });
    } catch {
      throw new DataDirLockedError(options.dataDir);
    }
    dataPath = path.join(options.dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create(dataPath, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      connection: { kind: 'pglite', client },
      close: async () => {
        await client.close();
        await release?.();
      },
      listen: async (channel, onNotify, onListen) => {
        // One process, one connection: a NOTIFY reaches this callback as its transaction commits.
        const unlisten = await client.listen(channel, onNotify);
        onListen?.();
        return () => unlisten();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

/** Several API instances may start at once on one PostgreSQL: only one migrates at a time. */
async function migrateWithLock(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: migrationsFolder() });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

export async function databaseStatus(db: Database): Promise<'ok' | 'unavailable'> {
  try {
    await db.execute(sql`select 1`);
    return 'ok';
  } catch {
    return 'unavailable';
  }
}
