/**
 * Which attributes are facets for which category (issue 15): configuration, not code. A category path's facets
 * are those of its most specific configured prefix ("electronics/mobiles" before "electronics"). Adding a facet
 * is adding an entry here; the listing API, its counts and the filter UI follow.
 *
 * - `values`: one option per distinct value, ordered by `order` ('count' most products first, 'num' by
 *   numeric value, 'size' XS…XXL then waist sizes).
 * - `ranges`: options are numeric ranges of the attribute's `num` (lower bound inclusive, upper exclusive).
 */
export type FacetRange = { key: string; label: string; min: number | null; max: number | null };
export type FacetDefinition =
  | { name: string; label: string; type: 'values'; order: 'count' | 'num' | 'size' }
  | { name: string; label: string; type: 'ranges'; ranges: readonly FacetRange[] };

const ram: FacetDefinition = { name: 'ram', label: 'RAM', type: 'values', order: 'num' };
const storage: FacetDefinition = { name: 'storage', label: 'Storage', type: 'values', order: 'num' };
const network: FacetDefinition = { name: 'network', label: 'Network', type: 'values', order: 'num' };
const battery: FacetDefinition = {
  name: 'battery',
  label: 'Battery',
  type: 'ranges',
  ranges: [
    { key: 'under-4000', label: 'Under 4,000 mAh', min: null, max: 4000 },
    { key: '4000-4999', label: '4,000–4,999 mAh', min: 4000, max: 5000 },
    { key: '5000-5999', label: '5,000–5,999 mAh', min: 5000, max: 6000 },
    { key: '6000-plus', label: '6,000 mAh & above', min: 6000, max: null },
  ],
};
const phoneScreen: FacetDefinition = {
  name: 'screen-size',
  label: 'Screen Size',
  type: 'ranges',
  ranges: [
    { key: 'under-6', label: 'Under 6 inch', min: null, max: 6 },
    { key: '6-6.5', label: '6–6.5 inch', min: 6, max: 6.5 },
    { key: '6.5-plus', label: '6.5 inch & above', min: 6.5, max: null },
  ],
};
const bigScreen: FacetDefinition = {
  name: 'screen-size',
  label: 'Screen Size',
  type: 'ranges',
  ranges: [
    { key: 'under-14', label: 'Under 14 inch', min: null, max: 14 },
    { key: '14-16', label: '14–16 inch', min: 14, max: 16 },
    { key: '16-40', label: '16–40 inch', min: 16, max: 40 },
    { key: '40-plus', label: '40 inch & above', min: 40, max: null },
  ],
};
const size: FacetDefinition = { name: 'size', label: 'Size', type: 'values', order: 'size' };
const colour: FacetDefinition = { name: 'colour', label: 'Colour', type: 'values', order: 'count' };
const fabric: FacetDefinition = { name: 'fabric', label: 'Fabric', type: 'values', order: 'count' };
const pattern: FacetDefinition = { name: 'pattern', label: 'Pattern', type: 'values', order: 'count' };
const occasion: FacetDefinition = { name: 'occasion', label: 'Occasion', type: 'values', order: 'count' };

export const FACET_CONFIG: Readonly<Record<string, readonly FacetDefinition[]>> = {
  'electronics/mobiles': [ram, storage, battery, phoneScreen, network],
  'electronics/tablets': [ram, storage, bigScreen, network],
  'electronics/computers-accessories': [ram, storage, bigScreen],
  'electronics/home-theater-tv-video': [bigScreen],
  electronics: [colour],
  'ladies-apparels/western-wear/jeans': [size, colour, fabric, pattern],
  'ladies-apparels/indian-fusion-wear/watches-wearables': [colour, fabric],
  'ladies-apparels': [size, colour, fabric, pattern, occasion],
};

/** The facets of a category path (null parts ignored); none outside a category. */
export function facetsFor(path: { category?: string | null; subcategory?: string | null; subSubcategory?: string | null } | null): readonly FacetDefinition[] {
  if (!path?.category) return [];
  const parts = [path.category, path.subcategory, path.subSubcategory].filter((part): part is string => Boolean(part));
  for (let length = parts.length; length > 0; length--) {
    const facets = FACET_CONFIG[parts.slice(0, length).join('/')];
    if (facets) return facets;
  }
  return [];
}

/** Minimum-discount filter options (percent off the store's own strike-through price). */
export const DISCOUNT_OPTIONS = [10, 20, 30, 40, 50] as const;
/** Minimum-rating filter options. */
export const RATING_OPTIONS = [4, 3] as const;

/** Letter sizes first in the order shoppers read them, then numeric (waist) sizes, then the rest. */
const LETTER_ORDER = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];
export function sizeRank(valueKey: string): number {
  const letter = LETTER_ORDER.indexOf(valueKey);
  if (letter >= 0) return letter;
  const number = Number(valueKey);
  return Number.isFinite(number) ? 100 + number : 1000;
}
