import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createReviewBody, Review } from '@/shared/contracts/account';
import { api } from '@/web/lib/api-client';
import { productQueryKey } from './get-product';
import { reviewsQueryKey } from './get-reviews';

export type ReviewInput = z.output<typeof createReviewBody>;

/** POST /products/{id}/reviews (DECISIONS 12); the product's rating and count change, so both are reloaded. */
export function createReview(productId: number, input: ReviewInput): Promise<Review> {
  return api<Review>(`/products/${productId}/reviews`, { method: 'POST', body: input });
}

export function useCreateReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => createReview(productId, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productQueryKey(productId) }),
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey(productId) }),
      ]);
    },
  });
}
