import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductAttributesList, TypedAttribute } from '@/shared/contracts/product';
import { api } from '@/web/lib/api-client';

/** GET /products/attributes?ids=…: the compared products' typed attributes, by product id. */
export function attributesQueryOptions(ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['products', 'attributes', sorted],
    queryFn: ({ signal }) => api<ProductAttributesList>(`/products/attributes?ids=${sorted.join(',')}`, { signal }),
    enabled: sorted.length > 0,
  });
}

export function useProductAttributes(ids: readonly number[]) {
  return useQuery({
    ...attributesQueryOptions(ids),
    select: (list) => new Map<number, TypedAttribute[]>(list.map((item) => [item.productId, item.attributes])),
  });
}
