import { queryOptions } from '@tanstack/react-query';
import type { Product } from '@/shared/contracts/product';
import { api } from '@/web/lib/api-client';

/** GET /products/{id}: a product the comparison's URL names (`/comparison?products=1,2`). */
export const comparedProductQueryKey = (id: number) => ['products', 'detail', id] as const;

export const comparedProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: comparedProductQueryKey(id),
    queryFn: ({ signal }) => api<Product>(`/products/${id}`, { signal }),
    // A server-rendered comparison brings an unknown id's 404 with it: the set drops that id on hydration (with
    // its toast) instead of asking again.
    retryOnMount: false,
  });
