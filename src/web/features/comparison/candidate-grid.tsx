import { Ban, ImageOff, PackageSearch, Plus } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { toast } from '@/web/lib/toast';
import { COMPARE_CANDIDATES, friendlyName } from '@/shared/catalog';
import { canAddToComparison } from '@/shared/comparison-rules';
import type { Product } from '@/shared/contracts/product';
import { Badge } from '@/web/components/ui/badge';
import { ErrorPanel } from '@/web/components/error-panel';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Spinner } from '@/web/components/ui/spinner';
import { StarRating } from '@/web/components/ui/star-rating';
import { useCurrency } from '@/web/lib/currency';
import { useImageFailed } from '@/web/lib/use-image-failed';
import { useCandidates } from './get-candidates';

export function CandidateGrid({ current, enabled, onAdd }: { current: readonly Product[]; enabled: boolean; onAdd: (product: Product) => void }) {
  const query = useCandidates(current, enabled);
  const category = current[0]?.category ?? null;

  useEffect(() => {
    if (query.isError) toast.error('Error', { id: 'comparison-candidates', description: 'Failed to load available products.' });
  }, [query.isError]);

  const candidates = (query.data ?? []).slice(0, COMPARE_CANDIDATES);

  return (
    <Card className="gap-4">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle asChild>
          <h2 className="text-lg">Add Products to Compare</h2>
        </CardTitle>
        <CardDescription>
          {category ? (
            <>
              Showing more from <span className="font-medium text-foreground">{friendlyName(category)}</span>: only products of the same
              category can be compared.
            </>
          ) : (
            'Pick a product to start. Its category decides what else can join the comparison.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading products" />
          </div>
        ) : query.isError && !query.data ? (
          <ErrorPanel
            error={query.error}
            onRetry={() => void query.refetch()}
            headingLevel={3}
            title="Failed to load available products"
            description="Failed to load available products."
          />
        ) : candidates.length === 0 ? (
          <EmptyState
            icon={PackageSearch}
            headingLevel={3}
            title="No More Products Available"
            description={category ? `Every other ${friendlyName(category)} product is already in your comparison.` : 'There are no products to compare yet.'}
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Products you can add" aria-busy={query.isFetching}>
            {candidates.map((product) => (
              <li key={product.id} className="flex">
                <CandidateCard product={product} current={current} onAdd={onAdd} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CandidateCard({ product, current, onAdd }: { product: Product; current: readonly Product[]; onAdd: (product: Product) => void }) {
  const { format } = useCurrency();
  const titleId = useId();
  const reasonId = useId();
  const image = useImageFailed(product.image);
  const check = canAddToComparison(current, product);

  return (
    <article aria-labelledby={titleId} className="flex w-full gap-3 rounded-lg border bg-card p-3">
      <span className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-md bg-muted/60">
        {image.failed ? (
          <ImageOff className="size-6 text-muted-foreground" aria-hidden data-placeholder="true" />
        ) : (
          <img ref={image.ref} src={product.image} alt="" width={80} height={80} loading="lazy" onError={image.onError} className="size-full object-contain p-1.5" />
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={titleId} className="line-clamp-2 text-sm leading-5 font-semibold">
          <Link to={`/product/${product.id}`} className="hover:text-primary">
            {product.name}
          </Link>
        </h3>
        <div className="flex items-center gap-1 text-xs text-muted-foreground">
          <StarRating rating={product.rating} size="sm" />
          <span>{product.rating.toFixed(1)}</span>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-bold">{format(product.currentPrice)}</span>
          <Badge variant="secondary" className="max-w-full truncate">
            {product.store}
          </Badge>
        </div>
        <div className="mt-auto pt-2">
          {check.ok ? (
            <Button size="sm" className="w-full sm:w-auto" onClick={() => onAdd(product)}>
              <Plus aria-hidden /> Add to Compare
            </Button>
          ) : (
            <div className="flex flex-col gap-1">
              <Button size="sm" variant="outline" disabled aria-describedby={reasonId} className="w-full sm:w-auto">
                <Ban aria-hidden /> Cannot Add
              </Button>
              <p id={reasonId} className="text-xs text-muted-foreground">
                {check.reason}
              </p>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
