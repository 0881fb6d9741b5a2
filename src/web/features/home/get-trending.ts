import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRENDING_COUNT } from '@/shared/catalog';
import type { ProductPage } from '@/shared/contracts/product';
import { api, queryString } from '@/web/lib/api-client';

/** GET /products?trending=true: up to 4 trending products for Home's Trending Now (SPEC points 2 and 9). */
export function getTrending(signal?: AbortSignal): Promise<ProductPage> {
  return api<ProductPage>(`/products${queryString({ trending: true, pageSize: TRENDING_COUNT })}`, { signal });
}

export const trendingQueryOptions = () =>
  queryOptions({ queryKey: ['products', 'trending', TRENDING_COUNT] as const, queryFn: ({ signal }) => getTrending(signal) });

export function useTrending() {
  return useQuery(trendingQueryOptions());
}
