import { z } from 'zod';
import { MAX_PAGE_SIZE, PRICE_RANGE_VALUES, SORT_VALUES } from '@/shared/catalog';
import { isoDate, queryDecimal, queryIdList, queryInt } from './common';

export const variantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  originalPrice: z.number(),
});
export type Variant = z.infer<typeof variantSchema>;

export const pricePointSchema = z.object({ price: z.number(), date: isoDate });
export type PricePoint = z.infer<typeof pricePointSchema>;

export const offerSchema = z.object({
  id: z.number().int(),
  store: z.string(),
  storeSlug: z.string(),
  currentPrice: z.number(),
  originalPrice: z.number(),
  discount: z.number().int(),
  inStock: z.boolean(),
  stockQuantity: z.number().int(),
  affiliateUrl: z.string().nullable(),
  freeShipping: z.boolean(),
  shippingCost: z.number().nullable(),
  updatedAt: isoDate,
});
export type Offer = z.infer<typeof offerSchema>;

/** SPEC point 3 plus DECISIONS 6 and 8: the best offer in the flat fields, every offer in `offers`. */
export const productSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    image: z.string(),
    imageGallery: z.array(z.string()),
    videoUrl: z.string().nullable(),
    brand: z.string(),
    model: z.string(),
    category: z.string(),
    subcategory: z.string().nullable(),
    subSubcategory: z.string().nullable(),
    store: z.string(),
    storeSlug: z.string(),
    description: z.string(),
    highlights: z.string(),
    specifications: z.unknown(),
    features: z.unknown(),
    currentPrice: z.number(),
    originalPrice: z.number(),
    discount: z.number().int(),
    rating: z.number(),
    reviews: z.number().int(),
    trending: z.boolean(),
    inStock: z.boolean(),
    stockQuantity: z.number().int(),
    affiliateUrl: z.string().nullable(),
    freeShipping: z.boolean(),
    shippingCost: z.number().nullable(),
    variants: z.array(variantSchema),
    priceHistory: z.array(pricePointSchema),
    offers: z.array(offerSchema),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productPageSchema = z
  .object({
    items: z.array(productSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;

const commaIds = queryIdList;

export const paginationQuery = z.object({
  page: queryInt(1, 10_000).default(1),
  pageSize: queryInt(1, MAX_PAGE_SIZE).default(24),
});

export const listingQuery = paginationQuery.extend({
  price: z.enum(PRICE_RANGE_VALUES).default('all'),
  sort: z.enum(SORT_VALUES).default('relevance'),
  brand: z.string().trim().max(100).optional(),
});
export type ListingQuery = z.infer<typeof listingQuery>;

/** GET /products: the same controls as the listing, with the category path as optional filters. */
export const productSearchQuery = listingQuery.extend({
  category: z.string().max(100).optional(),
  subcategory: z.string().max(100).optional(),
  subSubcategory: z.string().max(100).optional(),
  q: z.string().trim().max(200).optional(),
  trending: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  minPrice: queryDecimal(9_999_999_999).optional(),
  maxPrice: queryDecimal(9_999_999_999).optional(),
  exclude: commaIds.optional(),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuery>;

export const candidatesQuery = z.object({
  exclude: commaIds.optional(),
  subcategory: z.string().max(100).optional(),
  limit: queryInt(1, 50).default(6),
});
