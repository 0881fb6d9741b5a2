import { type SQL, and, asc, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { type CategoryPath, type SortValue, priceRangeBounds, type PriceRangeValue } from '@/shared/catalog';
import type { Offer, Product, ProductPage } from '@/shared/contracts/product';
import type { Database } from '@/server/db/client';
import { offers, priceHistory, products, stores } from '@/server/db/schema';

export type ProductRow = typeof products.$inferSelect;

export type ProductFilter = {
  path?: Partial<CategoryPath> | undefined;
  price?: PriceRangeValue | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  brand?: string | undefined;
  trending?: boolean | undefined;
  exclude?: number[] | undefined;
  q?: string | undefined;
};

export type PageRequest = { page: number; pageSize: number; sort: SortValue };

/** How far back `priceHistory` reaches in product JSON; the deal verdicts need 90 days. */
const HISTORY_DAYS = 180;

const toNumber = (value: string | null | undefined): number => (value === null || value === undefined ? 0 : Number(value));

export function discountOf(original: number, current: number): number {
  return original > current && original > 0 ? Math.round(((original - current) / original) * 100) : 0;
}

function whereOf(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const { path } = filter;
  if (path?.category) conditions.push(eq(products.category, path.category));
  if (path?.subcategory) conditions.push(eq(products.subcategory, path.subcategory));
  if (path?.subSubcategory) conditions.push(eq(products.subSubcategory, path.subSubcategory));
  if (filter.price && filter.price !== 'all') {
    const { min, max } = priceRangeBounds(filter.price);
    if (min !== null) conditions.push(gte(products.currentPrice, String(min)));
    if (max !== null) conditions.push(lt(products.currentPrice, String(max)));
  }
  if (filter.minPrice !== undefined) conditions.push(gte(products.currentPrice, String(filter.minPrice)));
  if (filter.maxPrice !== undefined) conditions.push(sql`${products.currentPrice} <= ${String(filter.maxPrice)}`);
  if (filter.brand) conditions.push(sql`lower(${products.brand}) = lower(${filter.brand})`);
  if (filter.trending !== undefined) conditions.push(eq(products.trending, filter.trending));
  if (filter.exclude?.length) conditions.push(notInArray(products.id, filter.exclude));
  if (filter.q) conditions.push(searchCondition(filter.q));
  return conditions.length ? and(...conditions) : undefined;
}

/** Typo-tolerant match: trigram word similarity (uses the GIN index) or a plain substring. */
function searchCondition(q: string): SQL {
  const needle = q.toLowerCase();
  return sql`(${needle} <% ${products.searchText} or ${products.searchText} like ${`%${escapeLike(needle)}%`})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function orderOf(sort: SortValue, q: string | undefined): SQL[] {
  switch (sort) {
    case 'price-low':
      return [sql`${products.currentPrice} asc nulls last`, asc(products.id)];
    case 'price-high':
      return [sql`${products.currentPrice} desc nulls last`, asc(products.id)];
    case 'rating':
      return [desc(products.rating), desc(products.reviewCount), asc(products.id)];
    case 'discount':
      return [desc(products.discount), asc(products.id)];
    case 'relevance':
      if (q) return [sql`word_similarity(${q.toLowerCase()}, ${products.searchText}) desc`, desc(products.reviewCount), asc(products.id)];
      return [desc(products.trending), desc(products.reviewCount), asc(products.id)];
  }
}

export function createProductRepository(db: Database) {
  /** Turns product rows into product JSON with two batched queries (offers, best-offer history): never one per row. */
  async function hydrate(rows: ProductRow[]): Promise<Product[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const bestOfferIds = rows.flatMap((row) => (row.bestOfferId === null ? [] : [row.bestOfferId]));
    const since = new Date(Date.now() - HISTORY_DAYS * 24 * 60 * 60 * 1000);
    const [offerRows, historyRows] = await Promise.all([
      db
        .select({ offer: offers, storeName: stores.name, storeSlug: stores.slug })
        .from(offers)
        .innerJoin(stores, eq(stores.id, offers.storeId))
        .where(inArray(offers.productId, ids))
        .orderBy(desc(offers.inStock), asc(offers.currentPrice), asc(offers.id)),
      bestOfferIds.length
        ? db
            .select({ offerId: priceHistory.offerId, price: priceHistory.price, recordedAt: priceHistory.recordedAt })
            .from(priceHistory)
            .where(and(inArray(priceHistory.offerId, bestOfferIds), gte(priceHistory.recordedAt, since)))
            .orderBy(asc(priceHistory.offerId), asc(priceHistory.recordedAt), asc(priceHistory.id))
        : Promise.resolve([]),
    ]);

    const offersByProduct = new Map<number, Offer[]>();
    for (const { offer, storeName, storeSlug } of offerRows) {
      const currentPrice = toNumber(offer.currentPrice);
      const originalPrice = toNumber(offer.originalPrice);
      const list = offersByProduct.get(offer.productId) ?? [];
      list.push({
        id: offer.id,
        store: storeName,
        storeSlug,
        currentPrice,
        originalPrice,
        discount: discountOf(originalPrice, currentPrice),
        inStock: offer.inStock,
        stockQuantity: offer.stockQuantity,
        affiliateUrl: offer.affiliateUrl,
        freeShipping: offer.freeShipping,
        shippingCost: offer.shippingCost === null ? null : toNumber(offer.shippingCost),
        updatedAt: offer.updatedAt.toISOString(),
      });
      offersByProduct.set(offer.productId, list);
    }
    const historyByOffer = new Map<number, { price: number; date: string }[]>();
    for (const point of historyRows) {
      const list = historyByOffer.get(point.offerId) ?? [];
      list.push({ price: toNumber(point.price), date: point.recordedAt.toISOString() });
      historyByOffer.set(point.offerId, list);
    }

    return rows.map((row) => {
      const productOffers = offersByProduct.get(row.id) ?? [];
      const best = productOffers.find((offer) => offer.id === row.bestOfferId) ?? productOffers[0];
      const currentPrice = best?.currentPrice ?? 0;
      const originalPrice = best?.originalPrice ?? 0;
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        image: row.image,
        imageGallery: row.imageGallery,
        videoUrl: row.videoUrl,
        brand: row.brand,
        model: row.model,
        category: row.category,
        subcategory: row.subcategory,
        subSubcategory: row.subSubcategory,
        store: best?.store ?? '',
        storeSlug: best?.storeSlug ?? '',
        description: row.description,
        highlights: row.highlights,
        specifications: row.specifications ?? null,
        features: row.features ?? null,
        currentPrice,
        originalPrice,
        discount: discountOf(originalPrice, currentPrice),
        rating: toNumber(row.rating),
        reviews: row.reviewCount,
        trending: row.trending,
        inStock: best?.inStock ?? false,
        stockQuantity: best?.stockQuantity ?? 0,
        affiliateUrl: best?.affiliateUrl ?? null,
        freeShipping: best?.freeShipping ?? false,
        shippingCost: best?.shippingCost ?? null,
        variants: row.variants.map((variant) => ({
          id: variant.id,
          name: variant.name,
          price: toNumber(variant.price),
          originalPrice: toNumber(variant.originalPrice),
        })),
        priceHistory: best ? (historyByOffer.get(best.id) ?? []) : [],
        offers: productOffers,
      };
    });
  }

  return {
    hydrate,

    async list(filter: ProductFilter, page: PageRequest): Promise<ProductPage> {
      const where = whereOf(filter);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(...orderOf(page.sort, filter.q))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { items: await hydrate(rows), total: counted?.total ?? 0, page: page.page, pageSize: page.pageSize };
    },

    async findById(id: number): Promise<Product | null> {
      const rows = await db.select().from(products).where(eq(products.id, id)).limit(1);
      const [product] = await hydrate(rows);
      return product ?? null;
    },

    /** Products in the order of `ids`; unknown ids are left out. */
    async findByIds(ids: readonly number[]): Promise<Product[]> {
      if (ids.length === 0) return [];
      const rows = await db.select().from(products).where(inArray(products.id, [...ids]));
      const byId = new Map((await hydrate(rows)).map((product) => [product.id, product]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async exists(id: number): Promise<boolean> {
      const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
      return rows.length > 0;
    },

    /** Comparison candidates: same category, not excluded, the given subcategory first (DECISIONS 10). */
    async candidates(options: { category: string | null; subcategory?: string | undefined; exclude: number[]; limit: number }) {
      const conditions: SQL[] = [];
      if (options.category) conditions.push(eq(products.category, options.category));
      if (options.exclude.length) conditions.push(notInArray(products.id, options.exclude));
      const preferSubcategory = options.subcategory
        ? sql`(${products.subcategory} = ${options.subcategory}) desc`
        : sql`true`;
      const rows = await db
        .select()
        .from(products)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(preferSubcategory, desc(products.trending), desc(products.reviewCount), asc(products.id))
        .limit(options.limit);
      return hydrate(rows);
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
