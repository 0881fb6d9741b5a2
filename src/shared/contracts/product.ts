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
    /** Global trade item number and manufacturer part number, when a store's feed gave them (null otherwise). */
    gtin: z.string().nullable().optional(),
    mpn: z.string().nullable().optional(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** One choice of a facet and how many products it leaves (issue 15). */
export const facetOptionSchema = z.object({
  /** What the URL names: a value key, range key, brand, store slug or threshold. */
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  selected: z.boolean(),
});
/**
 * A filter group with counts: attribute facets (`attr`, selected via `f=name.key`), `brand`, `store`,
 * `price`, `rating`, `discount`, `availability`. A group's counts ignore its own selection (OR within a
 * group, AND across groups).
 */
export const facetGroupSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    kind: z.enum(['attr', 'brand', 'store', 'price', 'rating', 'discount', 'availability']),
    options: z.array(facetOptionSchema),
  })
  .meta({ id: 'FacetGroup' });
export type FacetGroup = z.infer<typeof facetGroupSchema>;
export type FacetOption = z.infer<typeof facetOptionSchema>;

export const productPageSchema = z
  .object({
    items: z.array(productSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Listing and search pages: the filter groups with counts. */
    facets: z.array(facetGroupSchema).optional(),
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof productPageSchema>;

const commaIds = queryIdList;

export const paginationQuery = z.object({
  page: queryInt(1, 10_000).default(1),
  pageSize: queryInt(1, MAX_PAGE_SIZE).default(24),
});

/** `f=ram.8-gb,ram.12-gb,storage.128-gb`: attribute facet selections, `name.key` tokens, comma-separated. */
const facetSelections = z
  .string()
  .max(2000)
  .regex(/^\s*[a-z0-9-]+\.[a-z0-9.-]+(\s*,\s*[a-z0-9-]+\.[a-z0-9.-]+)*\s*$/, "must be comma-separated 'facet.value' keys")
  .transform((value) => {
    const byName = new Map<string, string[]>();
    for (const token of value.split(',')) {
      const trimmed = token.trim();
      const dot = trimmed.indexOf('.');
      const name = trimmed.slice(0, dot);
      const list = byName.get(name) ?? [];
      if (!list.includes(trimmed.slice(dot + 1))) list.push(trimmed.slice(dot + 1));
      byName.set(name, list);
    }
    return [...byName].map(([name, values]) => ({ name, values }));
  });

const commaList = (max: number, pattern: RegExp, message: string) =>
  z
    .string()
    .max(max)
    .regex(pattern, message)
    .transform((value) => [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))]);

export const listingQuery = paginationQuery.extend({
  price: z.enum(PRICE_RANGE_VALUES).default('all'),
  sort: z.enum(SORT_VALUES).default('relevance'),
  /** One brand, or several comma-separated (OR). */
  brand: z.string().trim().max(500).optional(),
  f: facetSelections.optional(),
  /** Store slugs, comma-separated (OR): products any of them sells. */
  store: commaList(500, /^\s*[a-z0-9-]+(\s*,\s*[a-z0-9-]+)*\s*$/, 'must be comma-separated store slugs').optional(),
  inStock: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  minDiscount: z.enum(['10', '20', '30', '40', '50']).transform(Number).optional(),
  rating: z.enum(['3', '4']).transform(Number).optional(),
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
  /** Include the filter groups with counts (the search page does). */
  facets: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuery>;

export const candidatesQuery = z.object({
  exclude: commaIds.optional(),
  subcategory: z.string().max(100).optional(),
  limit: queryInt(1, 50).default(6),
});

/** GET /products/attributes?ids=…: the typed attributes of a few products (the comparison lines them up). */
export const productAttributesQuery = z.object({ ids: queryIdList.pipe(z.array(z.number()).min(1, 'name at least one product').max(10, 'at most 10 products')) });
export const typedAttributeSchema = z.object({
  name: z.string(),
  label: z.string(),
  value: z.string(),
  valueKey: z.string(),
  unit: z.string().nullable(),
  num: z.number().nullable(),
});
export type TypedAttribute = z.infer<typeof typedAttributeSchema>;
export const productAttributesSchema = z
  .array(z.object({ productId: z.number().int(), attributes: z.array(typedAttributeSchema) }))
  .meta({ id: 'ProductAttributes' });
export type ProductAttributesList = z.infer<typeof productAttributesSchema>;
