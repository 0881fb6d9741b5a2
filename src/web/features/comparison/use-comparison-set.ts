import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { acceptInOrder, canAddToComparison, formatComparisonIds, parseComparisonIds } from '@/shared/comparison-rules';
import type { Product } from '@/shared/contracts/product';
import { ApiError } from '@/web/lib/api-client';
import { comparedProductQueryKey, comparedProductQueryOptions } from './get-compared-product';

export type ComparisonSet = {
  products: Product[];
  /** The category lock: the first product's top-level category (SPEC 4, DECISIONS 10); null when empty. */
  category: string | null;
  /** True while products named in the URL are still loading. */
  loading: boolean;
  /**
   * A product named in the URL could not be loaded for a reason that may pass (offline, a server error): the set
   * stays as the URL has it, nothing is dropped, and the page shows SPEC 8's error panel with Try Again.
   */
  error: unknown;
  retry: () => void;
  /** Adds one product, applying SPEC 5's rules with their toasts. */
  add: (product: Product) => boolean;
  remove: (productId: number) => void;
  /** Replaces the whole set (Load Comparison). */
  replace: (products: readonly Product[]) => void;
};

/**
 * The comparison set lives in the URL (`/comparison?products=1,2`), so it survives a reload and can be shared;
 * the products are fetched by id (or taken from the cache when added from a list). Ids that fail to load, or
 * that the rules reject (another category, more than 3), are dropped from the URL with a toast.
 */
export function useComparisonSet(): ComparisonSet {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rawParam = searchParams.get('products');
  const ids = useMemo(() => parseComparisonIds(rawParam), [rawParam]);

  const results = useQueries({ queries: ids.map((id) => comparedProductQueryOptions(id)) });

  const settled = results.every((result) => result.data !== undefined || result.isError);
  // Only a 4xx (no such product) drops an id from the URL; a network or server failure keeps it for a retry.
  const transient = results.find((result) => result.isError && !(result.error instanceof ApiError && result.error.status >= 400 && result.error.status < 500));
  const transientError = transient?.error ?? null;
  // What the derived set depends on; `results` itself is a new array on every render.
  const loadedKey = results
    .map((result) => (result.data ? `${result.data.id}@${result.dataUpdatedAt}` : result.isError ? 'x' : '?'))
    .join(',');

  const { products, rejection, failed } = useMemo(
    () => ({
      ...acceptInOrder(results.flatMap((result) => (result.data ? [result.data] : []))),
      failed: results.filter((result) => result.isError).length,
    }),
    [loadedKey],
  );

  const setIds = useCallback(
    (next: readonly number[]) => {
      navigate({ search: next.length ? `?products=${formatComparisonIds(next)}` : '' }, { replace: true });
    },
    [navigate],
  );

  const canonical = settled ? formatComparisonIds(products.map((product) => product.id)) : null;

  useEffect(() => {
    if (transientError || canonical === null || canonical === (rawParam ?? '')) return;
    if (failed > 0) toast.error('Error', { id: 'comparison-load', description: 'Failed to load products for comparison.' });
    if (rejection) toast.error('Cannot Add Product', { id: 'comparison-reject', description: rejection });
    setIds(canonical ? canonical.split(',').map(Number) : []);
  }, [transientError, canonical, rawParam, failed, rejection, setIds]);

  const retry = useCallback(() => {
    for (const id of ids) void queryClient.refetchQueries({ queryKey: comparedProductQueryKey(id), type: 'active' });
  }, [ids, queryClient]);

  const add = useCallback(
    (product: Product) => {
      const check = canAddToComparison(products, product);
      if (!check.ok) {
        toast.error('Cannot Add Product', { description: check.reason });
        return false;
      }
      queryClient.setQueryData(comparedProductQueryKey(product.id), product);
      setIds([...products.map((p) => p.id), product.id]);
      toast.success('Product Added', { description: `${product.name} has been added to the comparison.` });
      return true;
    },
    [products, queryClient, setIds],
  );

  const remove = useCallback(
    (productId: number) => setIds(products.filter((product) => product.id !== productId).map((product) => product.id)),
    [products, setIds],
  );

  const replace = useCallback(
    (next: readonly Product[]) => {
      for (const product of next) queryClient.setQueryData(comparedProductQueryKey(product.id), product);
      setIds(next.map((product) => product.id));
    },
    [queryClient, setIds],
  );

  return { products, category: products[0]?.category ?? null, loading: !settled, error: transientError, retry, add, remove, replace };
}
