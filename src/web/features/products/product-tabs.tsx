import { CheckCircle2, Sparkles } from 'lucide-react';
import type { Product } from '@/shared/contracts/product';
import { readFeatures, readHighlights, readSpecifications } from '@/shared/specifications';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { ReviewsPanel } from './reviews-panel';

/** SPEC point 2: Description (with Key Highlights), Specifications, Features and Reviews. */
export function ProductTabs({ product }: { product: Product }) {
  const highlights = readHighlights(product.highlights);
  const specifications = readSpecifications(product.specifications);
  const features = readFeatures(product.features);
  const panel = 'rounded-2xl border bg-card p-4 shadow-xs sm:p-6';

  return (
    <Tabs defaultValue="description" className="gap-3">
      <div>
        <TabsList className="h-10 w-full sm:w-max">
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
        {specifications.length === 0 ? (
          <p className="text-sm text-muted-foreground">No specifications available for this product.</p>
        ) : (
          <dl className="divide-y overflow-hidden rounded-xl border">
            {specifications.map((entry, index) => (
              <div key={`${entry.label}-${index}`} className="grid gap-1 px-4 py-3 odd:bg-muted/40 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)] sm:gap-6">
                <dt className="text-sm font-medium text-muted-foreground">{entry.label}</dt>
                <dd className="text-sm break-words">{entry.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </TabsContent>

      <TabsContent value="features" className={panel}>
        {features.length === 0 ? (
          <p className="text-sm text-muted-foreground">No features listed for this product.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {features.map((feature, index) => {
              const [title, ...rest] = feature.split(': ');
              const text = rest.join(': ');
              return (
                <li key={`${feature}-${index}`} className="flex gap-3 rounded-xl border bg-muted/30 p-4">
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                  <span className="text-sm">
                    {text ? (
                      <>
                        <span className="font-semibold">{title}</span>
                        <span className="block text-muted-foreground">{text}</span>
                      </>
                    ) : (
                      feature
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </TabsContent>

      <TabsContent value="reviews" className={panel}>
        <ReviewsPanel product={product} />
      </TabsContent>
    </Tabs>
  );
}
