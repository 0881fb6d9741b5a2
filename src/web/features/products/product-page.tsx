import { Bell, ExternalLink, Flame, Heart, Home, PackageCheck, PackageX, PackageSearch, Scale, Store, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { friendlyName } from '@/shared/catalog';
import type { Product } from '@/shared/contracts/product';
import { discountPercent } from '@/shared/money';
import { ErrorPanel } from '@/web/components/error-panel';
import { Breadcrumbs } from '@/web/components/product/breadcrumbs';
import { compareHref } from '@/web/components/product/product-links';
import { DiscountBadge } from '@/web/components/product/discount-badge';
import { PriceBlock } from '@/web/components/product/price-block';
import { useErrorToast } from '@/web/components/product/use-error-toast';
import { Badge } from '@/web/components/ui/badge';
import { LazyBackInStockButton } from '@/web/components/lazy-back-in-stock-button';
import { DealInsightCard } from '@/web/components/deal-insight-card';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { StarRating } from '@/web/components/ui/star-rating';
import { ToggleGroup, ToggleGroupItem } from '@/web/components/ui/toggle-group';
import { ApiError } from '@/web/lib/api-client';
import { useClickOutHref } from '@/web/lib/click-out';
import { useCurrency } from '@/web/lib/currency';
import { deferredModule } from '@/web/lib/deferred-module';
import { useOpenedOnce } from '@/web/lib/opened-once';
import { cn } from '@/web/lib/utils';
import { toast } from '@/web/lib/toast';
import { useToggleWishlist } from '@/web/lib/wishlist';
import { useProduct } from './get-product';
import { ImageGallery } from './image-gallery';
import { PriceHistory } from './price-history';
import { ProductTabs } from './product-tabs';
import { deliveryText, StoreOffers } from './store-offers';

// Not needed for the page's first view: loaded once the page has settled (so Price Alert still opens after the
// connection drops, and shows its failure message offline: issue 17), or when first opened. A deferred module, not
// React.lazy: a failed load (offline before it came) leaves the page as it is and is tried again on the next press,
// where a lazy component would throw the whole page into its error screen.
const setPriceAlertDialog = deferredModule(() => import('@/web/components/price-alert/set-price-alert-dialog'));

/** A product id from the URL: a positive whole number the API accepts, else null (Product Not Found). */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** SPEC point 2, Product detail, with its loading, not-found and error states. */
export function ProductPage() {
  const { productId } = useParams();
  const id = parseProductId(productId);
  const query = useProduct(id);
  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  useErrorToast(query.isError && !notFound, query.errorUpdatedAt, 'Failed to load product details. Please try again.');

  if (notFound) return <ProductNotFound />;
  if (query.isPending) return <ProductSkeleton />;
  if (query.isError && !query.data) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-16">
        <title>Failed to Load Product – Bachat</title>
        <h1 className="text-2xl font-bold tracking-tight">Failed to Load Product</h1>
        <ErrorPanel
          error={query.error}
          onRetry={() => void query.refetch()}
          title="Failed to Load Product"
          description="Failed to load product details. Please try again."
        />
      </div>
    );
  }
  // A merged product's old id answers the product it was merged into (the API redirects): show that URL.
  if (id !== null && query.data.id !== id) return <Navigate to={`/product/${query.data.id}`} replace />;
  return <ProductDetail key={query.data.id} product={query.data} />;
}

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <title>Product Not Found – Bachat</title>
      <div className="grid size-16 place-items-center rounded-full bg-accent text-accent-foreground">
        <PackageSearch className="size-8" aria-hidden />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Product Not Found</h1>
      <p className="text-muted-foreground">The product you're looking for doesn't exist or is no longer listed.</p>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden /> Go Back Home
        </Link>
      </Button>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div role="status" aria-label="Loading product" aria-busy="true" className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6">
      <Skeleton className="h-4 w-64" />
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="flex flex-col gap-3">
          <Skeleton className="aspect-square w-full rounded-2xl" />
          <div className="grid grid-cols-4 gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="aspect-square rounded-lg" />
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-11/12" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-4 h-10 w-56" />
          <Skeleton className="h-9 w-72" />
          <Skeleton className="h-12 w-full" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        </div>
      </div>
    </div>
  );
}

