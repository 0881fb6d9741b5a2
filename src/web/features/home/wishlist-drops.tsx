import { ArrowRight, TrendingDown } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { priceMove } from '@/shared/price-move';
import { PriceMoveNote } from '@/web/components/price-move-note';
import { ProductGrid } from '@/web/components/product/product-grid';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth-session';
import { usePriceMoves } from '@/web/lib/price-moves';
import { useWishlistQuery } from '@/web/lib/wishlist';

/** How many dropped products the home row shows (one row of cards on a desktop). */
export const WISHLIST_DROPS_SHOWN = 4;

/**
 * "Price drops on your wishlist" (issue 15): the signed-in shopper's wishlist products that got cheaper since
 * their last visit, biggest drop first; nothing at all when none did, or when signed out. Fetched in the browser
 * only (signed-in content), so it is never in a public page's server HTML.
 */
export function WishlistDrops() {
  const { isAuthenticated } = useAuth();
  const wishlist = useWishlistQuery();
  const moves = usePriceMoves('wishlist');
  const dropped = useMemo(() => {
    const drops = (wishlist.data ?? []).flatMap((item) => {
      const move = moves.byProduct.get(item.productId);
      const shown = move ? priceMove(move.change) : null;
      return shown?.direction === 'down' ? [{ product: item.product, amount: shown.amount }] : [];
    });
    return drops.sort((a, b) => b.amount - a.amount).map((drop) => drop.product);
  }, [wishlist.data, moves.byProduct]);

  if (!isAuthenticated || !moves.since || dropped.length === 0) return null;
  return (
    <section aria-labelledby="wishlist-drops" className="flex flex-col gap-5" data-testid="wishlist-drops">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="wishlist-drops" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            <TrendingDown className="size-6 text-success" aria-hidden />
            Price drops on your wishlist
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Cheaper now than when you last looked.</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/wishlist">
            View Wishlist <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      <ProductGrid
        products={dropped.slice(0, WISHLIST_DROPS_SHOWN)}
        label="Price drops on your wishlist"
        className="md:grid-cols-2 lg:grid-cols-4 xl:grid-cols-4"
        noteFor={(product) => <PriceMoveNote move={moves.byProduct.get(product.id)} since={moves.since} />}
      />
    </section>
  );
}
