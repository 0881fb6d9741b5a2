import { SlidersHorizontal } from 'lucide-react';
import type { FacetGroup } from '@/shared/contracts/product';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';
import { useFocusOnMount } from '@/web/lib/deferred-module';
import { FacetPanel } from './facet-panel';
import type { ListingController } from './use-listing-params';

/** The phones' Filters sheet (Radix Dialog), loaded on first reach for its button (see FacetSheet). */
export function RadixFacetSheet({
  facets,
  listing,
  total,
  active,
  open,
  onOpenChange,
  focusOnMount,
}: {
  facets: FacetGroup[];
  listing: ListingController;
  total: number | null;
  active: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focusOnMount?: boolean;
}) {
  const triggerRef = useFocusOnMount<HTMLButtonElement>(focusOnMount && !open);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button ref={triggerRef} variant="outline" className="lg:hidden">
          <SlidersHorizontal aria-hidden />
          Filters{active > 0 ? ` (${active})` : ''}
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom" className="gap-0">
        <SheetHeader className="pb-0">
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>{total === null ? 'Counting products…' : `${total.toLocaleString('en-IN')} ${total === 1 ? 'product' : 'products'} match`}</SheetDescription>
        </SheetHeader>
        <FacetPanel facets={facets} listing={listing} className="px-4 pb-6" />
      </SheetContent>
    </Sheet>
  );
}
