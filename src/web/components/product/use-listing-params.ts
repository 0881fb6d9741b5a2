import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PRICE_RANGE_VALUES, type PriceRangeValue, SORT_VALUES, type SortValue } from '@/shared/catalog';

export type ListingParams = { price: PriceRangeValue; sort: SortValue; page: number; brand: string | null };

const DEFAULTS: ListingParams = { price: 'all', sort: 'relevance', page: 1, brand: null };

function parsePrice(raw: string | null): PriceRangeValue {
  // "?price=1000+" typed by hand reaches us as "1000 " (a + in a query string is a space).
  const value = raw?.trim() === '1000' ? '1000+' : raw;
  return (PRICE_RANGE_VALUES as readonly string[]).includes(value ?? '') ? (value as PriceRangeValue) : 'all';
}

function parseSort(raw: string | null): SortValue {
  return (SORT_VALUES as readonly string[]).includes(raw ?? '') ? (raw as SortValue) : 'relevance';
}

function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** Writes the listing controls into search params, leaving defaults out so URLs stay short. */
function write(params: URLSearchParams, values: ListingParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null, fallback: string | null) => {
    if (value === null || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('price', values.price, DEFAULTS.price);
  set('sort', values.sort, DEFAULTS.sort);
  set('page', String(values.page), String(DEFAULTS.page));
  set('brand', values.brand, null);
  return next;
}

/**
 * The listing controls live in the URL (`?price=&sort=&page=&brand=`), so a listing is shareable and survives
 * a reload (DECISIONS 9). Other params (the search page's `q`) are kept. A new filter or sort goes to page 1.
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const brandParam = params.get('brand')?.trim();
  const values = useMemo<ListingParams>(
    () => ({
      price: parsePrice(params.get('price')),
      sort: parseSort(params.get('sort')),
      page: parsePage(params.get('page')),
      brand: brandParam ? brandParam.slice(0, 100) : null,
    }),
    [params, brandParam],
  );

  const update = useCallback(
    (patch: Partial<ListingParams>) => {
      const resetsPage = patch.price !== undefined || patch.sort !== undefined || patch.brand !== undefined;
      const next = { ...values, ...patch, page: patch.page ?? (resetsPage ? 1 : values.page) };
      // A filter or sort keeps the shopper where they are; page links scroll to the top as navigation does.
      setParams(write(params, next), { preventScrollReset: patch.page === undefined });
    },
    [params, setParams, values],
  );

  /** A link target for a page of this listing: the same path and params with another page. */
  const hrefForPage = useCallback(
    (page: number) => {
      const search = write(params, { ...values, page }).toString();
      return { search: search ? `?${search}` : '' };
    },
    [params, values],
  );

  /** Clear Filters (SPEC point 2): price to all, sort to relevance; the brand filter goes too. */
  const clear = useCallback(() => setParams(write(params, DEFAULTS), { preventScrollReset: true }), [params, setParams]);

  const filtered = values.price !== 'all' || values.brand !== null;
  return { ...values, filtered, update, hrefForPage, clear };
}

export type ListingController = ReturnType<typeof useListingParams>;
