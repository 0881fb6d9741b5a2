import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Notification } from '@/shared/contracts/notifications';
import type { Database } from '@/server/db/client';
import { notifications } from '@/server/db/schema';

type Row = typeof notifications.$inferSelect;

const toJson = (row: Row): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
  alertId: row.alertId,
  productId: row.productId,
});

/** A user's notifications; every query is scoped to the owner, so another user's id answers "not found". */
export function createNotificationRepository(db: Database) {
  const unreadCount = async (userId: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  };

  return {
    unreadCount,

    async list(userId: number, limit: number): Promise<{ items: Notification[]; unreadCount: number }> {
      const [rows, unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit),
        unreadCount(userId),
      ]);
      return { items: rows.map(toJson), unreadCount: unread };
    },

    /** Marks one notification read (idempotent: the first read time stays); null when it is not the user's. */
    async markRead(userId: number, id: number): Promise<Notification | null> {
      const owned = and(eq(notifications.id, id), eq(notifications.userId, userId));
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(owned, isNull(notifications.readAt)));
      const [row] = await db.select().from(notifications).where(owned);
      return row ? toJson(row) : null;
    },

    async markAllRead(userId: number): Promise<number> {
      const updated = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return updated.length;
    },
  };
}
