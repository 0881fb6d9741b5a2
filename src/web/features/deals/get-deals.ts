import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE } from '@/shared/catalog';
import { DEAL_DROP_OPTIONS, type DealPage, DEFAULT_DEAL_DROP } from '@/shared/contracts/deals';
import { api, queryString } from '@/web/lib/api-client';

export type DealsRequest = { category: 'electronics' | 'ladies-apparels' | null; minDrop: number; page: number };

/** The deals page's filters from its URL (`?category=&minDrop=&page=`); anything unknown falls back to the default. */
export function parseDealsParams(params: URLSearchParams): DealsRequest {
  const rawCategory = params.get('category');
  const category = rawCategory === 'electronics' || rawCategory === 'ladies-apparels' ? rawCategory : null;
  const rawDrop = Number(params.get('minDrop'));
  const minDrop = (DEAL_DROP_OPTIONS as readonly number[]).includes(rawDrop) ? rawDrop : DEFAULT_DEAL_DROP;
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 10_000 ? rawPage : 1;
  return { category, minDrop, page };
}

/** GET /deals: products well below their own 90-day typical price, biggest drop first (issue 15). */
export function getDeals(request: DealsRequest, signal?: AbortSignal): Promise<DealPage> {
  const query = queryString({
    category: request.category,
    minDrop: request.minDrop === DEFAULT_DEAL_DROP ? undefined : request.minDrop,
    page: request.page > 1 ? request.page : undefined,
    pageSize: LISTING_PAGE_SIZE,
  });
  return api<DealPage>(`/deals${query}`, { signal });
}

export const dealsQueryOptions = (request: DealsRequest) =>
  queryOptions({ queryKey: ['deals', request] as const, queryFn: ({ signal }) => getDeals(request, signal) });

export function useDeals(request: DealsRequest) {
  return useQuery({ ...dealsQueryOptions(request), placeholderData: keepPreviousData });
}
