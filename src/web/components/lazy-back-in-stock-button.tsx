import { BellPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BackInStockButtonProps } from '@/web/components/back-in-stock-button';
import { Button } from '@/web/components/ui/button';
import { deferredModule, startLoad } from '@/web/lib/deferred-module';

const backInStockButton = deferredModule(() => import('@/web/components/back-in-stock-button'));

/**
 * The product page's "Notify me when back in stock" (issue 12): only a product no store has in stock shows it, so
 * its code (the alert query and mutation) loads when one is shown, right after hydration, not with every product
 * page. Until then a look-alike with the same markup stands in (the server renders it too); a press on it is
 * acted on by the real button once it is in, and a focused look-alike hands the focus over.
 */
export function LazyBackInStockButton({ product, className, size = 'lg' }: Omit<BackInStockButtonProps, 'pressed' | 'focusOnMount'>) {
  const loaded = backInStockButton.use();
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  const shown = !product.inStock;
  useEffect(() => {
    if (shown) startLoad(backInStockButton);
  }, [shown]);

  if (!shown) return null;
  if (loaded) return <loaded.BackInStockButton product={product} className={className} size={size} pressed={pressed} focusOnMount={focused} />;
  return (
    <Button
      variant="outline"
      size={size}
      className={className}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setPressed(true);
        startLoad(backInStockButton);
      }}
    >
      <BellPlus aria-hidden />
      Notify me when back in stock
    </Button>
  );
}
