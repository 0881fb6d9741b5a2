/** The audit log (who, what, when) of operator and admin-CLI changes; the console shows it. */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

/** Who made a change: an operator (user id and e-mail) or the command line. */
export type Actor = { userId: number | null; label: string };
export const CLI_ACTOR: Actor = { userId: null, label: 'cli' };

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId: string | number;
  summary: string;
  details?: Record<string, unknown>;
};

/** Records one change; pass the transaction that made it, so the change and its record commit together. */
export async function recordAudit(db: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    summary: entry.summary,
    details: entry.details ?? {},
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first, keyset-paginated by id (`before`), optionally for one entity. */
export async function listAudit(
  db: Database,
  options: { limit: number; before?: number | undefined; entityType?: string | undefined; entityId?: string | undefined },
): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (options.before !== undefined) where.push(lt(auditLog.id, options.before));
  if (options.entityType) where.push(eq(auditLog.entityType, options.entityType));
  if (options.entityId) where.push(eq(auditLog.entityId, options.entityId));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
}
