import { Loader2, Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { friendlyName } from '@/shared/catalog';
import type { SearchSuggestion } from '@/shared/contracts/search';
import { ProductImage } from '@/web/components/product/product-image';
import { Input } from '@/web/components/ui/input';
import { useCurrency } from '@/web/lib/currency';
import { cn } from '@/web/lib/utils';
import { MIN_SUGGEST_LENGTH, useSuggestions } from './get-suggestions';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';

const DEBOUNCE_MS = 200;

type Option = { kind: 'product'; suggestion: SearchSuggestion } | { kind: 'all'; q: string };

/** The name with the typed text in bold where it appears as typed. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const needle = query.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="bg-transparent font-semibold text-foreground">{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

/**
 * The header search box (DECISIONS 11) as an ARIA combobox: suggestions from the server while typing (debounced),
 * ArrowUp/ArrowDown to move, Enter to open the highlighted product (or /search?q=… when none is highlighted),
 * Escape to close the list (and, pressed again, to clear the box).
 */
export function SearchBox({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { format } = useCurrency();
  const baseId = useId();
  const listId = `${baseId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);

  const urlQuery = location.pathname === '/search' ? (params.get('q') ?? '') : null;
  const [text, setText] = useState(urlQuery ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // Opening another search (or the back button) shows its words in the box.
  useEffect(() => {
    if (urlQuery !== null) setText(urlQuery);
  }, [urlQuery]);

  const debounced = useDebouncedValue(text, DEBOUNCE_MS);
  const suggestions = useSuggestions(debounced, open);
  const trimmed = text.trim();
  const ready = trimmed.length >= MIN_SUGGEST_LENGTH;
  const items = ready ? (suggestions.data ?? []) : [];
  const options: Option[] = ready ? [...items.map((suggestion) => ({ kind: 'product' as const, suggestion })), { kind: 'all', q: trimmed }] : [];
  const expanded = open && ready;
  const loading = ready && (suggestions.isFetching || debounced.trim() !== trimmed);
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const finish = (to: string) => {
    close();
    inputRef.current?.blur();
    navigate(to);
    onSubmitted?.();
  };

  const choose = (option: Option) => {
    if (option.kind === 'product') finish(`/product/${option.suggestion.id}`);
    else finish(`/search?q=${encodeURIComponent(option.q)}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded && active >= 0 ? options[active] : undefined;
    if (chosen) return choose(chosen);
    if (!trimmed) return;
    finish(`/search?q=${encodeURIComponent(trimmed)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!ready) return;
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const count = options.length;
      setActive((index) => (event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  const count = items.length;
  const status = !ready
    ? ''
    : loading && !suggestions.data
      ? 'Searching…'
      : count === 0
        ? `No suggestions for ${trimmed}`
        : `${count} ${count === 1 ? 'suggestion' : 'suggestions'} available`;

  return (
    <form role="search" aria-label="Products" onSubmit={submit} className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search products"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search products..."
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {loading && (
        <Loader2 className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden />
      )}
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {expanded ? status : ''}
      </span>
      <ul
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1.5 max-h-[min(75vh,34rem)] min-w-full overflow-y-auto rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-lg"
      >
        {expanded && loading && !suggestions.data && (
          <li role="presentation" className="px-3 py-2 text-sm text-muted-foreground">
            Searching…
          </li>
        )}
        {expanded && !loading && count === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-muted-foreground">
            No products match “{trimmed}”
          </li>
        )}
        {options.map((option, index) => {
          const selected = index === active;
          const common = {
            id: optionId(index),
            role: 'option' as const,
            'aria-selected': selected,
            onMouseDown: (event: MouseEvent) => event.preventDefault(),
            onMouseMove: () => setActive(index),
            onClick: () => choose(option),
          };
          if (option.kind === 'all') {
            return (
              <li
                key="all"
                {...common}
                className={cn(
                  'mt-1 flex cursor-pointer items-center gap-2 rounded-lg border-t px-3 py-2.5 text-sm text-primary',
                  selected && 'bg-accent',
                )}
              >
                <Search className="size-4" aria-hidden />
                <span className="min-w-0 truncate">
                  See all results for “<span className="font-semibold">{option.q}</span>”
                </span>
              </li>
            );
          }
          const s = option.suggestion;
          return (
            <li key={s.id} {...common} className={cn('flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2', selected && 'bg-accent')}>
              <ProductImage src={s.image} alt="" className="size-10 shrink-0 rounded-md border bg-card" imgClassName="p-0.5" />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 text-sm leading-snug text-foreground/90">
                  <Highlighted text={s.name} query={debounced} />
                </span>
                <span className="block truncate text-xs text-muted-foreground">
                  {s.brand} · {friendlyName(s.subcategory ?? s.category)}
                </span>
              </span>
              <span className="shrink-0 text-sm font-semibold tabular-nums">{format(s.currentPrice)}</span>
            </li>
          );
        })}
      </ul>
    </form>
  );
}
