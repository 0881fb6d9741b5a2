import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { errorSchema } from '@/shared/contracts/common';
import { type DealPage, dealPageSchema, dealsQuery } from '@/shared/contracts/deals';
import { productDeals } from '@/server/db/schema';
import type { App } from '@/server/types';

/** GET /deals (issue 15): products well below their own 90-day typical price, biggest drop first. */
export async function dealRoutes(app: App) {
  const { catalogue } = app;
  const repo = app.productRepository;
  app.get(
    '/deals',
    {
      schema: {
        tags: ['deals'],
        summary: 'Deals: current best price well below the 90-day median of its own price history (never a store-claimed discount)',
        querystring: dealsQuery,
        response: { 200: dealPageSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { category: raw, minDrop, page, pageSize } = request.query;
      const category = raw === 'apparels' ? 'ladies-apparels' : raw;
      const key = `deals:${JSON.stringify([category ?? null, minDrop, page, pageSize])}`;
      const answer = await catalogue.answer<DealPage>(
        key,
        async () => {
          const where = and(gte(productDeals.dropPercent, minDrop), category ? eq(productDeals.category, category) : undefined);
          const [rows, [counted]] = await Promise.all([
            app.database.db
              .select()
              .from(productDeals)
              .where(where)
              .orderBy(desc(productDeals.dropPercent), desc(productDeals.dropAmount), productDeals.productId)
              .limit(pageSize)
              .offset((page - 1) * pageSize),
            app.database.db.select({ total: sql<number>`count(*)::int` }).from(productDeals).where(where),
          ]);
          const products = new Map((await repo.findByIds(rows.map((row) => row.productId))).map((p) => [p.id, p]));
          const items = rows.flatMap((row) => {
            const product = products.get(row.productId);
            if (!product) return [];
            return [{ product, typicalPrice: Number(row.median90), dropAmount: Number(row.dropAmount), dropPercent: row.dropPercent, lowestEver: Number(row.lowestEver) }];
          });
          return { items, total: counted?.total ?? 0, page, pageSize };
        },
        dealPageSchema,
      );
      return catalogue.send(request, reply, answer);
    },
  );
}
