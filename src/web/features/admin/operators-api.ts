import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator } from '@/shared/contracts/admin';
import { api } from '@/web/lib/api-client';

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'operators'], queryFn: ({ signal }) => api<Operator[]>('/admin/operators', { signal }) });
export const useOperators = () => useQuery(operatorsQueryOptions());

export function usePromoteOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api<Operator>('/admin/operators', { method: 'POST', body: { email } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDemoteOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<void>(`/admin/operators/${userId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
