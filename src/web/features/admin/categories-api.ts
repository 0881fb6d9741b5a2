import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryMapping, CategoryMappingsResponse } from '@/shared/contracts/admin';
import { api, queryString } from '@/web/lib/api-client';

export const categoryMappingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'category-mappings'], queryFn: ({ signal }) => api<CategoryMappingsResponse>('/admin/category-mappings', { signal }) });
export const useCategoryMappings = () => useQuery(categoryMappingsQueryOptions());

export function useSetCategoryMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { source: string; target: string }) => api<CategoryMapping>('/admin/category-mappings', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRemoveCategoryMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (source: string) => api<void>(`/admin/category-mappings${queryString({ source })}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
