import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { comparisonSchema, createComparisonBody } from '@/shared/contracts/account';
import { errorSchema, idParam } from '@/shared/contracts/common';
import { comparisonProducts, comparisons } from '@/server/db/schema';
import { badRequest, notFound } from '@/server/http-error';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';

const tags = ['comparisons'];
const security = [{ bearerAuth: [] }];

export async function comparisonRoutes(app: App) {
  const { db } = app.database;
  const productsRepo = app.productRepository;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/comparisons',
    { schema: { tags, security, summary: 'The signed-in user’s saved comparisons, newest first', response: { 200: z.array(comparisonSchema), 401: errorSchema } } },
    async (request) => {
      const saved = await db
        .select()
        .from(comparisons)
        .where(eq(comparisons.userId, currentUserId(request)))
        .orderBy(desc(comparisons.createdAt), desc(comparisons.id));
      if (saved.length === 0) return [];
      const links = await db
        .select()
        .from(comparisonProducts)
        .where(inArray(comparisonProducts.comparisonId, saved.map((c) => c.id)))
        .orderBy(asc(comparisonProducts.comparisonId), asc(comparisonProducts.position));
      const byId = new Map((await productsRepo.findByIds([...new Set(links.map((l) => l.productId))])).map((p) => [p.id, p]));
      return saved.map((comparison) => {
        const products = links.filter((l) => l.comparisonId === comparison.id).flatMap((l) => byId.get(l.productId) ?? []);
        return {
          id: comparison.id,
          name: comparison.name,
          createdAt: comparison.createdAt.toISOString(),
          productIds: products.map((p) => p.id),
          products,
        };
      });
    },
  );

  app.post(
    '/comparisons',
    {
      schema: {
        tags,
        security,
        summary: 'Save a comparison of 2 or 3 products of one category',
        body: createComparisonBody,
        response: { 201: comparisonSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { name, productIds } = request.body;
      const products = await productsRepo.findByIds(productIds);
      if (products.length !== productIds.length) throw notFound('Product not found');
      if (new Set(products.map((p) => p.category)).size > 1) throw badRequest('Only products of the same category can be compared');
      const saved = await db.transaction(async (tx) => {
        const [comparison] = await tx.insert(comparisons).values({ userId: currentUserId(request), name }).returning();
        if (!comparison) throw new Error('insert returned no row');
        await tx.insert(comparisonProducts).values(productIds.map((productId, position) => ({ comparisonId: comparison.id, productId, position })));
        return comparison;
      });
      return reply
        .status(201)
        .send({ id: saved.id, name: saved.name, createdAt: saved.createdAt.toISOString(), productIds, products });
    },
  );

  app.delete(
    '/comparisons/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved comparison',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const deleted = await db
        .delete(comparisons)
        .where(and(eq(comparisons.id, request.params.id), eq(comparisons.userId, currentUserId(request))))
        .returning({ id: comparisons.id });
      if (deleted.length === 0) throw notFound('Comparison not found');
      return reply.status(204).send(null);
    },
  );
}
