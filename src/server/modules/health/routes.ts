import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder } from '@/server/db/client';
import { queryOne } from '@/server/modules/feeds/sql-rows';
import type { App } from '@/server/types';

const healthSchema = z.object({ status: z.literal('ok'), driver: z.enum(['pglite', 'postgres']) });

const readySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['ok', 'unavailable']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  redis: z.enum(['ok', 'unavailable', 'not configured']),
});

/** A check that does not answer in time counts as failed: readiness must answer fast while a dependency hangs. */
const CHECK_TIMEOUT_MS = 1000;

export function withTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work.catch(() => fallback), timeout]).finally(() => clearTimeout(timer));
}

/** The newest migration this build ships (drizzle records each applied one with its journal timestamp). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Liveness (/health: the process answers; a load balancer or orchestrator restarts an instance that does
 * not) and readiness (/ready: send it traffic only when its database answers, carries every migration this
 * build needs, and Redis answers when configured). Both unauthenticated, cheap (one query, one PING), never
 * rate-limited, and bounded by a 1 s timeout per check.
 */
export async function healthRoutes(app: App) {
  const expectedMigration = latestMigrationMillis();

  app.get(
    '/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const, driver: app.database.kind }),
  );

  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: { tags: ['health'], summary: 'Readiness: database, migrations and Redis', response: { 200: readySchema, 503: readySchema } },
    },
    async (_request, reply) => {
      type DatabaseCheck = { database: 'ok' | 'unavailable'; last: number | null };
      const [migration, redis] = await Promise.all([
        withTimeout<DatabaseCheck>(
          queryOne<{ last: string | null }>(app.database.db, sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`).then(
            (row) => ({ database: 'ok', last: Number(row?.last ?? 0) }),
          ),
          { database: 'unavailable', last: null },
        ),
        app.redis
          ? withTimeout<'ok' | 'unavailable'>(
              app.redis.ping().then(() => 'ok'),
              'unavailable',
            )
          : Promise.resolve('not configured' as const),
      ]);
      const migrations = migration.last === null ? ('unknown' as const) : migration.last >= expectedMigration ? ('current' as const) : ('pending' as const);
      const ready = migration.database === 'ok' && migrations === 'current' && redis !== 'unavailable';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database: migration.database, migrations, redis });
    },
  );
}
