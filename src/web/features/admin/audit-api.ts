import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@/shared/contracts/admin';
import { api, queryString } from '@/web/lib/api-client';

/** GET /admin/audit: who changed what, when; newest first, paged by `before`. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ signal, pageParam }) => api<AuditPage>(`/admin/audit${queryString({ limit: 50, before: pageParam })}`, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}
