import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { addWishlistBody, wishlistItemSchema } from '@/shared/contracts/account';
import { errorSchema, idParam } from '@/shared/contracts/common';
import { wishlistItems } from '@/server/db/schema';
import { badRequest, notFound } from '@/server/http-error';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';

const tags = ['wishlist'];
const security = [{ bearerAuth: [] }];

export async function wishlistRoutes(app: App) {
  const { db } = app.database;
  const products = app.productRepository;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/wishlist',
    { schema: { tags, security, summary: 'The signed-in user’s wishlist, newest first', response: { 200: z.array(wishlistItemSchema), 401: errorSchema } } },
    async (request) => {
      const rows = await db
        .select()
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, currentUserId(request)))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
      const byId = new Map((await products.findByIds(rows.map((row) => row.productId))).map((p) => [p.id, p]));
      return rows.flatMap((row) => {
        const product = byId.get(row.productId);
        return product ? [{ productId: row.productId, addedAt: row.createdAt.toISOString(), product }] : [];
      });
    },
  );

  app.post(
    '/wishlist',
    {
      schema: {
        tags,
        security,
        summary: 'Add a product to the wishlist',
        body: addWishlistBody,
        response: { 201: wishlistItemSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const product = await products.findById(request.body.productId);
      if (!product) throw notFound('Product not found');
      const [row] = await db
        .insert(wishlistItems)
        .values({ userId, productId: product.id })
        .onConflictDoNothing()
        .returning();
      if (!row) throw badRequest('Already in wishlist');
      return reply.status(201).send({ productId: product.id, addedAt: row.createdAt.toISOString(), product });
    },
  );

  app.delete(
    '/wishlist/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a product from the wishlist',
        params: z.object({ productId: idParam }),
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const deleted = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.userId, currentUserId(request)), eq(wishlistItems.productId, request.params.productId)))
        .returning({ productId: wishlistItems.productId });
      if (deleted.length === 0) throw notFound('Product is not in your wishlist');
      return reply.status(204).send(null);
    },
  );
}
