import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createReviewBody, reviewListSchema, reviewSchema } from '@/shared/contracts/account';
import { errorSchema, idParam } from '@/shared/contracts/common';
import { paginationQuery } from '@/shared/contracts/product';
import { announceCatalogueVersion, bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { products, reviews, users } from '@/server/db/schema';
import { carryListingStatsOver } from '@/server/modules/products/listing-stats';
import { conflict, notFound } from '@/server/http-error';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';

const tags = ['reviews'];
const params = z.object({ id: idParam });

export async function reviewRoutes(app: App) {
  const { db } = app.database;

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags,
        summary: 'Reviews written on Bachat for a product, newest first, with its rating and review count',
        params,
        querystring: paginationQuery,
        response: { 200: reviewListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const [product] = await db
        .select({ rating: products.rating, reviewCount: products.reviewCount })
        .from(products)
        .where(eq(products.id, request.params.id));
      if (!product) throw notFound('Product not found');
      const { page, pageSize } = request.query;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ review: reviews, username: users.username, firstName: users.firstName, lastName: users.lastName })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(eq(reviews.productId, request.params.id))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.productId, request.params.id)),
      ]);
      // Reading reviews needs no sign-in; `mine` is set only when a valid token is sent.
      const viewer = await optionalUserId(app, request);
      return {
        items: rows.map(({ review, firstName, lastName }) => ({
          id: review.id,
          productId: review.productId,
          rating: review.rating,
          title: review.title,
          body: review.body,
          author: `${firstName} ${lastName.charAt(0)}.`.trim(),
          createdAt: review.createdAt.toISOString(),
          mine: viewer === review.userId,
        })),
        total: counted?.total ?? 0,
        rating: Number(product.rating),
        reviews: product.reviewCount,
      };
    },
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Write a review (one per user per product); updates the product’s rating and review count',
        params,
        body: createReviewBody,
        response: { 201: reviewSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const { rating, title, body } = request.body;
      const result = await db.transaction(async (tx) => {
        // Lock the product row so concurrent reviews update the average one after the other.
        const [product] = await tx
          .select({ id: products.id, ...ratedPath })
          .from(products)
          .where(eq(products.id, request.params.id))
          .for('update');
        if (!product) throw notFound('Product not found');
        const [review] = await tx
          .insert(reviews)
          .values({ productId: product.id, userId, rating, title, body })
          .onConflictDoNothing()
          .returning();
        if (!review) throw conflict('You have already reviewed this product');
        const [updated] = await tx
          .update(products)
          .set({
            rating: sql`round((${products.rating} * ${products.reviewCount} + ${rating}) / (${products.reviewCount} + 1), 2)`,
            reviewCount: sql`${products.reviewCount} + 1`,
          })
          .where(eq(products.id, product.id))
          .returning({ rating: products.rating });
        const [author] = await tx.select().from(users).where(eq(users.id, userId));
        // The product's rating and review count are in catalogue answers.
        await carryStats(tx, product, updated?.rating);
        const version = await bumpCatalogueVersion(tx);
        return { review, author, version };
      });
      const { review, author } = result;
      await announceCatalogueVersion(db, result.version);
      return reply.status(201).send({
        id: review.id,
        productId: review.productId,
        rating: review.rating,
        title: review.title,
        body: review.body,
        author: author ? `${author.firstName} ${author.lastName.charAt(0)}.` : 'Shopper',
        createdAt: review.createdAt.toISOString(),
        mine: true,
      });
    },
  );

  app.delete(
    '/products/:id/reviews/mine',
    {
      onRequest: app.requireUser,
      schema: { tags, security: [{ bearerAuth: [] }], summary: 'Delete my review of a product', params, response: { 204: z.null(), 401: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const userId = currentUserId(request);
      const version = await db.transaction(async (tx) => {
        const [product] = await tx.select(ratedPath).from(products).where(eq(products.id, request.params.id)).for('update');
        const [review] = await tx
          .delete(reviews)
          .where(and(eq(reviews.productId, request.params.id), eq(reviews.userId, userId)))
          .returning();
        if (!review) throw notFound('Review not found');
        const [updated] = await tx
          .update(products)
          .set({
            rating: sql`case when ${products.reviewCount} <= 1 then 0 else round((${products.rating} * ${products.reviewCount} - ${review.rating}) / (${products.reviewCount} - 1), 2) end`,
            reviewCount: sql`greatest(${products.reviewCount} - 1, 0)`,
          })
          .where(eq(products.id, request.params.id))
          .returning({ rating: products.rating });
        await carryStats(tx, product, updated?.rating);
        return bumpCatalogueVersion(tx);
      });
      await announceCatalogueVersion(db, version);
      return reply.status(204).send(null);
    },
  );
}

/** What a review's change to the precomputed listing counts needs (read with the product row locked). */
const ratedPath = { rating: products.rating, category: products.category, subcategory: products.subcategory, subSubcategory: products.subSubcategory };

/**
 * Only the product's rating changed: the unfiltered listings' stored counts are carried over to the version the
 * bump that follows commits (listing-stats.ts), so a review does not send every listing back to live counting.
 */
async function carryStats(
  tx: Parameters<typeof carryListingStatsOver>[0],
  before: { rating: string; category: string; subcategory: string | null; subSubcategory: string | null } | undefined,
  after: string | undefined,
): Promise<void> {
  if (!before || after === undefined) return;
  const { rating, ...path } = before;
  await carryListingStatsOver(tx, { path, ratingBefore: Number(rating), ratingAfter: Number(after) });
}

async function optionalUserId(app: App, request: Parameters<App['requireUser']>[0]): Promise<number | null> {
  if (!request.headers.authorization) return null;
  try {
    await app.requireUser(request);
    return request.userId;
  } catch {
    return null;
  }
}
