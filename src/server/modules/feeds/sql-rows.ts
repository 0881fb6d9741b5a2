import type { SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';

type Executor = Pick<Database, 'execute'>;

/**
 * Rows of a raw query on either driver: postgres-js answers an array, PGlite an object with `rows`.
 * Cast counts and money in SQL (`::int`, `::text`) so both drivers hand back the same JS types.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export async function queryOne<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}