function StockLine({ product }: { product: Product }) {
  if (!product.inStock) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-destructive" data-testid="stock">
        <PackageX className="size-4" aria-hidden /> Out of Stock
      </p>
    );
  }
  const few = product.stockQuantity > 0 && product.stockQuantity <= 5;
  return (
    <p className={cn('flex items-center gap-2 text-sm font-medium', few ? 'text-warning-foreground' : 'text-success')} data-testid="stock">
      <PackageCheck className="size-4" aria-hidden />
      {product.stockQuantity > 0 ? (few ? `In Stock (only ${product.stockQuantity} left)` : `In Stock (${product.stockQuantity} available)`) : 'In Stock'}
    </p>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { format } = useCurrency();
  const goHref = useClickOutHref('product');
  // The flat fields are the best offer's (DECISIONS 8): its link goes through the click-out route.
  const bestOfferId = product.offers.find((offer) => offer.storeSlug === product.storeSlug)?.id;
  const wishlist = useToggleWishlist();
  const saved = wishlist.isSaved(product.id);
  const savePending = wishlist.isPending(product.id);
  const [alertOpen, setAlertOpen] = useState(false);
  const alertMounted = useOpenedOnce(alertOpen);
  const alertDialog = setPriceAlertDialog.use();
  const openAlertDialog = () => {
    setAlertOpen(true);
    setPriceAlertDialog.load().catch(() => {
      setAlertOpen(false);
      toast.error('No Internet Connection', { description: 'Please check your internet connection and try again.' });
    });
  };
  const [variantId, setVariantId] = useState<number | null>(product.variants[0]?.id ?? null);
  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  const price = variant?.price ?? product.currentPrice;
  const original = variant?.originalPrice ?? product.originalPrice;
  const discount = variant ? discountPercent(original, price) : product.discount;
  const delivery = deliveryText(product, format);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6 sm:gap-10">
      <title>{`${product.name} – Best price on Bachat`}</title>
      <Breadcrumbs
        items={[
          { label: friendlyName(product.category), to: `/products/${product.category}` },
          { label: product.name, to: `/product/${product.id}` },
        ]}
      />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12">
        <div className="lg:sticky lg:top-20 lg:self-start">
          <ImageGallery key={product.id} product={product} discount={discount} />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={`/products/${product.category}?brand=${encodeURIComponent(product.brand)}`}
                className="text-sm font-semibold tracking-wide text-primary uppercase hover:underline"
              >
                {product.brand}
              </Link>
              {product.trending && (
                <Badge variant="warning" className="gap-1">
                  <Flame aria-hidden /> Trending
                </Badge>
              )}
            </div>
            <h1 className="text-2xl leading-tight font-bold tracking-tight text-balance sm:text-3xl">{product.name}</h1>
            <p className="text-sm text-muted-foreground">
              Model: <span className="text-foreground">{product.model}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <StarRating rating={product.rating} />
              <span className="font-semibold tabular-nums">{product.rating.toFixed(1)}</span>
              <span className="text-muted-foreground" data-testid="review-count">
                ({product.reviews.toLocaleString('en-IN')} {product.reviews === 1 ? 'review' : 'reviews'})
              </span>
            </div>
          </div>

          <div className="flex flex-col gap-2 rounded-2xl border bg-card p-4 shadow-xs sm:p-5">
            <div className="flex flex-wrap items-center gap-3" data-testid="product-price">
              <PriceBlock current={price} original={original} size="lg" />
              <DiscountBadge discount={discount} className="px-2.5 py-1 text-sm" />
            </div>
            <p className="text-sm text-muted-foreground">
              Best price at <span className="font-medium text-foreground">{product.store}</span>
              {product.offers.length > 1 && <> · compared across {product.offers.length} stores</>}
            </p>

            {product.variants.length > 0 && (
              <div className="mt-2 flex flex-col gap-2">
                <p id="variant-label" className="text-sm font-medium">
                  Select Variant:
                </p>
                <ToggleGroup
                  type="single"
                  value={variantId === null ? '' : String(variantId)}
                  onValueChange={(value) => {
                    if (value) setVariantId(Number(value));
                  }}
                  aria-labelledby="variant-label"
                  className="flex w-full flex-wrap gap-2"
                >
                  {product.variants.map((v) => (
                    <ToggleGroupItem
                      key={v.id}
                      value={String(v.id)}
                      className="h-auto min-h-9 flex-none rounded-lg border border-input bg-card px-3 py-1.5 text-foreground first:rounded-lg last:rounded-lg data-[state=on]:border-primary data-[state=on]:bg-primary/10 data-[state=on]:text-primary"
                    >
                      {v.name}
                    </ToggleGroupItem>
                  ))}
                </ToggleGroup>
              </div>
            )}

            <div className="mt-2">
              <StockLine product={product} />
            </div>

            <div className="mt-2 flex flex-col gap-2">
              {product.affiliateUrl && bestOfferId !== undefined ? (
                <Button asChild size="lg" className="h-12 w-full text-base">
                  <a href={goHref(bestOfferId)} target="_blank" rel="noopener noreferrer sponsored">
                    Buy with {product.store} <ExternalLink aria-hidden />
                  </a>
                </Button>
              ) : (
                <>
                  <Button size="lg" className="h-12 w-full text-base" disabled aria-describedby="no-purchase-link">
                    Buy with {product.store}
                  </Button>
                  <p id="no-purchase-link" role="note" className="text-sm text-destructive">
                    Purchase link is not available for this product.
                  </p>
                </>
              )}
              <LazyBackInStockButton product={product} />
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                <Button
                  variant="outline"
                  aria-pressed={saved}
                  // aria-disabled, not disabled: a disabled button drops keyboard focus to the page (issue 17).
                  aria-disabled={savePending || undefined}
                  onClick={() => {
                    if (!savePending) wishlist.toggle({ id: product.id, name: product.name });
                  }}
                  className={cn(saved && 'border-destructive/30 text-destructive hover:text-destructive')}
                >
                  <Heart className={cn(saved && 'fill-current')} aria-hidden />
                  {saved ? 'Saved' : 'Save'}
                </Button>
                <Button variant="outline" onClick={openAlertDialog}>
                  <Bell aria-hidden /> Price Alert
                </Button>
                <Button variant="outline" asChild className="col-span-2 sm:col-span-1">
                  <Link to={compareHref(product.id)}>
                    <Scale aria-hidden /> Compare Prices
                  </Link>
                </Button>
              </div>
            </div>
          </div>

          <div className="grid grid-cols-2 gap-3">
            <div className="flex gap-3 rounded-xl border bg-card p-4" data-testid="delivery">
              <Truck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted-foreground">Delivery</p>
                <p className={cn('font-semibold', delivery === 'FREE' && 'text-success')}>{delivery}</p>
                <p className="text-xs text-muted-foreground">
                  {delivery === 'FREE' ? 'Free delivery' : delivery === 'NA' ? 'Cost not known' : 'Delivery charge'}
                </p>
              </div>
            </div>
            <div className="flex gap-3 rounded-xl border bg-card p-4" data-testid="sold-by">
              <Store className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0">
                <p className="text-xs font-medium text-muted-foreground">Sold by</p>
                <p className="truncate font-semibold">{product.store}</p>
                <p className="text-xs text-muted-foreground">Lowest in-stock price</p>
              </div>
            </div>
          </div>

          <DealInsightCard priceHistory={product.priceHistory} currentPrice={product.currentPrice} originalPrice={product.originalPrice} />
        </div>
      </div>

      <StoreOffers product={product} />
      <PriceHistory product={product} />
      <ProductTabs product={product} />

      {alertMounted && alertDialog && <alertDialog.SetPriceAlertDialog product={product} open={alertOpen} onOpenChange={setAlertOpen} />}
    </div>
  );
}
