import { TrendingDown } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEAL_DROP_OPTIONS, type Deal, DEFAULT_DEAL_DROP } from '@/shared/contracts/deals';
import { ErrorPanel } from '@/web/components/error-panel';
import { Breadcrumbs } from '@/web/components/product/breadcrumbs';
import { Pagination } from '@/web/components/product/pagination';
import { ProductImage } from '@/web/components/product/product-image';
import { productHref } from '@/web/components/product/product-links';
import { useErrorToast } from '@/web/components/product/use-error-toast';
import { EmptyState } from '@/web/components/ui/empty-state';
import { OptionSelect } from '@/web/components/ui/option-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCurrency } from '@/web/lib/currency';
import { parseDealsParams, useDeals } from './get-deals';

const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All categories' },
  { value: 'electronics', label: 'Electronics' },
  { value: 'ladies-apparels', label: "Ladies' Apparels" },
] as const;
const DROP_OPTIONS = DEAL_DROP_OPTIONS.map((drop) => ({ value: String(drop), label: `${drop}% or more below typical` }));

/** The filters live in the URL (`?category=&minDrop=&page=`): shareable, and the back button restores them. */
function useDealsParams() {
  const [params, setParams] = useSearchParams();
  const { category, minDrop, page } = parseDealsParams(params);
  const write = useCallback(
    (next: { category: string | null; minDrop: number; page: number }) => {
      const search = new URLSearchParams();
      if (next.category) search.set('category', next.category);
      if (next.minDrop !== DEFAULT_DEAL_DROP) search.set('minDrop', String(next.minDrop));
      if (next.page > 1) search.set('page', String(next.page));
      return search;
    },
    [],
  );
  return {
    category,
    minDrop,
    page,
    set: (patch: Partial<{ category: string | null; minDrop: number }>) => setParams(write({ category, minDrop, ...patch, page: 1 }), { preventScrollReset: true }),
    hrefForPage: (p: number) => ({ search: `?${write({ category, minDrop, page: p }).toString()}` }),
  };
}

function DealCard({ deal }: { deal: Deal }) {
  const { format } = useCurrency();
  const { product } = deal;
  return (
    <article aria-labelledby={`deal-${product.id}`} data-deal-id={product.id} className="flex gap-3 rounded-xl border bg-card p-3 shadow-xs">
      <Link to={productHref(product.id)} tabIndex={-1} className="w-24 shrink-0 sm:w-28">
        <ProductImage src={product.image} alt={product.name} className="aspect-square w-full rounded-lg" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={`deal-${product.id}`} className="line-clamp-2 text-sm font-medium">
          <Link to={productHref(product.id)} className="hover:text-primary">
            {product.name}
          </Link>
        </h2>
        <p className="text-lg font-bold tabular-nums">
          {format(product.currentPrice)} <span className="text-xs font-normal text-muted-foreground">at {product.store}</span>
        </p>
        <p className="flex items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-400" data-testid="deal-drop">
          <TrendingDown className="size-4 shrink-0" aria-hidden />
          {format(deal.dropAmount)} below its 90-day typical price
        </p>
        <p className="text-xs text-muted-foreground">
          Typical {format(deal.typicalPrice)} · {deal.dropPercent}% lower · Lowest ever {format(deal.lowestEver)}
        </p>
      </div>
    </article>
  );
}

/** The page's <title>, also its Open Graph title. */
export const DEALS_PAGE_TITLE = 'Deals – real price drops on Bachat';

/** /deals (issue 15): real drops against each product's own price history, not stores' claimed discounts. */
export function DealsPage() {
  const params = useDealsParams();
  const query = useDeals({ category: params.category, minDrop: params.minDrop, page: params.page });
  useErrorToast(query.isError, query.errorUpdatedAt, 'Failed to load deals. Please try again.');
  const categoryId = useId();
  const dropId = useId();
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-6 sm:py-8">
      <title>{DEALS_PAGE_TITLE}</title>
      <Breadcrumbs items={[{ label: 'Deals', to: '/deals' }]} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Deals</h1>
        <p className="mt-1 text-sm text-muted-foreground sm:text-base">
          Prices well below what each product usually sold for over the last 90 days, never a store's inflated “original price”.
        </p>
      </header>
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:flex-row sm:items-center sm:p-4">
        <div className="flex items-center gap-2">
          <label htmlFor={categoryId} className="w-20 shrink-0 text-sm font-medium text-muted-foreground sm:w-auto">
            Category
          </label>
          <OptionSelect
            id={categoryId}
            value={params.category ?? 'all'}
            options={CATEGORY_OPTIONS}
            onValueChange={(value) => params.set({ category: value === 'all' ? null : value })}
            label="Category"
            className="w-full sm:w-[190px]"
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={dropId} className="w-20 shrink-0 text-sm font-medium text-muted-foreground sm:w-auto">
            Drop
          </label>
          <OptionSelect
            id={dropId}
            value={String(params.minDrop)}
            options={DROP_OPTIONS}
            onValueChange={(value) => params.set({ minDrop: Number(value) })}
            label="Minimum drop"
            className="w-full sm:w-[230px]"
          />
        </div>
        {data && (
          <p role="status" className="text-sm text-muted-foreground sm:ml-auto" data-testid="deal-count">
            <span className="font-semibold text-foreground tabular-nums">{data.total.toLocaleString('en-IN')}</span> {data.total === 1 ? 'deal' : 'deals'}
          </p>
        )}
      </div>
      {query.isPending ? (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-32 rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} title="Failed to load deals" description="Failed to load deals. Please try again." />
      ) : data && data.items.length === 0 ? (
        <EmptyState icon={TrendingDown} title="No deals right now" description="Nothing is that far below its typical price at the moment. Try a smaller drop." />
      ) : data ? (
        <>
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {data.items.map((deal) => (
              <DealCard key={deal.product.id} deal={deal} />
            ))}
          </div>
          <Pagination page={params.page} pageCount={pageCount} hrefFor={params.hrefForPage} className="pt-2" />
        </>
      ) : null}
    </div>
  );
}
