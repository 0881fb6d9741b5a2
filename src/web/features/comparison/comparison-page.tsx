import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Award, Layers, Save, Scale, Star } from 'lucide-react';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { friendlyName, MAX_COMPARE } from '@/shared/catalog';
import { canSaveComparison, comparisonName } from '@/shared/comparison-rules';
import type { Comparison } from '@/shared/contracts/account';
import { ErrorPanel } from '@/web/components/error-panel';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { api } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';
import { CandidateGrid } from './candidate-grid';
import { ComparisonTable } from './comparison-table';
import { comparisonsQueryKey, SavedComparisons } from './saved-comparisons';
import { useComparisonSet } from './use-comparison-set';

type Tab = 'compare' | 'saved';

/** The page's <title>, also its Open Graph title: a shared comparison names its products. */
export function comparisonTitle(products: readonly { name: string }[]): string {
  return products.length > 0 ? `Compare ${products.map((product) => product.name).join(' vs ')} – Bachat` : 'Product Comparison – Bachat';
}

/** SPEC 2 Comparison at /comparison?products=1,2: compare up to 3 products of one category and save the set. */
export function ComparisonPage() {
  const [tab, setTab] = useState<Tab>('compare');
  const set = useComparisonSet();
  // Adding or removing a product takes its button off the page; focus goes to the comparison's heading (which
  // announces the new count) instead of falling back to the top of the page (issue 17, keyboard).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const add = (product: Parameters<typeof set.add>[0]) => {
    const added = set.add(product);
    if (added) headingRef.current?.focus();
  };
  const remove = (productId: number) => {
    set.remove(productId);
    headingRef.current?.focus();
  };

  const loadSaved = (comparison: Comparison) => {
    set.replace(comparison.products);
    setTab('compare');
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <title>{comparisonTitle(set.products)}</title>
      <header className="mb-6 flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
          <Scale className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Product Comparison</h1>
          <p className="text-sm text-muted-foreground">Line up to {MAX_COMPARE} products of one category: prices, ratings and specifications.</p>
        </div>
      </header>

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-6">
        <TabsList className="h-10 w-full sm:w-fit">
          <TabsTrigger value="compare" className="px-4">
            Compare Products
          </TabsTrigger>
          <TabsTrigger value="saved" className="px-4">
            Saved Comparisons
          </TabsTrigger>
        </TabsList>
        <TabsContent value="compare" className="grid min-w-0 grid-cols-1 gap-6">
          {set.error ? (
            <ErrorPanel
              error={set.error}
              onRetry={set.retry}
              title="Failed to load products for comparison"
              description="Failed to load products for comparison."
            />
          ) : (
            <>
              <CurrentComparison set={set} headingRef={headingRef} onRemove={remove} />
              <CandidateGrid current={set.products} enabled={!set.loading} onAdd={add} />
            </>
          )}
        </TabsContent>
        <TabsContent value="saved">
          <SavedComparisons onLoad={loadSaved} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function CurrentComparison({
  set,
  headingRef,
  onRemove,
}: {
  set: ReturnType<typeof useComparisonSet>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRemove: (productId: number) => void;
}) {
  const { isAuthenticated } = useAuth();
  const { format } = useCurrency();
  const queryClient = useQueryClient();
  const { products, category } = set;

  const save = useMutation({
    mutationFn: (body: { name: string; productIds: number[] }) => api<Comparison>('/comparisons', { method: 'POST', body }),
    onSuccess: (saved) => {
      toast.success('Comparison Saved', { description: `"${saved.name}" is in your Saved Comparisons.` });
      void queryClient.invalidateQueries({ queryKey: comparisonsQueryKey });
    },
    onError: () => toast.error('Error', { description: 'Failed to save comparison. Please try again.' }),
  });

  const onSave = () => {
    if (save.isPending) return;
    const check = canSaveComparison(isAuthenticated, products.length);
    if (!check.ok) {
      if (!isAuthenticated) toast.error('Authentication Required', { description: check.reason });
      else toast.error('Not Enough Products', { description: check.reason });
      return;
    }
    const first = products[0];
    if (!first) return;
    save.mutate({ name: comparisonName(first.category), productIds: products.map((product) => product.id) });
  };

  const cheapest = products.length ? Math.min(...products.map((product) => product.currentPrice)) : null;
  const bestRating = products.length ? Math.max(...products.map((product) => product.rating)) : null;

  return (
    <Card className="gap-5">
      <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 ref={headingRef} tabIndex={-1} className="text-lg">
              Current Comparison ({products.length}/{MAX_COMPARE})
            </h2>
          </CardTitle>
          <CardDescription className="flex flex-wrap items-center gap-2">
            {category ? (
              <>
                <span>Category</span> <Badge variant="outline">{friendlyName(category)}</Badge>
              </>
            ) : (
              'Add products below to compare them side by side.'
            )}
          </CardDescription>
        </div>
        {products.length >= 2 && (
          <Button onClick={onSave} aria-disabled={save.isPending || undefined} className="w-full sm:w-auto">
            <Save aria-hidden /> {save.isPending ? 'Saving...' : 'Save Comparison'}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-5 px-4 sm:px-6">
        {set.loading ? (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label="Loading products" />
          </div>
        ) : products.length === 0 ? (
          <EmptyState
            icon={Layers}
            headingLevel={3}
            title="No Products Selected"
            description="Choose products from the list below, or use Compare on any product, to start comparing."
          />
        ) : (
          <>
            <div className="grid grid-cols-3 gap-2 sm:gap-3" aria-label="Comparison summary" role="group">
              <SummaryCard icon={<Award aria-hidden />} label="Best Price" value={cheapest === null ? '—' : format(cheapest)} tone="success" />
              <SummaryCard icon={<Star aria-hidden />} label="Best Rating" value={bestRating === null ? '—' : `${bestRating.toFixed(1)}/5`} />
              <SummaryCard icon={<Layers aria-hidden />} label="Products" value={String(products.length)} />
            </div>
            <ComparisonTable products={products} onRemove={onRemove} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function SummaryCard({ icon, label, value, tone }: { icon: ReactNode; label: string; value: string; tone?: 'success' }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/30 p-2.5 sm:p-3">
      <span
        className={cn(
          'hidden size-9 shrink-0 place-items-center rounded-md sm:grid [&_svg]:size-4',
          tone === 'success' ? 'bg-success/10 text-success' : 'bg-accent text-accent-foreground',
        )}
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className={cn('truncate text-base font-bold sm:text-lg', tone === 'success' && 'text-success')}>{value}</p>
      </div>
    </div>
  );
}
