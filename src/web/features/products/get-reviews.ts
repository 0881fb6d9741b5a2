import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewListSchema } from '@/shared/contracts/account';
import { api } from '@/web/lib/api-client';

export type ReviewList = z.infer<typeof reviewListSchema>;

/** GET /products/{id}/reviews: reviews written on Bachat, newest first, with the product's rating and count. */
export function getReviews(productId: number, signal?: AbortSignal): Promise<ReviewList> {
  return api<ReviewList>(`/products/${productId}/reviews?pageSize=50`, { signal });
}

/** Not under 'products': `mine` depends on who is signed in, so logging out drops it. */
export const reviewsQueryKey = (productId: number) => ['reviews', productId] as const;

export const reviewsQueryOptions = (productId: number) =>
  queryOptions({ queryKey: reviewsQueryKey(productId), queryFn: ({ signal }) => getReviews(productId, signal) });

export function useReviews(productId: number, enabled = true) {
  return useQuery({ ...reviewsQueryOptions(productId), enabled });
}
