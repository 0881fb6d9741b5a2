import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PRICE_RANGE_VALUES, type PriceRangeValue, SORT_VALUES, type SortValue } from '@/shared/catalog';
import type { FacetGroup } from '@/shared/contracts/product';
import { DISCOUNT_OPTIONS, RATING_OPTIONS } from '@/shared/facet-config';

/**
 * Facet selections (issue 15), as the URL holds them: `f=ram.8-gb,storage.128-gb` (attribute facets),
 * `brand=Redmi,Realme`, `store=amazon-in`, `inStock=true`, `minDiscount=20`, `rating=4`.
 */
export type FacetState = {
  /** Sorted `name.key` tokens. */
  attrs: string[];
  stores: string[];
  inStock: boolean;
  minDiscount: number | null;
  rating: number | null;
};

export type ListingParams = { price: PriceRangeValue; sort: SortValue; page: number; brand: string | null; facets: FacetState };

const NO_FACETS: FacetState = { attrs: [], stores: [], inStock: false, minDiscount: null, rating: null };
const DEFAULTS: ListingParams = { price: 'all', sort: 'relevance', page: 1, brand: null, facets: NO_FACETS };

const TOKEN = /^[a-z0-9-]+\.[a-z0-9.-]+$/;
const SLUG = /^[a-z0-9-]+$/;

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

const list = (raw: string | null, valid: RegExp) =>
  [...new Set((raw ?? '').split(',').map((part) => part.trim()).filter((part) => valid.test(part)))].sort();

function parseFacets(params: URLSearchParams): FacetState {
  const discount = Number(params.get('minDiscount'));
  const rating = Number(params.get('rating'));
  return {
    attrs: list(params.get('f'), TOKEN),
    stores: list(params.get('store'), SLUG),
    inStock: params.get('inStock') === 'true',
    minDiscount: (DISCOUNT_OPTIONS as readonly number[]).includes(discount) ? discount : null,
    rating: (RATING_OPTIONS as readonly number[]).includes(rating) ? rating : null,
  };
}

/** The facet selections as API query parameters (undefined when unset, so URLs and cache keys stay short). */
export function facetQuery(facets: FacetState) {
  return {
    f: facets.attrs.length ? facets.attrs.join(',') : undefined,
    store: facets.stores.length ? facets.stores.join(',') : undefined,
    inStock: facets.inStock ? 'true' : undefined,
    minDiscount: facets.minDiscount === null ? undefined : String(facets.minDiscount),
    rating: facets.rating === null ? undefined : String(facets.rating),
  };
}

/** Writes the listing controls into search params, leaving defaults out so URLs stay short. */
function write(params: URLSearchParams, values: ListingParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null | undefined, fallback: string | null) => {
    if (value === null || value === undefined || value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('price', values.price, DEFAULTS.price);
  set('sort', values.sort, DEFAULTS.sort);
  set('page', String(values.page), String(DEFAULTS.page));
  set('brand', values.brand, null);
  const facets = facetQuery(values.facets);
  for (const [key, value] of Object.entries(facets)) set(key, value, null);
  return next;
}

const toggled = (items: readonly string[], item: string) =>
  (items.includes(item) ? items.filter((i) => i !== item) : [...items, item]).sort();

/** The listing controls a URL asks for (the server renders a listing from the same reading). */
export function parseListingParams(params: URLSearchParams): ListingParams {
  const brand = params.get('brand')?.trim();
  return {
    price: parsePrice(params.get('price')),
    sort: parseSort(params.get('sort')),
    page: parsePage(params.get('page')),
    brand: brand ? brand.slice(0, 500) : null,
    facets: parseFacets(params),
  };
}

/**
 * The listing controls live in the URL (`?price=&sort=&page=&brand=` and the facets), so a listing is shareable,
 * survives a reload and the back button restores it (DECISIONS 9, issue 15). Other params (the search page's `q`)
 * are kept. A new filter or sort goes to page 1.
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const values = useMemo<ListingParams>(() => parseListingParams(params), [params]);

  const update = useCallback(
    (patch: Partial<ListingParams>) => {
      const resetsPage = patch.price !== undefined || patch.sort !== undefined || patch.brand !== undefined || patch.facets !== undefined;
      const next = { ...values, ...patch, page: patch.page ?? (resetsPage ? 1 : values.page) };
      // A filter or sort keeps the shopper where they are; page links scroll to the top as navigation does.
      setParams(write(params, next), { preventScrollReset: patch.page === undefined });
    },
    [params, setParams, values],
  );

  /** Ticks or unticks one option of a facet group (OR within a group; discount and rating are one choice). */
  const toggle = useCallback(
    (group: Pick<FacetGroup, 'name' | 'kind'>, key: string) => {
      const facets = values.facets;
      switch (group.kind) {
        case 'attr':
          return update({ facets: { ...facets, attrs: toggled(facets.attrs, `${group.name}.${key}`) } });
        case 'brand': {
          const brands = values.brand ? values.brand.split(',').map((b) => b.trim()).filter(Boolean) : [];
          const has = brands.some((b) => b.toLowerCase() === key.toLowerCase());
          const next = has ? brands.filter((b) => b.toLowerCase() !== key.toLowerCase()) : [...brands, key];
          return update({ brand: next.length ? next.join(',') : null });
        }
        case 'store':
          return update({ facets: { ...facets, stores: toggled(facets.stores, key) } });
        case 'availability':
          return update({ facets: { ...facets, inStock: !facets.inStock } });
        case 'discount':
          return update({ facets: { ...facets, minDiscount: facets.minDiscount === Number(key) ? null : Number(key) } });
        case 'rating':
          return update({ facets: { ...facets, rating: facets.rating === Number(key) ? null : Number(key) } });
        case 'price':
          return update({ price: values.price === key ? 'all' : (key as PriceRangeValue) });
      }
    },
    [update, values],
  );

  /** A link target for a page of this listing: the same path and params with another page. */
  const hrefForPage = useCallback(
    (page: number) => {
      const search = write(params, { ...values, page }).toString();
      return { search: search ? `?${search}` : '' };
    },
    [params, values],
  );

  /** Clear Filters (SPEC point 2): price to all, sort to relevance; the brand filter and facets go too. */
  const clear = useCallback(() => setParams(write(params, DEFAULTS), { preventScrollReset: true }), [params, setParams]);

  const { facets } = values;
  const facetCount = facets.attrs.length + facets.stores.length + (facets.inStock ? 1 : 0) + (facets.minDiscount === null ? 0 : 1) + (facets.rating === null ? 0 : 1);
  const filtered = values.price !== 'all' || values.brand !== null || facetCount > 0;
  return { ...values, filtered, facetCount, update, toggle, hrefForPage, clear };
}

export type ListingController = ReturnType<typeof useListingParams>;
