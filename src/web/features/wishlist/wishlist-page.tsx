import { Heart, Lock, Package, PiggyBank, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { quickAlertTarget } from '@/shared/money';
import {
  filterWishlist,
  sortWishlist,
  WISHLIST_CATEGORIES,
  WISHLIST_SORTS,
  type WishlistCategory,
  type WishlistSort,
  wishlistTotals,
} from '@/shared/wishlist-rules';
import { ErrorPanel } from '@/web/components/error-panel';
import { PriceMoveNote } from '@/web/components/price-move-note';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { OptionSelect } from '@/web/components/ui/option-select';
import { Spinner } from '@/web/components/ui/spinner';
import { useAuth } from '@/web/lib/auth-session';
import { useCurrency } from '@/web/lib/currency';
import { useCreatePriceAlert } from '@/web/lib/create-price-alert';
import { usePriceMoves } from '@/web/lib/price-moves';
import { cn } from '@/web/lib/utils';
import { useRemoveFromWishlist, useWishlistQuery } from '@/web/lib/wishlist';
import { WishlistCard } from './wishlist-card';

/** SPEC 2 Wishlist: signed-out prompt, spinner, empty state, or summary, filter, sort and cards. */
export function WishlistPage() {
  const { status } = useAuth();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <title>My Wishlist – Bachat</title>
      <header className="mb-6 flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
          <Heart className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Wishlist</h1>
          <p className="text-sm text-muted-foreground">Products you saved, with today's best prices.</p>
        </div>
      </header>
      {status === 'loading' ? <PageSpinner /> : status === 'anonymous' ? <SignInRequired /> : <WishlistContent />}
    </div>
  );
}

function PageSpinner() {
  return (
    <div className="flex justify-center py-20">
      <Spinner size="lg" label="Loading your wishlist" />
    </div>
  );
}

function SignInRequired() {
  const { openAuthDialog } = useAuth();
  return (
    <EmptyState
      icon={Lock}
      title="Sign in required"
      description="You need to be logged in to access your Wishlist."
      action={<Button onClick={() => openAuthDialog('signin')}>Sign In to Continue</Button>}
    />
  );
}

function WishlistContent() {
  const { format } = useCurrency();
  const query = useWishlistQuery();
  const remove = useRemoveFromWishlist({ pageMessages: true });
  const createAlert = useCreatePriceAlert();
  const moves = usePriceMoves('wishlist');
  const [category, setCategory] = useState<WishlistCategory>('all');
  const [sort, setSort] = useState<WishlistSort>('date');

  useEffect(() => {
    if (query.isError) toast.error('Error', { id: 'wishlist-load', description: 'Failed to load your wishlist. Please try again.' });
  }, [query.isError]);

  const products = useMemo(() => (query.data ?? []).map((item) => item.product), [query.data]);
  const shown = useMemo(() => sortWishlist(filterWishlist(products, category), sort), [products, category, sort]);
  const totals = useMemo(() => wishlistTotals(products), [products]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError && !query.data) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} headingLevel={1} title="Couldn't load your wishlist" description="Failed to load your wishlist. Please try again." />;

  if (products.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title="Your wishlist is empty"
        description="Tap the heart on any product to save it here and keep an eye on its price."
        action={
          <>
            <Button asChild>
              <Link to="/products/electronics">Browse Electronics</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/products/ladies-apparels">Shop Ladies' Apparels</Link>
            </Button>
          </>
        }
      />
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <section aria-label="Wishlist summary" className="grid grid-cols-3 gap-2 sm:gap-3">
        <SummaryCard icon={<Package aria-hidden />} label="Total Items" value={String(totals.totalItems)} />
        <SummaryCard icon={<Wallet aria-hidden />} label="Total Value" value={format(totals.totalValue)} />
        <SummaryCard icon={<PiggyBank aria-hidden />} label="Total Savings" value={format(totals.totalSavings)} tone="success" />
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <OptionSelect value={category} options={WISHLIST_CATEGORIES} onValueChange={setCategory} label="Filter by category" className="w-full sm:w-48" />
          <OptionSelect value={sort} options={WISHLIST_SORTS} onValueChange={setSort} label="Sort by" className="w-full sm:w-52" />
        </div>
        <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
          {shown.length} of {products.length} items
        </p>
      </div>

      {shown.length === 0 ? (
        <EmptyState
          title="No items in this category"
          description="Choose All Categories to see everything you saved."
          action={
            <Button variant="outline" onClick={() => setCategory('all')}>
              Show All Categories
            </Button>
          }
        />
      ) : (
        <>
        <h2 className="sr-only">Saved products</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Saved products">
          {shown.map((product) => (
            <li key={product.id} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <WishlistCard
                  product={product}
                  alertPending={createAlert.isPending && createAlert.variables?.productId === product.id}
                  removePending={remove.isPending && remove.variables?.id === product.id}
                  onPriceAlert={() => createAlert.mutate({ productId: product.id, targetPrice: quickAlertTarget(product.currentPrice) })}
                  onRemove={() => remove.mutate({ id: product.id, name: product.name })}
                  priceMoveNote={<PriceMoveNote move={moves.byProduct.get(product.id)} since={moves.since} />}
                />
              </div>
            </li>
          ))}
        </ul>
        </>
      )}
    </div>
  );
}

function SummaryCard({ icon, label, value, tone }: { icon: ReactNode; label: string; value: string; tone?: 'success' }) {
  return (
    <div className="flex min-w-0 items-center gap-4 rounded-xl border bg-card p-3 shadow-sm sm:p-4">
      <span
        className={cn(
          'hidden size-10 shrink-0 place-items-center rounded-lg sm:grid [&_svg]:size-5',
          tone === 'success' ? 'bg-success/10 text-success' : 'bg-accent text-accent-foreground',
        )}
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
        <p className={cn('truncate text-base font-bold sm:text-xl', tone === 'success' && 'text-success')}>{value}</p>
      </div>
    </div>
  );
}
