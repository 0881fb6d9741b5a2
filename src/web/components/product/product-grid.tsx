import type { ReactNode } from 'react';
import { LISTING_SKELETONS } from '@/shared/catalog';
import type { Product } from '@/shared/contracts/product';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFollowLinksInApp } from '@/web/lib/follow-links-in-app';
import { cn } from '@/web/lib/utils';
import { WishlistToggleProvider } from '@/web/lib/wishlist-toggle';
import { ProductCard } from './product-card';

export type ViewMode = 'grid' | 'list';

/** Cards in a listing's first view: a desktop's first row (two rows on a phone). */
export const FIRST_VIEW_CARDS = 4;

const layouts: Record<ViewMode, string> = {
  grid: 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4',
  list: 'flex flex-col gap-3 sm:gap-4',
};

/** Cards in a grid or a list; while loading, SPEC point 2's 6 skeleton cards. */
export function ProductGrid({
  products,
  view = 'grid',
  loading = false,
  skeletons = LISTING_SKELETONS,
  className,
  label = 'Products',
  noteFor,
  eagerImages = 0,
}: {
  products: readonly Product[];
  view?: ViewMode;
  loading?: boolean;
  skeletons?: number;
  className?: string;
  label?: string;
  /** An extra line under a card's price. */
  noteFor?: (product: Product) => ReactNode;
  /** How many cards are in the page's first view (their pictures load at once, the rest lazily). */
  eagerImages?: number;
}) {
  const followLinksInApp = useFollowLinksInApp();
  if (loading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading products" className={cn(layouts[view], className)}>
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} view={view} />
        ))}
      </div>
    );
  }
  // The cards share one wishlist toggle, and their links are followed in the app from the list (one handler, not a
  // router Link per anchor; Enter on a link is a click too).
  return (
    <WishlistToggleProvider>
      <ul aria-label={label} className={cn(layouts[view], className)} onClick={followLinksInApp}>
        {products.map((product, index) => (
          <li key={product.id} className="flex">
            <ProductCard product={product} view={view} className="w-full" note={noteFor?.(product)} imageLoading={index < eagerImages ? 'eager' : 'lazy'} />
          </li>
        ))}
      </ul>
    </WishlistToggleProvider>
  );
}

export function ProductCardSkeleton({ view = 'grid' }: { view?: ViewMode }) {
  const list = view === 'list';
  return (
    <div data-testid="product-skeleton" className={cn('flex overflow-hidden rounded-xl border bg-card', list ? 'flex-row' : 'flex-col')}>
      <Skeleton className={cn('rounded-none', list ? 'aspect-square w-28 sm:w-44 md:w-52' : 'aspect-square w-full')} />
      <div className="flex flex-1 flex-col gap-2.5 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="mt-2 h-6 w-1/2" />
        <Skeleton className="h-8 w-full" />
      </div>
    </div>
  );
}
