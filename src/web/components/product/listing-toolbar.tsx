import { LayoutGrid, List, X } from 'lucide-react';
import { useId } from 'react';
import { PRICE_RANGES, type PriceRangeValue, SORT_OPTIONS, type SortValue } from '@/shared/catalog';
import { Badge } from '@/web/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { ToggleGroup, ToggleGroupItem } from '@/web/components/ui/toggle-group';
import type { ViewMode } from './product-grid';

type ListingToolbarProps = {
  total: number | null;
  price: PriceRangeValue;
  sort: SortValue;
  view: ViewMode;
  brand?: string | null;
  onPriceChange: (price: PriceRangeValue) => void;
  onSortChange: (sort: SortValue) => void;
  onViewChange: (view: ViewMode) => void;
  onClearBrand?: () => void;
};

/** SPEC point 2's listing controls: price range, sort, grid/list toggle and "N products found". */
export function ListingToolbar(props: ListingToolbarProps) {
  const priceId = useId();
  const sortId = useId();
  const { total } = props;
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
        {props.brand && (
          <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2.5 text-xs">
            Brand: {props.brand}
            <button
              type="button"
              onClick={props.onClearBrand}
              aria-label={`Remove brand filter ${props.brand}`}
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
          <Select value={props.price} onValueChange={(value) => props.onPriceChange(value as PriceRangeValue)}>
            <SelectTrigger id={priceId} aria-label="Price range" className="w-full sm:w-[170px]">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PRICE_RANGES.map((range) => (
                <SelectItem key={range.value} value={range.value}>
                  {range.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="col-span-2 flex items-center gap-2">
          <label htmlFor={sortId} className="w-14 shrink-0 text-sm font-medium whitespace-nowrap text-muted-foreground sm:w-auto">
            Sort by
          </label>
          <Select value={props.sort} onValueChange={(value) => props.onSortChange(value as SortValue)}>
            <SelectTrigger id={sortId} aria-label="Sort by" className="w-full sm:w-[190px]">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <ToggleGroup
          type="single"
          variant="outline"
          value={props.view}
          onValueChange={(value) => {
            // Radix lets the active item be clicked off (''): keep the current view then.
            if (value === 'grid' || value === 'list') props.onViewChange(value);
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
