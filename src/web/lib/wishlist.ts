import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/web/lib/toast';
import type { WishlistItem } from '@/shared/contracts/account';
import { api, ApiError } from './api-client';
import { useAuth } from './auth-session';

/**
 * The signed-in user's wishlist, shared by every screen with a heart or Save button (SPEC points 4 and 8):
 * toggling adds or removes, with SPEC's toasts, and asks signed-out shoppers to sign in.
 */
export const wishlistQueryKey = ['wishlist'] as const;

export function useWishlistQuery() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: wishlistQueryKey,
    queryFn: ({ signal }) => api<WishlistItem[]>('/wishlist', { signal }),
    enabled: isAuthenticated,
  });
}

export function useWishlistIds(): Set<number> {
  const { data } = useWishlistQuery();
  return new Set((data ?? []).map((item) => item.productId));
}

type ProductRef = { id: number; name: string };

/** Every add and remove carries it, so a heart can tell whether its own product's change is under way. */
const wishlistChangeKey = ['wishlist', 'change'] as const;

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: wishlistChangeKey,
    mutationFn: (product: ProductRef) => api<WishlistItem>('/wishlist', { method: 'POST', body: { productId: product.id } }),
    onSuccess: (_item, product) => {
      toast.success('Added to Wishlist', { description: `${product.name} has been added to your wishlist.` });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        toast.error('Already in Wishlist', { description: 'This product is already in your wishlist.' });
      } else {
        toast.error('Error', { description: 'Failed to add to wishlist.' });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistQueryKey }),
  });
}

export function useRemoveFromWishlist(options: { pageMessages?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: wishlistChangeKey,
    mutationFn: (product: ProductRef) => api<void>(`/wishlist/${product.id}`, { method: 'DELETE' }),
    onSuccess: (_result, product) => {
      // Remove locally without reloading the list (SPEC point 4, Wishlist page).
      queryClient.setQueryData<WishlistItem[]>(wishlistQueryKey, (items) => items?.filter((item) => item.productId !== product.id));
      toast.success('Removed from Wishlist', { description: `${product.name} has been removed from your wishlist.` });
    },
    onError: () => {
      toast.error('Error', { description: options.pageMessages ? 'Failed to remove item from wishlist.' : 'Failed to remove from wishlist.' });
    },
  });
}

export type WishlistToggle = {
  isSaved: (productId: number) => boolean;
  /** An add or remove of this product is under way (its heart ignores presses meanwhile). */
  isPending: (productId: number) => boolean;
  toggle: (product: ProductRef) => void;
};

/**
 * In wishlist: remove; otherwise add (SPEC point 4, Home wishlist toggle). Signed out: the sign-in toast.
 * A product grid shares one among its cards (`WishlistToggleProvider`, `useWishlistToggle`): a listing's 24 hearts
 * use its query and its two mutations instead of three observers each, rendered by the server and hydrated per heart.
 */
export function useToggleWishlist(): WishlistToggle {
  const { isAuthenticated, status } = useAuth();
  const ids = useWishlistIds();
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const pending = useMutationState({
    filters: { mutationKey: wishlistChangeKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ProductRef | undefined)?.id,
  });
  return {
    isSaved: (productId: number) => ids.has(productId),
    isPending: (productId: number) => pending.includes(productId),
    toggle: (product: ProductRef) => {
      // A stored session is still being checked: neither signed in nor out yet, so don't tell them to sign in.
      if (status === 'loading') return;
      if (!isAuthenticated) {
        toast.error('Please Sign In', { description: 'You need to be logged in to manage your wishlist.' });
        return;
      }
      if (ids.has(product.id)) remove.mutate(product);
      else add.mutate(product);
    },
  };
}
