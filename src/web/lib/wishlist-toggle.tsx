import { createContext, type ReactNode, useContext } from 'react';
import { useToggleWishlist, type WishlistToggle } from './wishlist';

const WishlistToggleContext = createContext<WishlistToggle | null>(null);

/** The page's one wishlist toggle (lib/wishlist.ts `useToggleWishlist`), shared by every heart and Save button. */
export function WishlistToggleProvider({ children }: { children: ReactNode }) {
  return <WishlistToggleContext.Provider value={useToggleWishlist()}>{children}</WishlistToggleContext.Provider>;
}

export function useWishlistToggle(): WishlistToggle {
  const toggle = useContext(WishlistToggleContext);
  if (!toggle) throw new Error('useWishlistToggle needs a WishlistToggleProvider (app/providers.tsx)');
  return toggle;
}
