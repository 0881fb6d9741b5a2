import { createContext, type ReactNode, useContext } from 'react';
import { useToggleWishlist, type WishlistToggle } from './wishlist';

const WishlistToggleContext = createContext<WishlistToggle | null>(null);

/**
 * One wishlist toggle (lib/wishlist.ts `useToggleWishlist`) for every heart in a product grid: its 24 cards share one
 * query and one pair of mutations. Only where hearts are: the wishlist is fetched by screens that show it.
 */
export function WishlistToggleProvider({ children }: { children: ReactNode }) {
  return <WishlistToggleContext.Provider value={useToggleWishlist()}>{children}</WishlistToggleContext.Provider>;
}

export function useWishlistToggle(): WishlistToggle {
  const toggle = useContext(WishlistToggleContext);
  if (!toggle) throw new Error('useWishlistToggle needs a WishlistToggleProvider (components/product/product-grid.tsx)');
  return toggle;
}
