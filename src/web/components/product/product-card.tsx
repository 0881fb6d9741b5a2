import type { ReactNode } from 'react';
import type { Product } from '@/shared/contracts/product';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { SpriteIcon } from '@/web/components/ui/icon-sprite';
import { StarRating } from '@/web/components/ui/star-rating';
import { cn } from '@/web/lib/utils';
import { DiscountBadge } from './discount-badge';
import { PriceBlock } from './price-block';
import { ProductImage } from './product-image';
import { compareHref, productHref } from './product-links';
import { WishlistHeart } from './wishlist-button';

export type ProductCardProps = {
  product: Product;
  view?: 'grid' | 'list';
  className?: string;
  /** Extra line under the price (the home page's "↓ ₹2,000 since Tuesday"). */
  note?: ReactNode;
  /** 'eager' for a card in the page's first view; the others' pictures load as they scroll near. */
  imageLoading?: 'lazy' | 'eager';
};

/**
 * The storefront's product card (SPEC point 2, Home and Category listing): image, discount badge, name,
 * wishlist heart, star rating, review count, current and original price, store badge, View Deal and Compare.
 * Its links are plain anchors: the grid that shows it follows them in the app (lib/follow-links-in-app.ts).
 */
export function ProductCard({ product, view = 'grid', className, note, imageLoading = 'lazy' }: ProductCardProps) {
  const list = view === 'list';
  return (
    <article
      aria-labelledby={`product-${product.id}-name`}
      data-product-id={product.id}
      data-view={view}
      className={cn(
        'group relative flex overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md',
        // A listing's cards below the fold are laid out only as they scroll near (their last size is kept):
        // a listing's first style and layout on a phone −20%, its blocking time −20% (docs/decisions/0007, session 11).
        list ? 'flex-row' : 'flex-col [contain-intrinsic-size:auto_460px] [content-visibility:auto] sm:[contain-intrinsic-size:auto_530px]',
        className,
      )}
    >
      <div className={cn('relative shrink-0', list ? 'w-28 sm:w-44 md:w-52' : 'w-full')}>
        <a href={productHref(product.id)} tabIndex={-1} className="block">
          <ProductImage
            src={product.image}
            alt={product.name}
            loading={imageLoading}
            className={cn('aspect-square bg-muted/60', list && 'h-full')}
            imgClassName="transition-transform duration-300 group-hover:scale-[1.03]"
          />
        </a>
        <WishlistHeart product={product} className="absolute top-2 right-2 size-8" />
      </div>

      <div className={cn('flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4', list && 'sm:flex-row sm:gap-6')}>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <p className="truncate text-xs font-medium tracking-wide text-muted-foreground uppercase" data-testid="brand">
            {product.brand}
          </p>
          <h3 id={`product-${product.id}-name`} className="text-sm leading-snug font-semibold sm:text-[15px]">
            <a href={productHref(product.id)} className={cn('hover:text-primary', list ? 'line-clamp-2' : 'line-clamp-2 min-h-[2.5rem]')}>
              {product.name}
            </a>
          </h3>
          <div className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
            <StarRating rating={product.rating} size="sm" />
            <span className="hidden font-medium text-foreground tabular-nums sm:inline">{product.rating.toFixed(1)}</span>
            <span className="tabular-nums" data-testid="review-count">
              ({product.reviews.toLocaleString('en-IN')}
              <span className="sr-only"> reviews</span>)
            </span>
          </div>
          {list && product.description && (
            <p className="mt-1 line-clamp-2 hidden text-sm text-muted-foreground sm:block">{product.description}</p>
          )}
        </div>

        <div className={cn('flex flex-col gap-2.5', list ? 'sm:w-56 sm:shrink-0 sm:items-stretch' : 'mt-auto')}>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <PriceBlock current={product.currentPrice} original={product.originalPrice} />
            <DiscountBadge discount={product.discount} />
          </div>
          {note}
          <Badge variant="outline" className="max-w-full gap-1 bg-muted/50 font-normal text-muted-foreground" title={`Best price at ${product.store}`}>
            <SpriteIcon name="store" />
            <span className="truncate" data-testid="store">
              {product.store}
            </span>
          </Badge>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" className="min-w-[6.5rem] flex-1">
              <a href={productHref(product.id)} aria-label={`View Deal: ${product.name}`}>
                View Deal <SpriteIcon name="arrow-right" />
              </a>
            </Button>
            <Button asChild size="sm" variant="outline" className="min-w-[6.5rem] flex-1">
              <a href={compareHref(product.id)} aria-label={`Compare ${product.name}`}>
                <SpriteIcon name="scale" /> Compare
              </a>
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
