import { and, desc, eq } from 'drizzle-orm';
import type { PriceAlert } from '@/shared/contracts/account';
import type { Database } from '@/server/db/client';
import { priceAlerts } from '@/server/db/schema';
import type { ProductRepository } from '@/server/modules/products/repository';

type AlertRow = typeof priceAlerts.$inferSelect;

/** Rupees to an exact numeric string with paise precision. */
export const toMoney = (rupees: number): string => (Math.round(rupees * 100) / 100).toFixed(2);

export function createPriceAlertRepository(db: Database, products: ProductRepository) {
  async function withProducts(rows: AlertRow[]): Promise<PriceAlert[]> {
    const byId = new Map((await products.findByIds([...new Set(rows.map((row) => row.productId))])).map((p) => [p.id, p]));
    return rows.flatMap((row) => {
      const product = byId.get(row.productId);
      if (!product) return [];
      return [
        {
          id: row.id,
          productId: row.productId,
          product,
          kind: row.kind === 'back-in-stock' ? ('back-in-stock' as const) : ('price' as const),
          targetPrice: Number(row.targetPrice ?? 0),
          currentPrice: product.currentPrice,
          isActive: row.isActive,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          triggeredAt: row.triggeredAt?.toISOString() ?? null,
        },
      ];
    });
  }

  const owned = (userId: number, id: number) => and(eq(priceAlerts.userId, userId), eq(priceAlerts.id, id));

  return {
    async list(userId: number): Promise<PriceAlert[]> {
      const rows = await db
        .select()
        .from(priceAlerts)
        .where(eq(priceAlerts.userId, userId))
        .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
      return withProducts(rows);
    },
    async create(userId: number, input: { productId: number; targetPrice?: number | undefined; kind: 'price' | 'back-in-stock' }) {
      const [row] = await db
        .insert(priceAlerts)
        .values({
          userId,
          productId: input.productId,
          kind: input.kind,
          targetPrice: input.targetPrice === undefined ? null : toMoney(input.targetPrice),
        })
        .returning();
      return row ? ((await withProducts([row]))[0] ?? null) : null;
    },
    async update(userId: number, id: number, changes: { targetPrice?: number | undefined; isActive?: boolean | undefined }) {
      const [row] = await db
        .update(priceAlerts)
        .set({
          ...(changes.targetPrice !== undefined ? { targetPrice: toMoney(changes.targetPrice) } : {}),
          ...(changes.isActive !== undefined ? { isActive: changes.isActive } : {}),
          updatedAt: new Date(),
        })
        .where(owned(userId, id))
        .returning();
      return row ? ((await withProducts([row]))[0] ?? null) : null;
    },
    async remove(userId: number, id: number): Promise<boolean> {
      const deleted = await db.delete(priceAlerts).where(owned(userId, id)).returning({ id: priceAlerts.id });
      return deleted.length > 0;
    },
  };
}
