import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE, type PriceRangeValue, type SortValue } from '@/shared/catalog';
import type { ProductPage } from '@/shared/contracts/product';
import { type FacetState, facetQuery } from '@/web/components/product/use-listing-params';
import { api, queryString } from '@/web/lib/api-client';

export type SearchRequest = { q: string; price: PriceRangeValue; sort: SortValue; page: number; brand: string | null; facets: FacetState };

/** GET /products?q=…: a page of search results with the listing's controls (DECISIONS 11). */
export function getSearchResults(request: SearchRequest, signal?: AbortSignal): Promise<ProductPage> {
  const query = queryString({
    q: request.q,
    brand: request.brand,
    price: request.price === 'all' ? undefined : request.price,
    sort: request.sort === 'relevance' ? undefined : request.sort,
    page: request.page > 1 ? request.page : undefined,
    pageSize: LISTING_PAGE_SIZE,
    facets: 'true',
    ...facetQuery(request.facets),
  });
  return api<ProductPage>(`/products${query}`, { signal });
}

export const searchResultsQueryOptions = (request: SearchRequest) =>
  queryOptions({ queryKey: ['products', 'search', request] as const, queryFn: ({ signal }) => getSearchResults(request, signal) });

export function useSearchResults(request: SearchRequest) {
  return useQuery({ ...searchResultsQueryOptions(request), enabled: request.q.trim() !== '' });
}
