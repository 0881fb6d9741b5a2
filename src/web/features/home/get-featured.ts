import { queryOptions, useQuery } from '@tanstack/react-query';
import { FEATURED_COUNT, TRENDING_COUNT } from '@/shared/catalog';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { api, queryString } from '@/web/lib/api-client';

/**
 * Enough of the first products to fill Home's Featured Products with 6 (SPEC points 2 and 9) even when the
 * first ones are the trending products already shown above them: see featuredProducts.
 */
const FEATURED_FETCH = FEATURED_COUNT + TRENDING_COUNT;

/** GET /products/all: the first products of the catalogue. */
export function getFeatured(signal?: AbortSignal): Promise<ProductPage> {
  return api<ProductPage>(`/products/all${queryString({ pageSize: FEATURED_FETCH })}`, { signal });
}

/** The first 6 products that are not already in Trending Now (then trending ones, if the catalogue is tiny). */
export function featuredProducts(all: readonly Product[], trending: readonly Product[]): Product[] {
  const shown = new Set(trending.map((p) => p.id));
  const fresh = all.filter((p) => !shown.has(p.id));
  const rest = all.filter((p) => shown.has(p.id));
  return [...fresh, ...rest].slice(0, FEATURED_COUNT);
}

export const featuredQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'featured', FEATURED_FETCH] as const, queryFn: ({ signal }) => getFeatured(signal) });

export function useFeatured() {
  return useQuery(featuredQueryOptions());
}
