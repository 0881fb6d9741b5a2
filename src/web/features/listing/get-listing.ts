import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE, type PriceRangeValue, type SortValue } from '@/shared/catalog';
import type { ProductPage } from '@/shared/contracts/product';
import { type FacetState, facetQuery } from '@/web/components/product/use-listing-params';
import { api, queryString } from '@/web/lib/api-client';

export type ListingRequest = {
  /** The category path as in the URL: 1 to 3 slugs. */
  slugs: string[];
  price: PriceRangeValue;
  sort: SortValue;
  brand: string | null;
  page: number;
  /** Facet selections (issue 15). */
  facets: FacetState;
};

/** GET /products/browse/{category}[/{sub}[/{subsub}]]: one server page of a listing (DECISIONS 9). */
export function getListing(request: ListingRequest, signal?: AbortSignal): Promise<ProductPage> {
  const path = request.slugs.map(encodeURIComponent).join('/');
  const query = queryString({
    price: request.price === 'all' ? undefined : request.price,
    sort: request.sort === 'relevance' ? undefined : request.sort,
    brand: request.brand,
    page: request.page > 1 ? request.page : undefined,
    pageSize: LISTING_PAGE_SIZE,
    ...facetQuery(request.facets),
  });
  return api<ProductPage>(`/products/browse/${path}${query}`, { signal });
}

export const listingQueryOptions = (request: ListingRequest) =>
  queryOptions({
    queryKey: ['products', 'browse', request] as const,
    queryFn: ({ signal }) => getListing(request, signal),
    // A server-rendered 404 comes with the page: hydrate "Category Not Found", do not ask again on mount.
    retryOnMount: false,
  });

export function useListing(request: ListingRequest) {
  // Keep the last page on screen while a new filter loads, so the counts and cards don't flash away.
  return useQuery({ ...listingQueryOptions(request), placeholderData: keepPreviousData });
}
