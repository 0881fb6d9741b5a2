import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { Spinner } from '@/web/components/ui/spinner';
import { api, queryString } from '@/web/lib/api-client';
import { useCurrency } from '@/web/lib/currency';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { cn } from '@/web/lib/utils';

/** How many matches the picker asks the server for while the shopper types. */
export const PICKER_SEARCH_SIZE = 20;


type ProductPickerProps = {
  id?: string;
  /** The first page of the catalogue, shown before the shopper types. */
  initialProducts: readonly Product[];
  value: Product | null;
  onChange: (product: Product) => void;
  invalid?: boolean;
};

/**
 * The Create New Alert form's product dropdown: name plus current price. It lists the page of products the
 * screen already loaded and searches the whole catalogue on the server (GET /products?q=) as the shopper
 * types, so the catalogue is never shipped whole.
 */
export function ProductPicker({ id, initialProducts, value, onChange, invalid }: ProductPickerProps) {
  const { format } = useCurrency();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const q = useDebouncedValue(text.trim(), 250);

  const search = useQuery({
    queryKey: ['products', 'alert-picker', q],
    queryFn: ({ signal }) => api<ProductPage>(`/products${queryString({ q, pageSize: PICKER_SEARCH_SIZE })}`, { signal }),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const options: readonly Product[] = q.length > 0 ? (search.data?.items ?? []) : initialProducts;
  const searching = q.length > 0 && (search.isFetching || text.trim() !== q);

  useEffect(() => setActiveIndex(0), [q]);
  useEffect(() => {
    if (!open) setText('');
  }, [open]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const choose = (product: Product) => {
    onChange(product);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((index) => Math.min(options.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const product = options[activeIndex];
      if (product) choose(product);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-invalid={invalid ? true : undefined}
          className={cn(
            'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
            !value && 'text-muted-foreground',
          )}
        >
          {value ? (
            <span className="flex min-w-0 items-center gap-2">
              <span className="truncate">{value.name}</span>
              <span className="shrink-0 font-medium text-foreground">{format(value.currentPrice)}</span>
            </span>
          ) : (
            <span className="truncate">Select a product</span>
          )}
          <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-[min(20rem,calc(100vw-2rem))] rounded-lg border bg-popover text-popover-foreground shadow-lg outline-none data-[state=open]:animate-in"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector('input')?.focus();
          }}
        >
          <div className="relative border-b p-2">
            <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <input
              type="search"
              aria-label="Search products by name"
              aria-controls={listId}
              aria-activedescendant={options[activeIndex] ? `${listId}-${options[activeIndex].id}` : undefined}
              placeholder="Search by product name…"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              className="h-9 w-full rounded-md bg-muted/60 pr-8 pl-8 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring/40"
            />
            {searching && <Spinner size="sm" className="absolute top-1/2 right-4 -translate-y-1/2" label="Searching" />}
          </div>
          <div ref={listRef} id={listId} role="listbox" aria-label="Products" className="max-h-72 overflow-y-auto p-1">
            {options.length === 0 && !searching && (
              <p className="px-3 py-6 text-center text-sm text-muted-foreground">No products found</p>
            )}
            {options.map((product, index) => {
              const selected = value?.id === product.id;
              return (
                <div
                  key={product.id}
                  id={`${listId}-${product.id}`}
                  data-index={index}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  onClick={() => choose(product)}
                  onMouseMove={() => setActiveIndex(index)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm',
                    index === activeIndex && 'bg-accent text-accent-foreground',
                  )}
                >
                  <img src={product.image} alt="" loading="lazy" className="size-9 shrink-0 rounded border bg-card object-contain p-0.5" />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-1">{product.name}</span>
                    <span className="block text-xs text-muted-foreground">{product.store}</span>
                  </span>
                  <span className="shrink-0 font-semibold">{format(product.currentPrice)}</span>
                  <Check className={cn('size-4 shrink-0 text-primary', !selected && 'invisible')} aria-hidden />
                </div>
              );
            })}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
