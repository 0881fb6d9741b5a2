import { SlidersHorizontal } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import type { FacetGroup } from '@/shared/contracts/product';
import { Button } from '@/web/components/ui/button';
import { deferredModule, usePlaceholderTrigger } from '@/web/lib/deferred-module';
import { cn } from '@/web/lib/utils';
import type { ListingController } from './use-listing-params';

/** Options shown before "Show all" in a long group (brands, colours). */
const COLLAPSED_OPTIONS = 8;
/** Groups the sidebar shows (the toolbar's Price select keeps the price range). */
const HIDDEN_KINDS = new Set<FacetGroup['kind']>(['price']);

function FacetGroupSection({ group, listing }: { group: FacetGroup; listing: ListingController }) {
  const headingId = useId();
  const [expanded, setExpanded] = useState(false);
  const options = group.options.filter((option) => option.count > 0 || option.selected);
  if (options.length === 0) return null;
  const shown = expanded ? options : options.slice(0, COLLAPSED_OPTIONS);
  return (
    <section aria-labelledby={headingId} className="border-b py-3 last:border-b-0">
      <h3 id={headingId} className="mb-2 text-sm font-semibold">
        {group.label}
      </h3>
      <ul className="flex flex-col gap-1">
        {shown.map((option) => (
          <li key={option.key}>
            <label className="flex min-h-8 cursor-pointer items-center gap-2 rounded-md px-1 text-sm hover:bg-muted">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={option.selected}
                onChange={() => listing.toggle(group, option.key)}
              />
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              <span className={cn('text-xs tabular-nums text-muted-foreground', option.selected && 'font-medium text-foreground')} aria-label={`${option.count} products`}>
                {option.count.toLocaleString('en-IN')}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {options.length > COLLAPSED_OPTIONS && (
        <button type="button" className="mt-1 text-sm font-medium text-primary hover:underline" onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show fewer' : `Show all ${options.length}`}
        </button>
      )}
    </section>
  );
}

/** The filter groups with counts (issue 15): OR within a group, AND across; every choice goes into the URL. */
export function FacetPanel({ facets, listing, className }: { facets: FacetGroup[]; listing: ListingController; className?: string }) {
  const groups = facets.filter((group) => !HIDDEN_KINDS.has(group.kind));
  return (
    <div className={cn('flex flex-col', className)}>
      <div className="flex items-center justify-between pb-1">
        <h2 className="text-base font-semibold">Filters</h2>
        {listing.filtered && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={listing.clear}>
            Clear all
          </Button>
        )}
      </div>
      {groups.map((group) => (
        <FacetGroupSection key={group.name} group={group} listing={listing} />
      ))}
    </div>
  );
}

/** The sheet's Radix Dialog is not part of the listing's first load (issue 12): it loads on first reach. */
export const facetSheet = deferredModule(() => import('./facet-sheet'));

/** Phones: the same filters in a sheet, opened from a "Filters" button that says how many are on. */
export function FacetSheet({ facets, listing, total }: { facets: FacetGroup[]; listing: ListingController; total: number | null }) {
  const active = listing.facetCount + (listing.brand ? listing.brand.split(',').length : 0) + (listing.price === 'all' ? 0 : 1);
  const Loaded = facetSheet.use();
  const [open, setOpen] = useState(false);
  const { handlers, focused } = usePlaceholderTrigger(facetSheet, () => setOpen(true));
  if (Loaded) {
    return <Loaded.RadixFacetSheet facets={facets} listing={listing} total={total} active={active} open={open} onOpenChange={setOpen} focusOnMount={focused} />;
  }
  return (
    <Button variant="outline" className="lg:hidden" aria-haspopup="dialog" aria-expanded={false} data-state="closed" {...handlers}>
      <SlidersHorizontal aria-hidden />
      Filters{active > 0 ? ` (${active})` : ''}
    </Button>
  );
}

/**
 * A listing with its filters: a sidebar from `lg` up, a "Filters" sheet on phones and tablets. `children` are the
 * toolbar, grid and pagination.
 */
export function FacetLayout({
  facets,
  listing,
  total,
  children,
}: {
  facets: FacetGroup[] | undefined;
  listing: ListingController;
  total: number | null;
  children: React.ReactNode;
}) {
  const groups = facets ?? [];
  return (
    <div className="grid gap-5 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside aria-label="Filters" className="hidden lg:block">
        <FacetPanel facets={groups} listing={listing} className="sticky top-20 rounded-xl border bg-card px-4 py-3" />
      </aside>
      <div className="flex min-w-0 flex-col gap-5">
        <div className="lg:hidden">
          <FacetSheet facets={groups} listing={listing} total={total} />
        </div>
        {children}
      </div>
    </div>
  );
}
