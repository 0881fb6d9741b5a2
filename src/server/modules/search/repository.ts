import { asc, desc, eq, sql } from 'drizzle-orm';
import type { SearchSuggestion } from '@/shared/contracts/search';
import type { Database } from '@/server/db/client';
import { productSearch, products } from '@/server/db/schema';
import { planSearch, searchCondition, searchRank, searchWords, withSearchSettings } from '@/server/modules/products/repository';

/**
 * Search suggestions: the best matches of the same typo-tolerant search as GET /products?q=, but only the
 * few columns a suggestion shows, so typing stays cheap (no offers, no price history).
 */
export function createSearchRepository(db: Database) {
  return {
    async suggest(q: string, limit: number): Promise<SearchSuggestion[]> {
      if (searchWords(q).length === 0) return [];
      const plan = await planSearch(db, q);
      const rows = await withSearchSettings(db, (tx) =>
        tx
          .select({
            id: products.id,
            name: products.name,
            brand: products.brand,
            category: products.category,
            subcategory: products.subcategory,
            image: products.image,
            currentPrice: products.currentPrice,
          })
          .from(products)
          .innerJoin(productSearch, eq(productSearch.productId, products.id))
          .where(searchCondition(plan))
          .orderBy(sql`${searchRank(q)} desc`, desc(products.reviewCount), asc(products.id))
          .limit(limit),
      );
      return rows.map((row) => ({ ...row, currentPrice: row.currentPrice === null ? 0 : Number(row.currentPrice) }));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
