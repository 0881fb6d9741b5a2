import { CheckCircle2, Sparkles } from 'lucide-react';
import type { Product } from '@/shared/contracts/product';
import { readHighlights } from '@/shared/text-lines';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { deferredModule, startLoad } from '@/web/lib/deferred-module';

// Only the Description is in the page's first view (issue 12): the other panels (the specification readers, the
// reviews) load when the shopper reaches for the tabs (pointer over them, focus, a choice), or once the page has
// settled with the other deferred modules, so they are there offline too.
const otherPanels = deferredModule(async () => {
  const [{ SpecificationsPanel, FeaturesPanel }, { ReviewsPanel }] = await Promise.all([import('./specification-panels'), import('./reviews-panel')]);
  return { SpecificationsPanel, FeaturesPanel, ReviewsPanel };
});

/** SPEC point 2: Description (with Key Highlights), Specifications, Features and Reviews. */
export function ProductTabs({ product }: { product: Product }) {
  const panels = otherPanels.use();
  const reach = () => startLoad(otherPanels);
  const highlights = readHighlights(product.highlights);
  const panel = 'rounded-2xl border bg-card p-4 shadow-xs sm:p-6';

  return (
    <Tabs defaultValue="description" onValueChange={reach} className="gap-3">
      <div>
        <TabsList className="h-10 w-full sm:w-max" onPointerEnter={reach} onFocus={reach}>
          <TabsTrigger value="description" className="px-2 text-[13px] sm:px-4 sm:text-sm">
            Description
          </TabsTrigger>
          <TabsTrigger value="specifications" className="px-2 text-[13px] sm:px-4 sm:text-sm">
            Specifications
          </TabsTrigger>
          <TabsTrigger value="features" className="px-2 text-[13px] sm:px-4 sm:text-sm">
            Features
          </TabsTrigger>
          <TabsTrigger value="reviews" className="px-2 text-[13px] sm:px-4 sm:text-sm">
            Reviews
          </TabsTrigger>
        </TabsList>
      </div>

      <TabsContent value="description" className={panel}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:gap-10">
          <div>
            <h3 className="mb-2 text-base font-semibold">About this product</h3>
            <p className="leading-relaxed whitespace-pre-line text-muted-foreground">
              {product.description || 'The store has not given a description for this product.'}
            </p>
          </div>
          {highlights.length > 0 && (
            <div className="rounded-xl bg-muted/50 p-4 sm:p-5">
              <h3 className="mb-3 flex items-center gap-2 text-base font-semibold">
                <Sparkles className="size-4 text-primary" aria-hidden /> Key Highlights
              </h3>
              <ul className="space-y-2.5">
                {highlights.map((line, index) => (
                  <li key={`${line}-${index}`} className="flex gap-2.5 text-sm">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    <span>{line}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </TabsContent>

      <TabsContent value="specifications" className={panel}>
        {panels ? <panels.SpecificationsPanel product={product} /> : <PanelLoading />}
      </TabsContent>

      <TabsContent value="features" className={panel}>
        {panels ? <panels.FeaturesPanel product={product} /> : <PanelLoading />}
      </TabsContent>

      <TabsContent value="reviews" className={panel}>
        {panels ? <panels.ReviewsPanel product={product} /> : <PanelLoading />}
      </TabsContent>
    </Tabs>
  );
}

/** While a panel's code is on its way (a choice made before it loaded): announced, and as tall as a short panel. */
function PanelLoading() {
  return (
    <div role="status" aria-label="Loading" aria-busy="true" className="flex flex-col gap-3">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}
