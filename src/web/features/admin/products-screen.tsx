import { GitMerge, Scissors, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import type { AdminOffer, AdminProductDetail } from '@/shared/contracts/admin';
import { ErrorPanel } from '@/web/components/error-panel';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api-client';
import { useCurrency } from '@/web/lib/currency';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { formatCount, formatDateTime } from './admin-format';
import { useAdminProduct, useAdminProducts, useMergeProducts, useSplitOffer } from './products-api';

const errorText = (error: unknown) => (error instanceof ApiError ? error.detail : 'Something went wrong. Please try again.');

export function ProductsScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const selected = params.productId && /^\d+$/.test(params.productId) ? Number(params.productId) : null;
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(q.trim(), 300);
  const results = useAdminProducts(debounced, page);
  const { format } = useCurrency();

  return (
    <section aria-labelledby="products-heading" className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-3">
        <h2 id="products-heading" className="text-xl font-semibold">
          Products
        </h2>
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search the catalogue"
            placeholder="Name, brand, store or id"
            className="pl-8"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {results.isPending ? (
          <Spinner label="Searching" />
        ) : results.isError ? (
          <ErrorPanel error={results.error} onRetry={() => void results.refetch()} />
        ) : (
          <>
            <p className="text-xs text-muted-foreground">{formatCount(results.data.total)} products</p>
            <ul className="divide-y rounded-lg border" aria-label="Search results">
              {results.data.items.map((row) => (
                <li key={row.id}>
                  <Link
                    to={`/admin/products/${row.id}`}
                    className={`flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-accent ${row.id === selected ? 'bg-accent' : ''}`}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{row.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        #{row.id} · {row.brand} · {row.categoryPath} · {row.offerCount} {row.offerCount === 1 ? 'offer' : 'offers'}
                      </span>
                    </span>
                    <span className="shrink-0 text-sm">{row.currentPrice === null ? '—' : format(row.currentPrice)}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <div className="flex justify-between">
              <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button size="sm" variant="outline" disabled={page * results.data.pageSize >= results.data.total} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          </>
        )}
      </div>
      <div>
        {selected === null ? (
          <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">Pick a product to see its offers, merge a duplicate into it or split an offer out.</p>
        ) : (
          <ProductDetail id={selected} onGone={() => navigate('/admin/products')} />
        )}
      </div>
    </section>
  );
}

function ProductDetail({ id, onGone }: { id: number; onGone: () => void }) {
  const product = useAdminProduct(id);
  if (product.isPending) return <Spinner label="Loading product" />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) {
      return (
        <div className="flex flex-col gap-2 rounded-lg border p-6 text-sm">
          <p>Product {id} no longer exists (it may have been merged).</p>
          <Button variant="outline" size="sm" onClick={onGone}>
            Back to search
          </Button>
        </div>
      );
    }
    return <ErrorPanel error={product.error} onRetry={() => void product.refetch()} />;
  }
  return <ProductPanel product={product.data} />;
}

function ProductPanel({ product }: { product: AdminProductDetail }) {
  const { format } = useCurrency();
  const [splitting, setSplitting] = useState<AdminOffer | null>(null);
  return (
    <article aria-labelledby="product-heading" className="flex flex-col gap-4 rounded-lg border p-4">
      <header className="flex flex-col gap-1">
        <h3 id="product-heading" className="text-lg font-semibold">
          {product.name}
        </h3>
        <p className="text-xs text-muted-foreground">
          #{product.id} · {product.brand} {product.model} · {product.categoryPath}
          {product.gtin && ` · GTIN ${product.gtin}`}
        </p>
        <p className="text-xs text-muted-foreground">
          {formatCount(product.counts.wishlist)} wishlist entries · {formatCount(product.counts.alerts)} alerts · {formatCount(product.counts.reviews)} reviews ·{' '}
          {formatCount(product.counts.priceHistory)} price-history points
        </p>
        {product.mergedFrom.length > 0 && (
          <p className="text-xs">Merged into this product: {product.mergedFrom.map((from) => `#${from}`).join(', ')} (their URLs redirect here)</p>
        )}
        <Link to={`/product/${product.id}`} className="text-sm text-primary hover:underline" target="_blank">
          Open the product page
        </Link>
      </header>

      <h4 className="font-medium">Offers</h4>
      <ul className="flex flex-col gap-3" aria-label="Offers">
        {product.offers.map((offer) => (
          <li key={offer.id} className="rounded-md border p-3 text-sm" data-testid={`offer-${offer.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {offer.store.name} · {format(offer.currentPrice)} {offer.inStock ? '' : <Badge variant="secondary">Out of stock</Badge>}
              </span>
              <Button size="sm" variant="outline" disabled={product.offers.length < 2} onClick={() => setSplitting(offer)} aria-label={`Split the ${offer.store.name} offer`}>
                <Scissors aria-hidden /> Split
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Offer #{offer.id} · {offer.priceHistoryCount} price points · updated {formatDateTime(offer.updatedAt)}
            </p>
            <p className="text-xs">
              Origin:{' '}
              {offer.origin === 'feed' ? (
                <>
                  {offer.store.name}’s feed
                  {offer.lastImport && (
                    <>
                      {' '}
                      (last import{' '}
                      <Link className="text-primary hover:underline" to={`/admin/runs?store=${offer.store.id}&run=${offer.lastImport.runId}`}>
                        run {offer.lastImport.runId}
                      </Link>{' '}
                      {formatDateTime(offer.lastImport.startedAt)})
                    </>
                  )}
                  : {offer.feedItems.map((item) => `${item.itemId} “${item.title}”`).join('; ')}
                </>
              ) : (
                'entered directly (demo catalogue or by hand)'
              )}
            </p>
          </li>
        ))}
      </ul>

      <MergeForm survivor={product} />
      {splitting && <SplitDialog product={product} offer={splitting} onClose={() => setSplitting(null)} />}
    </article>
  );
}

function MergeForm({ survivor }: { survivor: AdminProductDetail }) {
  const [other, setOther] = useState('');
  const [confirming, setConfirming] = useState(false);
  const mergedId = /^\d+$/.test(other.trim()) ? Number(other.trim()) : null;
  const candidate = useAdminProduct(confirming ? mergedId : null);
  const merge = useMergeProducts();

  return (
    <form
      className="flex flex-col gap-2 rounded-md border border-dashed p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (mergedId === null || mergedId === survivor.id) {
          toast.error('Enter the id of another product');
          return;
        }
        setConfirming(true);
      }}
    >
      <Label htmlFor="merge-id" className="flex items-center gap-1">
        <GitMerge className="size-4" aria-hidden /> Merge a duplicate into this product
      </Label>
      <div className="flex gap-2">
        <Input id="merge-id" inputMode="numeric" placeholder="Product id of the duplicate" value={other} onChange={(event) => setOther(event.target.value)} />
        <Button type="submit" variant="secondary">
          Merge…
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Merge product #{mergedId} into #{survivor.id}?</DialogTitle>
            <DialogDescription>
              Its offers, price history, wishlist entries, alerts and reviews move to “{survivor.name}”, and its URL redirects here. This cannot be undone (split offers out
              again if needed).
            </DialogDescription>
          </DialogHeader>
          {candidate.isPending ? (
            <Spinner label="Loading the duplicate" />
          ) : candidate.isError ? (
            <p className="text-sm text-destructive">{errorText(candidate.error)}</p>
          ) : (
            <p className="text-sm">
              Duplicate: <strong>{candidate.data.name}</strong> ({candidate.data.offers.length} offers, {candidate.data.counts.wishlist} wishlist entries, {candidate.data.counts.alerts}{' '}
              alerts, {candidate.data.counts.reviews} reviews)
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              disabled={!candidate.isSuccess || merge.isPending}
              onClick={() =>
                mergedId !== null &&
                merge.mutate(
                  { survivorId: survivor.id, mergedId },
                  {
                    onSuccess: (result) => {
                      toast.success('Products merged', {
                        description: `#${result.mergedId} → #${result.survivorId}: ${result.moved.offers + result.moved.offersCombined} offers, ${result.moved.wishlist} wishlist entries, ${result.moved.alerts} alerts, ${result.moved.reviews} reviews, ${result.moved.clicks} click-outs moved`,
                      });
                      setConfirming(false);
                      setOther('');
                    },
                    onError: (error) => toast.error('Merge failed', { description: errorText(error) }),
                  },
                )
              }
            >
              {merge.isPending ? 'Merging…' : 'Merge'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}

function SplitDialog({ product, offer, onClose }: { product: AdminProductDetail; offer: AdminOffer; onClose: () => void }) {
  const [name, setName] = useState(offer.feedItems[0]?.title ?? product.name);
  const split = useSplitOffer();
  const navigate = useNavigate();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Split the {offer.store.name} offer out</DialogTitle>
          <DialogDescription>The offer and its price history become a product of their own; the store’s next imports keep it there.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="split-name">New product name</Label>
          <Input id="split-name" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={split.isPending || name.trim() === ''}
            onClick={() =>
              split.mutate(
                { productId: product.id, offerId: offer.id, name: name.trim() },
                {
                  onSuccess: (result) => {
                    toast.success('Offer split out', { description: `New product #${result.newProductId}` });
                    onClose();
                    navigate(`/admin/products/${result.newProductId}`);
                  },
                  onError: (error) => toast.error('Split failed', { description: errorText(error) }),
                },
              )
            }
          >
            {split.isPending ? 'Splitting…' : 'Split'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
