import { queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE, type PriceRangeValue, type SortValue } from '@/shared/catalog';
import type { ProductPage } from '@/shared/contracts/product';
import { api, queryString } from '@/web/lib/api-client';

export type ListingRequest = {
  /** The category path as in the URL: 1 to 3 slugs. */
  slugs: string[];
  price: PriceRangeValue;
  sort: SortValue;
  brand: string | null;
  page: number;
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
  });
  return api<ProductPage>(`/products/browse/${path}${query}`, { signal });
}

export const listingQueryOptions = (request: ListingRequest) =>
  queryOptions({
    queryKey: ['products', 'browse', request] as const,
    queryFn: ({ signal }) => getListing(request, signal),
  });

export function useListing(request: ListingRequest) {
  return useQuery(listingQueryOptions(request));
}
