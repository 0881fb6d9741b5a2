import { BellPlus, ExternalLink, ImageOff, Scale, Trash2, TrendingUp } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@/shared/contracts/product';
import { hasDiscount, showOriginalPrice } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { StarRating } from '@/web/components/ui/star-rating';
import { useCurrency } from '@/web/lib/currency';

type WishlistCardProps = {
  product: Product;
  onPriceAlert: () => void;
  onRemove: () => void;
  alertPending: boolean;
  removePending: boolean;
  /** How the price moved since the shopper last looked (issue 15), under the price. */
  priceMoveNote?: ReactNode;
};

/** SPEC 2 Wishlist card: image, discount and Trending badges, name, rating, prices, store and four actions. */
export function WishlistCard({ product, onPriceAlert, onRemove, alertPending, removePending, priceMoveNote }: WishlistCardProps) {
  const { format } = useCurrency();
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);

  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md">
      <Link to={`/product/${product.id}`} tabIndex={-1} aria-hidden className="relative block aspect-[16/10] bg-muted/60 sm:aspect-[4/3]">
        {imageFailed || !product.image ? (
          <span className="grid size-full place-items-center text-muted-foreground">
            <ImageOff className="size-10" />
          </span>
        ) : (
          <img src={product.image} alt="" loading="lazy" onError={() => setImageFailed(true)} className="size-full object-contain px-4 pt-11 pb-3" />
        )}
        {hasDiscount(product.discount) && (
          <Badge variant="destructive" className="absolute top-3 left-3">
            {product.discount}% OFF
          </Badge>
        )}
        {product.trending && (
          <Badge variant="warning" className="absolute top-3 right-3">
            <TrendingUp aria-hidden /> Trending
          </Badge>
        )}
      </Link>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={titleId} className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-semibold">
          <Link to={`/product/${product.id}`} className="hover:text-primary">
            {product.name}
          </Link>
        </h3>
        <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <StarRating rating={product.rating} size="sm" />
          <span className="font-medium text-foreground">{product.rating.toFixed(1)}</span>
          <span>({product.reviews.toLocaleString('en-IN')} reviews)</span>
        </div>
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-xl font-bold">{format(product.currentPrice)}</span>
          {showOriginalPrice(product.originalPrice, product.currentPrice) && (
            <s className="text-sm text-muted-foreground">
              <span className="sr-only">Original price </span>
              {format(product.originalPrice)}
            </s>
          )}
        </div>
        {priceMoveNote}
        <p className="text-xs text-muted-foreground">
          Best price at <Badge variant="secondary">{product.store}</Badge>
        </p>

        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Button asChild size="sm">
            <Link to={`/product/${product.id}`}>
              <ExternalLink aria-hidden /> View Deal
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/comparison?products=${product.id}`}>
              <Scale aria-hidden /> Compare
            </Link>
          </Button>
          <Button size="sm" variant="outline" onClick={onPriceAlert} disabled={alertPending}>
            <BellPlus aria-hidden /> Price Alert
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onRemove}
            disabled={removePending}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 aria-hidden /> Remove
          </Button>
        </div>
      </div>
    </article>
  );
}
