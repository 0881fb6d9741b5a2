import { PackageSearch } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES, friendlyName, resolveCategoryPath } from '@/shared/catalog';
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
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/utils';
import { CategoryNotFound } from './category-not-found';
import { useListing } from './get-listing';

type Chip = { slug: string; to: string; active: boolean };

/** Quick links under the title: the children of this category, or its siblings when it has none. */
function categoryChips(slugs: string[]): Chip[] {
  const [top, sub] = slugs;
  const path = resolveCategoryPath(slugs);
  if (!path || !top) return [];
  if (path.category === 'electronics') {
    return ELECTRONICS_SUBCATEGORIES.map((slug) => ({ slug, to: `/products/${top}/${slug}`, active: slug === sub }));
  }
  if (!path.subcategory) return APPAREL_GROUPS.map((group) => ({ slug: group.slug, to: `/products/${top}/${group.slug}`, active: false }));
  const group = APPAREL_GROUPS.find((g) => g.slug === path.subcategory);
  return (group?.children ?? []).map((slug) => ({ slug, to: `/products/${top}/${sub}/${slug}`, active: slug === path.subSubcategory }));
}

/** SPEC point 2, Category listing: one screen for the three depths of /products/{category}/… */
export function ListingPage() {
  const params = useParams();
  const slugs = [params.category, params.subcategory, params.subSubcategory].filter((slug): slug is string => Boolean(slug));
  const listing = useListingParams();
  const [view, setView] = useState<ViewMode>('grid');
  const query = useListing({ slugs, price: listing.price, sort: listing.sort, brand: listing.brand, page: listing.page, facets: listing.facets });

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useErrorToast(query.isError && !notFound, query.errorUpdatedAt, 'Failed to load products. Please try again.');

  const lastSlug = slugs.at(-1) ?? '';
  const title = friendlyName(lastSlug);

  if (notFound) {
    return (
      <>
        <title>Category Not Found – Bachat</title>
        <CategoryNotFound category={slugs.join('/')} />
      </>
    );
  }

  const crumbs = slugs.map((slug, index) => ({ label: friendlyName(slug), to: `/products/${slugs.slice(0, index + 1).join('/')}` }));
  const chips = categoryChips(slugs);
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-6 sm:py-8">
      <title>{`${title} – Compare prices on Bachat`}</title>
      <Breadcrumbs items={crumbs} />
      <header className="flex flex-col gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground sm:text-base">
            Compare prices on {title} across India's top stores.
          </p>
        </div>
        {chips.length > 0 && (
          <nav aria-label="Categories" className="-mx-4 overflow-x-auto px-4 pb-1 [scrollbar-width:thin]">
            <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
              {chips.map((chip) => (
                <li key={chip.slug}>
                  <Link
                    to={chip.to}
                    aria-current={chip.active ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-8 items-center rounded-full border bg-card px-3 text-sm whitespace-nowrap transition-colors hover:border-primary/40 hover:text-primary',
                      chip.active && 'border-primary bg-primary/10 font-medium text-primary',
                    )}
                  >
                    {friendlyName(chip.slug)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>

      <FacetLayout facets={data?.facets} listing={listing} total={data ? data.total : null}>
        <ListingToolbar listing={listing} total={data ? data.total : null} view={view} onViewChange={setView} />

        {query.isPending ? (
          <ProductGrid products={[]} view={view} loading />
        ) : query.isError && !query.data ? (
          <ErrorPanel error={query.error} onRetry={() => void query.refetch()} title="Failed to load products" description="Failed to load products. Please try again." />
        ) : data && data.items.length === 0 ? (
          data.total > 0 ? (
            <EmptyState
              icon={PackageSearch}
              title="This page is empty"
              description={`There are only ${pageCount} pages of products here.`}
              action={
                <Button asChild>
                  <Link to={listing.hrefForPage(1)}>Go to first page</Link>
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={PackageSearch}
              title="No products found matching your criteria"
              description="Try another price range or sort order."
              action={<Button onClick={listing.clear}>Clear Filters</Button>}
            />
          )
        ) : data ? (
          <>
            {/* Card names are h3: an h2 above them keeps headings in order when the filters (their own h2) sit in a sheet. */}
            <h2 className="sr-only">{`${title} products`}</h2>
            <ProductGrid products={data.items} view={view} label={`${title} products`} eagerImages={FIRST_VIEW_CARDS} />
            <Pagination page={listing.page} pageCount={pageCount} hrefFor={listing.hrefForPage} className="pt-2" />
          </>
        ) : null}
      </FacetLayout>
    </div>
  );
}
