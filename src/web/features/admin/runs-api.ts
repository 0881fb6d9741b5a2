import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportRunDetail } from '@/shared/contracts/admin';
import { api } from '@/web/lib/api-client';

/** GET /admin/stores/{id}/runs: a store's recent imports with the rejected rows each kept. */
export const storeRunsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: ['admin', 'runs', storeId],
    queryFn: ({ signal }) => api<ImportRunDetail[]>(`/admin/stores/${storeId}/runs`, { signal }),
  });

/** Polls while the newest run is still running. */
export function useStoreRuns(storeId: number | null) {
  return useQuery({
    ...storeRunsQueryOptions(storeId ?? 0),
    enabled: storeId !== null,
    refetchInterval: (query) => (query.state.data?.[0]?.status === 'running' ? 1_000 : false),
  });
}
