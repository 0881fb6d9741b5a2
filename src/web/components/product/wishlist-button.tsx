import type { Product } from '@/shared/contracts/product';
import { Button } from '@/web/components/ui/button';
import { SpriteIcon } from '@/web/components/ui/icon-sprite';
import { cn } from '@/web/lib/utils';
import { useWishlistToggle } from '@/web/lib/wishlist-toggle';

/** The card's wishlist heart (SPEC points 2 and 4): filled when saved; a click adds or removes. */
export function WishlistHeart({ product, className }: { product: Pick<Product, 'id' | 'name'>; className?: string }) {
  const wishlist = useWishlistToggle();
  const saved = wishlist.isSaved(product.id);
  const pending = wishlist.isPending(product.id);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={saved}
      // aria-disabled, not disabled: a disabled button drops keyboard focus to the page (issue 17).
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) wishlist.toggle({ id: product.id, name: product.name });
      }}
      className={cn(
        'rounded-full bg-card/90 text-muted-foreground shadow-sm backdrop-blur hover:bg-card hover:text-destructive',
        saved && 'text-destructive',
        className,
      )}
    >
      <SpriteIcon name={saved ? 'heart-filled' : 'heart'} className="size-[18px]" />
    </Button>
  );
}
