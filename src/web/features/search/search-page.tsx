import { PackageSearch, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '@/web/components/error-panel';
import { Breadcrumbs } from '@/web/components/product/breadcrumbs';
import { FacetLayout } from '@/web/components/product/facet-panel';
import { ListingToolbar } from '@/web/components/product/listing-toolbar';
import { Pagination } from '@/web/components/product/pagination';
import { FIRST_VIEW_CARDS, ProductGrid, type ViewMode } from '@/web/components/product/product-grid';
import { useErrorToast } from '@/web/components/product/use-error-toast';
import { useListingParams } from '@/web/components/product/use-listing-params';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { useSearchResults } from './get-search-results';

/** DECISIONS 11: /search?q=… shows the matches with the listing's controls. */
/** Where to go when a search has nothing to show: the two top categories, as on the home page. */
const browseActions = (
  <>
    <Button asChild>
      <Link to="/products/electronics">Browse Electronics</Link>
    </Button>
    <Button asChild variant="outline">
      <Link to="/products/apparels">Shop Apparels</Link>
    </Button>
  </>
);

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const listing = useListingParams();
  const [view, setView] = useState<ViewMode>('grid');
  const query = useSearchResults({ q, price: listing.price, sort: listing.sort, page: listing.page, brand: listing.brand, facets: listing.facets });
  useErrorToast(query.isError, query.errorUpdatedAt, 'Failed to load products. Please try again.');

  if (!q) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:py-8">
        <title>Search – Bachat</title>
        <Breadcrumbs items={[{ label: 'Search', to: '/search' }]} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Search products</h1>
        <EmptyState
          icon={PackageSearch}
          title="What are you looking for?"
          description="Type a product, brand, model or store in the search box, for example “iPhone”, “Samsung TV” or “kurta”."
          action={browseActions}
        />
      </div>
    );
  }

  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-6 sm:py-8">
      <title>{`“${q}” – Search on Bachat`}</title>
      <Breadcrumbs items={[{ label: 'Search', to: `/search?q=${encodeURIComponent(q)}` }]} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          Results for “<span className="text-primary">{q}</span>”
        </h1>
        <p className="mt-1 text-sm text-muted-foreground sm:text-base">Matching names, brands, models, stores and categories.</p>
      </header>

      <FacetLayout facets={data?.facets} listing={listing} total={data ? data.total : null}>
        <ListingToolbar listing={listing} total={data ? data.total : null} view={view} onViewChange={setView} />

        {query.isPending ? (
          <ProductGrid products={[]} view={view} loading />
        ) : query.isError && !query.data ? (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} title="Failed to load products" description="Failed to load products. Please try again." />
        ) : data && data.items.length === 0 ? (
          listing.filtered ? (
            <EmptyState
              icon={PackageSearch}
              title="No products found matching your criteria"
              description={`Nothing for “${q}” in this price range.`}
              action={<Button onClick={listing.clear}>Clear Filters</Button>}
            />
          ) : data.total > 0 ? (
            <EmptyState
              icon={PackageSearch}
              title="This page is empty"
              action={
                <Button asChild>
                  <Link to={listing.hrefForPage(1)}>Go to first page</Link>
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={SearchX}
              title={`No results for “${q}”`}
              description="Check the spelling, or try a more general word like a brand or a category."
              action={browseActions}
            />
          )
        ) : data ? (
          <>
            {/* Card names are h3: an h2 above them keeps headings in order when the filters (their own h2) sit in a sheet. */}
            <h2 className="sr-only">Search results</h2>
            <ProductGrid products={data.items} view={view} label="Search results" eagerImages={FIRST_VIEW_CARDS} />
            <Pagination page={listing.page} pageCount={pageCount} hrefFor={listing.hrefForPage} className="pt-2" />
          </>
        ) : null}
      </FacetLayout>
    </div>
  );
}
