import { useQuery } from '@tanstack/react-query';
import { CalendarDays, FolderOpen, ImageOff, Lock, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import type { Comparison } from '@/shared/contracts/account';
import type { Product } from '@/shared/contracts/product';
import { ErrorPanel } from '@/web/components/error-panel';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Spinner } from '@/web/components/ui/spinner';
import { api } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';
import { useCurrency } from '@/web/lib/currency';

export const comparisonsQueryKey = ['comparisons'] as const;

export function useSavedComparisons() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: comparisonsQueryKey,
    queryFn: ({ signal }) => api<Comparison[]>('/comparisons', { signal }),
    enabled: isAuthenticated,
  });
}

const savedDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** SPEC 2 Saved Comparisons: sign-in prompt, empty state, or one card per saved comparison. */
export function SavedComparisons({ onLoad }: { onLoad: (comparison: Comparison) => void }) {
  const { status, openAuthDialog } = useAuth();
  const query = useSavedComparisons();

  if (status === 'loading') return <CenteredSpinner />;
  if (status === 'anonymous') {
    return (
      <EmptyState
        icon={Lock}
        title="Authentication Required"
        description="Please log in to view your saved comparisons"
        action={<Button onClick={() => openAuthDialog('signin')}>Sign In</Button>}
      />
    );
  }
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError && !query.data) {
    return (
      <ErrorPanel
        error={query.error}
        onRetry={() => void query.refetch()}
        title="Couldn't load saved comparisons"
        description="Failed to load your saved comparisons. Please try again."
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={FolderOpen}
        title="No Saved Comparisons"
        description="Compare 2 or 3 products and press Save Comparison to keep them here."
      />
    );
  }
  return (
    <section aria-labelledby="saved-comparisons-heading">
      {/* The cards' names are h3: an h2 above them keeps heading levels from skipping (axe heading-order). */}
      <h2 id="saved-comparisons-heading" className="sr-only">
        Saved comparisons
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved comparisons">
        {query.data.map((comparison) => (
          <li key={comparison.id} className="flex">
            <SavedCard comparison={comparison} onLoad={() => onLoad(comparison)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CenteredSpinner() {
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" />
    </div>
  );
}

function SavedCard({ comparison, onLoad }: { comparison: Comparison; onLoad: () => void }) {
  const titleId = useId();
  const shown = comparison.products.slice(0, 2);
  const more = comparison.products.length - shown.length;
  return (
    <article aria-labelledby={titleId} className="flex w-full flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
          <Scale className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-semibold">
            {comparison.name}
          </h3>
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <CalendarDays className="size-3.5" aria-hidden />
            Saved on <time dateTime={comparison.createdAt}>{savedDate.format(new Date(comparison.createdAt))}</time>
          </p>
        </div>
      </div>
      <ul className="grid gap-2" aria-label="Products">
        {shown.map((product) => (
          <SavedProduct key={product.id} product={product} />
        ))}
      </ul>
      {more > 0 && <p className="-mt-2 text-xs text-muted-foreground">+{more} more</p>}
      <Button variant="outline" className="mt-auto w-full" onClick={onLoad}>
        Load Comparison
      </Button>
    </article>
  );
}

function SavedProduct({ product }: { product: Product }) {
  const { format } = useCurrency();
  const [failed, setFailed] = useState(false);
  return (
    <li className="flex items-center gap-3 rounded-lg bg-muted/50 p-2">
      <span className="grid size-11 shrink-0 place-items-center overflow-hidden rounded-md bg-card">
        {failed || !product.image ? (
          <ImageOff className="size-4 text-muted-foreground" aria-hidden />
        ) : (
          <img src={product.image} alt="" loading="lazy" onError={() => setFailed(true)} className="size-full object-contain p-1" />
        )}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{product.name}</p>
        <p className="text-xs text-muted-foreground">{format(product.currentPrice)}</p>
      </div>
    </li>
  );
}
