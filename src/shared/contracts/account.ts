import { z } from 'zod';
import { productSchema } from './product';
import { isoDate, jsonId, rupeeAmount } from './common';

export const wishlistItemSchema = z
  .object({ productId: z.number().int(), addedAt: isoDate, product: productSchema })
  .meta({ id: 'WishlistItem' });
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export const addWishlistBody = z.object({ productId: jsonId });

export const priceAlertSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    product: productSchema,
    kind: z.enum(['price', 'back-in-stock']),
    targetPrice: z.number(),
    /** The product's best offer price now: what the status rule compares with the target. */
    currentPrice: z.number(),
    isActive: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
    triggeredAt: isoDate.nullable(),
  })
  .meta({ id: 'PriceAlert' });
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const createPriceAlertBody = z.object({
  productId: jsonId,
  targetPrice: rupeeAmount.optional(),
  kind: z.enum(['price', 'back-in-stock']).default('price'),
}).refine((body) => body.kind === 'back-in-stock' || body.targetPrice !== undefined, {
  message: 'targetPrice is required',
  path: ['targetPrice'],
});
export const updatePriceAlertBody = z
  .object({ targetPrice: rupeeAmount.optional(), isActive: z.boolean().optional() })
  .refine((body) => body.targetPrice !== undefined || body.isActive !== undefined, {
    message: 'send targetPrice and/or isActive',
  });

export const comparisonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: isoDate,
    productIds: z.array(z.number().int()),
    products: z.array(productSchema),
  })
  .meta({ id: 'Comparison' });
export type Comparison = z.infer<typeof comparisonSchema>;
export const createComparisonBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(120),
  productIds: z
    .array(jsonId)
    .min(2, 'Add at least 2 products to save a comparison.')
    .max(3, 'Maximum 3 products allowed')
    .refine((ids) => new Set(ids).size === ids.length, 'Product already added'),
});

export const reviewSchema = z
  .object({
    id: z.number().int(),
    productId: z.number().int(),
    rating: z.number().int(),
    title: z.string(),
    body: z.string(),
    author: z.string(),
    createdAt: isoDate,
    mine: z.boolean(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;
export const createReviewBody = z.object({
  rating: z.number().int('Rating must be a whole number').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
  title: z.string().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
  body: z.string().trim().min(1, 'Review text is required').max(5000, 'Review must be at most 5000 characters'),
});
export const reviewListSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  rating: z.number(),
  reviews: z.number().int(),
});
