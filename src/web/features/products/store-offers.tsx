import { BadgeCheck, ExternalLink, PackageX, Store, Truck } from 'lucide-react';
import type { Offer, Product } from '@/shared/contracts/product';
import { DiscountBadge } from '@/web/components/product/discount-badge';
import { PriceBlock } from '@/web/components/product/price-block';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { useClickOutHref } from '@/web/lib/click-out';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';
import { formatDateTime, timeAgo } from './relative-time';

/** Cheapest first; at the same price an in-stock offer comes before one out of stock. */
export function sortOffers(offers: readonly Offer[]): Offer[] {
  return [...offers].sort((a, b) => a.currentPrice - b.currentPrice || Number(b.inStock) - Number(a.inStock) || a.id - b.id);
}

/** The offer the product's flat fields show (DECISIONS 8): its best, lowest in-stock price. */
export function isBestOffer(offer: Offer, product: Pick<Product, 'storeSlug' | 'currentPrice'>): boolean {
  return offer.storeSlug === product.storeSlug && offer.currentPrice === product.currentPrice;
}

export function deliveryText(offer: Pick<Offer, 'freeShipping' | 'shippingCost'>, format: (rupees: number) => string) {
  if (offer.freeShipping) return 'FREE';
  if (offer.shippingCost !== null && Number.isFinite(offer.shippingCost)) return offer.shippingCost === 0 ? 'FREE' : format(offer.shippingCost);
  return 'NA';
}

/** DECISIONS 8: every store's offer for the product, cheapest first, the best one marked. */
export function StoreOffers({ product }: { product: Product }) {
  const { format } = useCurrency();
  const goHref = useClickOutHref('product');
  const offers = sortOffers(product.offers);
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="store-prices" className="rounded-2xl border bg-card shadow-xs">
      <div className="flex flex-wrap items-end justify-between gap-2 border-b px-4 py-4 sm:px-6">
        <div>
          <h2 id="store-prices" className="text-lg font-semibold tracking-tight">
            Prices from {offers.length} {offers.length === 1 ? 'store' : 'stores'}
          </h2>
          <p className="text-sm text-muted-foreground">Cheapest first. Prices as last updated by each store.</p>
        </div>
      </div>
      <ol className="divide-y" aria-label="Store offers">
        {offers.map((offer) => {
          const best = isBestOffer(offer, product);
          const delivery = deliveryText(offer, format);
          return (
            <li
              key={offer.id}
              data-testid="offer"
              data-price={offer.currentPrice}
              data-best={best || undefined}
              className={cn(
                'grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-3 px-4 py-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:px-6',
                best && 'bg-success/5',
              )}
            >
              <div className="flex min-w-0 items-center gap-3">
                <span className="hidden size-10 shrink-0 place-items-center rounded-lg border bg-muted/60 text-muted-foreground sm:grid">
                  <Store className="size-5" aria-hidden />
                </span>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="truncate">{offer.store}</span>
                    {best && (
                      <Badge variant="success" className="gap-1">
                        <BadgeCheck aria-hidden /> Best offer
                      </Badge>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {/* "n minutes ago" may tick over between the server's render and hydration: not a mismatch. */}
                    <time dateTime={offer.updatedAt} title={formatDateTime(offer.updatedAt)} suppressHydrationWarning>
                      Updated {timeAgo(offer.updatedAt)}
                    </time>
                  </p>
                </div>
              </div>

              <div className="col-start-2 row-start-1 flex flex-col items-end gap-1 sm:col-start-auto sm:row-start-auto sm:items-start">
                <PriceBlock current={offer.currentPrice} original={offer.originalPrice} size="sm" className="justify-end sm:justify-start" />
                <DiscountBadge discount={offer.discount} />
              </div>

              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                {offer.inStock ? (
                  <span className="font-medium text-success">In stock</span>
                ) : (
                  <span className="inline-flex items-center gap-1 font-medium text-destructive">
                    <PackageX className="size-4" aria-hidden /> Out of stock
                  </span>
                )}
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <Truck className="size-4" aria-hidden /> Delivery: {delivery}
                </span>
              </div>

              <div className="justify-self-end">
                {offer.affiliateUrl ? (
                  <Button asChild size="sm" variant={best ? 'default' : 'outline'}>
                    <a href={goHref(offer.id)} target="_blank" rel="noopener noreferrer sponsored" aria-label={`Go to store: ${offer.store} (opens in a new tab)`}>
                      Go to store <ExternalLink aria-hidden />
                    </a>
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" disabled aria-label={`No link: ${offer.store}`}>
                    No link
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
