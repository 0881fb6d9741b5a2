import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@/shared/contracts/product';
import { api } from '@/web/lib/api-client';

/** GET /products/{id}: one product with every store offer and its price history. */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return api<Product>(`/products/${id}`, { signal });
}

export const productQueryKey = (id: number) => ['products', id] as const;

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productQueryKey(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    // A server-rendered 404 comes with the page: hydrate "Product Not Found", do not ask again on mount.
    retryOnMount: false,
  });

/** `id` null (a non-numeric URL) asks nothing: the page shows Product Not Found. */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
