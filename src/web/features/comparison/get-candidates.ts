import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMPARE_CANDIDATES } from '@/shared/catalog';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { api, queryString } from '@/web/lib/api-client';

/**
 * Up to 6 candidates (SPEC 9): with a category lock, that category's products minus those already compared,
 * the first product's subcategory first (DECISIONS 10); without one, the first products of the catalogue.
 */
export function candidatesQueryOptions(current: readonly Pick<Product, 'id' | 'category' | 'subcategory'>[]) {
  const first = current[0];
  const category = first?.category ?? null;
  const subcategory = first?.subcategory ?? null;
  const exclude = current.map((product) => product.id);
  return queryOptions({
    queryKey: ['products', 'comparison-candidates', category, subcategory, exclude],
    queryFn: async ({ signal }) => {
      if (!category) {
        const page = await api<ProductPage>(`/products/all${queryString({ pageSize: COMPARE_CANDIDATES })}`, { signal });
        return page.items;
      }
      const query = queryString({ exclude: exclude.join(','), subcategory });
      return api<Product[]>(`/products/category/${encodeURIComponent(category)}${query}`, { signal });
    },
  });
}

export function useCandidates(current: readonly Product[], enabled: boolean) {
  return useQuery({ ...candidatesQueryOptions(current), enabled, placeholderData: keepPreviousData });
}
