import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '@/web/lib/api-client';

/** The click statistics answer (issue-14b's ClickStats contract, src/shared/contracts/clicks.ts once it lands). */
export type ClickStats = {
  from: string;
  to: string;
  total: number;
  days: { day: string; storeSlug: string; storeName: string; clicks: number; signedIn: number; fromProductPage: number }[];
  topProducts: { productId: number | null; productName: string | null; clicks: number; fromProductPage: number; productPageShare: number }[];
  sources: { sourcePage: string; clicks: number; share: number }[];
};

export type ClickFilter = { from?: string | undefined; to?: string | undefined; store?: string | undefined };

/** The click statistics API (issue 14's click-outs): per store per day, top products, sources. */
export const CLICKS_PATH = '/admin/clicks';

export const clickStatsQueryOptions = (filter: ClickFilter) =>
  queryOptions({
    queryKey: ['admin', 'clicks', filter],
    queryFn: ({ signal }) => api<ClickStats>(`${CLICKS_PATH}${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
export const useClickStats = (filter: ClickFilter) => useQuery(clickStatsQueryOptions(filter));
