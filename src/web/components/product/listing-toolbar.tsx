import { LayoutGrid, List, X } from 'lucide-react';
import { useId } from 'react';
import { PRICE_RANGES, SORT_OPTIONS } from '@/shared/catalog';
import { Badge } from '@/web/components/ui/badge';
import { OptionSelect } from '@/web/components/ui/option-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/web/components/ui/toggle-group';
import type { ViewMode } from './product-grid';
import type { ListingController } from './use-listing-params';

type ListingToolbarProps = {
  /** The URL-backed price, sort and brand (useListingParams): the toolbar reads and changes them. */
  listing: ListingController;
  total: number | null;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
};

/** SPEC point 2's listing controls: price range, sort, grid/list toggle and "N products found". */
export function ListingToolbar({ listing, total, view, onViewChange }: ListingToolbarProps) {
  const priceId = useId();
  const sortId = useId();
  return (
    // Phones: count and view toggle on one row, then price and sort each on a full-width row so their
    // labels are never clipped. Wider: everything on one row.
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 rounded-xl border bg-card p-3 shadow-xs sm:flex sm:justify-between sm:p-4">
      <div className="col-start-1 row-start-1 flex min-h-8 min-w-0 flex-wrap items-center gap-2">
        {total === null ? (
          <Skeleton className="h-5 w-36" />
        ) : (
          <p role="status" className="text-sm text-muted-foreground" data-testid="result-count">
            <span className="font-semibold text-foreground tabular-nums">{total.toLocaleString('en-IN')}</span>{' '}
            {total === 1 ? 'product' : 'products'} found
          </p>
        )}
        {listing.brand && (
          <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2.5 text-xs">
            Brand: {listing.brand}
            <button
              type="button"
              onClick={() => listing.update({ brand: null })}
              aria-label={`Remove brand filter ${listing.brand}`}
              className="grid size-5 place-items-center rounded-full hover:bg-foreground/10"
            >
              <X className="size-3" aria-hidden />
            </button>
          </Badge>
        )}
      </div>

      <div className="contents sm:flex sm:items-center sm:gap-3">
        <div className="col-span-2 flex items-center gap-2">
          <label htmlFor={priceId} className="w-14 shrink-0 text-sm font-medium text-muted-foreground sm:w-auto">
            Price
          </label>
          <OptionSelect
            id={priceId}
            value={listing.price}
            options={PRICE_RANGES}
            onValueChange={(price) => listing.update({ price })}
            label="Price range"
            className="w-full sm:w-[170px]"
          />
        </div>
        <div className="col-span-2 flex items-center gap-2">
          <label htmlFor={sortId} className="w-14 shrink-0 text-sm font-medium whitespace-nowrap text-muted-foreground sm:w-auto">
            Sort by
          </label>
          <OptionSelect
            id={sortId}
            value={listing.sort}
            options={SORT_OPTIONS}
            onValueChange={(sort) => listing.update({ sort })}
            label="Sort by"
            className="w-full sm:w-[190px]"
          />
        </div>
        <ToggleGroup
          type="single"
          variant="outline"
          value={view}
          onValueChange={(value) => {
            // Radix lets the active item be clicked off (''): keep the current view then.
            if (value === 'grid' || value === 'list') onViewChange(value);
          }}
          aria-label="View mode"
          className="col-start-2 row-start-1"
        >
          <ToggleGroupItem value="grid" aria-label="Grid view">
            <LayoutGrid aria-hidden />
          </ToggleGroupItem>
          <ToggleGroupItem value="list" aria-label="List view">
            <List aria-hidden />
          </ToggleGroupItem>
        </ToggleGroup>
      </div>
    </div>
  );
}
