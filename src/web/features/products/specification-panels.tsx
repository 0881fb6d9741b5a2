import { CheckCircle2 } from 'lucide-react';
import type { Product } from '@/shared/contracts/product';
import { readFeatures, readSpecifications } from '@/shared/specifications';

/** SPEC point 2's Specifications tab: label and value rows. */
export function SpecificationsPanel({ product }: { product: Product }) {
  const specifications = readSpecifications(product.specifications);
  if (specifications.length === 0) return <p className="text-sm text-muted-foreground">No specifications available for this product.</p>;
  return (
    <dl className="divide-y overflow-hidden rounded-xl border">
      {specifications.map((entry, index) => (
        <div key={`${entry.label}-${index}`} className="grid gap-1 px-4 py-3 odd:bg-muted/40 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)] sm:gap-6">
          <dt className="text-sm font-medium text-muted-foreground">{entry.label}</dt>
          <dd className="text-sm break-words">{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** SPEC point 2's Features tab: one card a feature, its title above its text when it has one ("Title: text"). */
export function FeaturesPanel({ product }: { product: Product }) {
  const features = readFeatures(product.features);
  if (features.length === 0) return <p className="text-sm text-muted-foreground">No features listed for this product.</p>;
  return (
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
  );
}
