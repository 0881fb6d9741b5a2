import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { catalogueVersion } from './schema';

/** The NOTIFY channel every instance's catalogue cache listens on; the payload is the new version. */
export const CATALOGUE_CHANNEL = 'catalogue_version';

type Executor = Pick<Database, 'update' | 'select'>;

/**
 * Marks the catalogue as changed: call it INSIDE the transaction that changes what catalogue answers show
 * (prices, offers, products, reviews, merges/splits), as its last statement (the row stays locked until commit).
 * The NOTIFY is delivered when that transaction commits, so no instance drops its cache before the change is
 * visible, and a rolled-back change bumps nothing. Answers the new version.
 */
export async function bumpCatalogueVersion(tx: Executor): Promise<number> {
  const [row] = await tx
    .update(catalogueVersion)
    .set({ version: sql`${catalogueVersion.version} + 1`, changedAt: sql`now()` })
    .where(eq(catalogueVersion.id, 1))
    .returning({ version: catalogueVersion.version, notified: sql`pg_notify(${CATALOGUE_CHANNEL}, ${catalogueVersion.version}::text)` });
  if (!row) throw new Error('catalogue_version has no row: migrations have not run');
  return Number(row.version);
}

/** The committed catalogue version. */
export async function readCatalogueVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).where(eq(catalogueVersion.id, 1));
  return Number(row?.version ?? 0);
}

type VersionListener = (version: number) => void | Promise<void>;
const listenersByDatabase = new WeakMap<object, Set<VersionListener>>();

/**
 * Tells this process's catalogue caches on `db` that a transaction that bumped the version to `version` has
 * committed. Await it right after the commit: this process's caches then serve the change from the very next
 * request, and with REDIS_URL so does every other instance (the version is published there before this resolves);
 * without Redis, other instances learn it from the NOTIFY.
 */
export async function announceCatalogueVersion(db: object, version: number): Promise<void> {
  // A listener that fails (Redis away) must not fail the change that was committed: NOTIFY still carries it.
  await Promise.allSettled([...(listenersByDatabase.get(db) ?? [])].map(async (listener) => listener(version)));
}

/** Subscribes to `announceCatalogueVersion` for one database; answers the unsubscribe function. */
export function onCatalogueVersion(db: object, listener: VersionListener): () => void {
  let listeners = listenersByDatabase.get(db);
  if (!listeners) {
    listeners = new Set();
    listenersByDatabase.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Bumps the version in its own transaction and announces it: for changes made outside any transaction. */
export async function markCatalogueChanged(db: Database): Promise<number> {
  const version = await bumpCatalogueVersion(db);
  await announceCatalogueVersion(db, version);
  return version;
}
