import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStore, ImportJob, ImportNowResponse, StoreForm } from '@/shared/contracts/admin';
import { ApiError, api, getToken } from '@/web/lib/api-client';

export const storesQueryKey = ['admin', 'stores'] as const;

/** GET /admin/stores: every store with its last import, running import, next run and health. */
export const storesQueryOptions = () =>
  queryOptions({ queryKey: storesQueryKey, queryFn: ({ signal }) => api<AdminStore[]>('/admin/stores', { signal }) });

/** Polls every second while an import runs (live progress), otherwise every 30 s. */
export function useStores() {
  return useQuery({
    ...storesQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((store) => store.running !== null) ? 1_000 : 30_000),
  });
}

export function useSaveStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: StoreForm }) => {
      if (id === null) return api<AdminStore>('/admin/stores', { method: 'POST', body: values });
      const { slug: _slug, ...changes } = values;
      return api<AdminStore>(`/admin/stores/${id}`, { method: 'PATCH', body: changes });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function usePauseStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pause }: { id: number; pause: boolean }) => api<AdminStore>(`/admin/stores/${id}/${pause ? 'pause' : 'resume'}`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST /admin/stores/{id}/import-file: the file's bytes as the body (streamed to the server's disk, then imported). */
async function uploadFeed(storeId: number, file: File): Promise<ImportNowResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream', accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/admin/stores/${storeId}/import-file?name=${encodeURIComponent(file.name)}`, { method: 'POST', headers, body: file });
  } catch {
    throw new ApiError(0, 'Network error', 'NETWORK_ERROR');
  }
  const data = (await response.json().catch(() => null)) as { detail?: string } | null;
  if (!response.ok) throw new ApiError(response.status, data?.detail ?? response.statusText, 'HTTP_ERROR', data?.detail ?? null);
  return data as ImportNowResponse;
}

const finished = (job: ImportJob | undefined) => job !== undefined && job.state !== 'queued' && job.state !== 'running';

/**
 * GET /admin/import-jobs/{jobId}: a queued "import now", polled every second until it is done (waiting for a worker,
 * then running with its run's counters); when it is, the stores are fetched again to show the finished run.
 */
export function useImportJob(jobId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['admin', 'import-jobs', jobId],
    queryFn: async ({ signal }) => {
      const job = await api<ImportJob>(`/admin/import-jobs/${jobId}`, { signal });
      if (finished(job)) await client.invalidateQueries({ queryKey: storesQueryKey });
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : 1_000),
  });
}

/** Import now: the store's feed URL, or an uploaded file. */
export function useImportNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, file }: { storeId: number; file?: File | undefined }) =>
      file ? uploadFeed(storeId, file) : api<ImportNowResponse>(`/admin/stores/${storeId}/import`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
