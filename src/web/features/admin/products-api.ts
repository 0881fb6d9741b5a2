import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductDetail, AdminProductPage, MergeResult, SplitResult } from '@/shared/contracts/admin';
import { api, queryString } from '@/web/lib/api-client';

/** GET /admin/products?q=: catalogue search by id, name, brand, model, category or store. */
export const adminProductsQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'products', q, page],
    queryFn: ({ signal }) => api<AdminProductPage>(`/admin/products${queryString({ q, page, pageSize: 20 })}`, { signal }),
    placeholderData: keepPreviousData,
  });
export const useAdminProducts = (q: string, page: number) => useQuery(adminProductsQueryOptions(q, page));

/** GET /admin/products/{id}: offers, where each came from, counts. */
export const adminProductQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['admin', 'product', id], queryFn: ({ signal }) => api<AdminProductDetail>(`/admin/products/${id}`, { signal }) });
export const useAdminProduct = (id: number | null) => useQuery({ ...adminProductQueryOptions(id ?? 0), enabled: id !== null });

export function useMergeProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { survivorId: number; mergedId: number }) => api<MergeResult>('/admin/products/merge', { method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export function useSplitOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, offerId, name }: { productId: number; offerId: number; name?: string | undefined }) =>
      api<SplitResult>(`/admin/products/${productId}/split`, { method: 'POST', body: name ? { offerId, name } : { offerId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
