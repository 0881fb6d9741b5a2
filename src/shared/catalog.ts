/**
 * The category taxonomy, price-range filters and sort options: one definition for the
 * server (validation, queries), the web (menus, titles, controls) and the seed.
 */

export const ELECTRONICS_SUBCATEGORIES = [
  'cameras-photography',
  'car-vehicle-electronics',
  'computers-accessories',
  'home-audio',
  'home-theater-tv-video',
  'mobiles',
  'tablets',
  'wearable-technology',
  'headphones-earbuds-accessories',
] as const;

export const INDIAN_FUSION_WEAR = [
  'kurtas-suits',
  'kurtis-tunics-tops',
  'sarees',
  'ethnic-wear',
  'skirts-palazzos',
  'lehenga-cholis',
  'jackets',
  'watches-wearables',
] as const;

export const WESTERN_WEAR = [
  'dresses',
  'tops',
  'tshirts',
  'jeans',
  'shorts-skirts',
  'co-ords',
  'jumpsuits',
  'shrugs',
  'sweaters-sweatshirts',
  'jackets-coats',
  'blazers-waistcoats',
] as const;

export const TOP_CATEGORIES = ['electronics', 'apparels', 'ladies-apparels'] as const;
/** Stored top-level slugs; `apparels` is an alias of `ladies-apparels` (DECISIONS 7). */
export const CANONICAL_TOP_CATEGORIES = ['electronics', 'ladies-apparels'] as const;
export type TopCategory = (typeof CANONICAL_TOP_CATEGORIES)[number];

export const APPAREL_GROUPS = [
  { slug: 'indian-fusion-wear', children: INDIAN_FUSION_WEAR },
  { slug: 'western-wear', children: WESTERN_WEAR },
] as const;

export const SUBCATEGORIES = [...ELECTRONICS_SUBCATEGORIES, 'indian-fusion-wear', 'western-wear'] as const;
export const SUB_SUBCATEGORIES = [...INDIAN_FUSION_WEAR, ...WESTERN_WEAR] as const;

export const FRIENDLY_NAMES: Record<string, string> = {
  electronics: 'Electronics',
  apparels: 'Apparels',
  'ladies-apparels': "Ladies' Apparels",
  'cameras-photography': 'Cameras & Photography',
  'car-vehicle-electronics': 'Car & Vehicle Electronics',
  'computers-accessories': 'Computers & Accessories',
  'home-audio': 'Home Audio',
  'home-theater-tv-video': 'Home Theater, TV & Video',
  mobiles: 'Mobiles',
  tablets: 'Tablets',
  'wearable-technology': 'Wearable Technology',
  'headphones-earbuds-accessories': 'Headphones, Earbuds & Accessories',
  'indian-fusion-wear': 'Indian & Fusion Wear',
  'western-wear': 'Western Wear',
  'kurtas-suits': 'Kurtas & Suits',
  'kurtis-tunics-tops': 'Kurtis, Tunics & Tops',
  sarees: 'Sarees',
  'ethnic-wear': 'Ethnic Wear',
  'skirts-palazzos': 'Skirts & Palazzos',
  'lehenga-cholis': 'Lehenga Cholis',
  jackets: 'Jackets',
  'watches-wearables': 'Watches & Wearables',
  dresses: 'Dresses',
  tops: 'Tops',
  tshirts: 'T-shirts',
  jeans: 'Jeans',
  'shorts-skirts': 'Shorts & Skirts',
  'co-ords': 'Co-ords',
  jumpsuits: 'Jumpsuits',
  shrugs: 'Shrugs',
  'sweaters-sweatshirts': 'Sweaters & Sweatshirts',
  'jackets-coats': 'Jackets & Coats',
  'blazers-waistcoats': 'Blazers & Waistcoats',
};

export function friendlyName(slug: string): string {
  return (
    FRIENDLY_NAMES[slug] ??
    slug
      .split('-')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

export type CategoryPath = {
  category: TopCategory;
  subcategory: string | null;
  subSubcategory: string | null;
};

/**
 * Resolves a listing path (1 to 3 slugs) to the stored category path, or null when the
 * path names no category of the catalogue (the listing answers 404).
 */
export function resolveCategoryPath(slugs: readonly string[]): CategoryPath | null {
  const [top, sub, subSub, ...rest] = slugs;
  if (!top || rest.length > 0) return null;
  const category: TopCategory | null =
    top === 'electronics' ? 'electronics' : top === 'apparels' || top === 'ladies-apparels' ? 'ladies-apparels' : null;
  if (!category) return null;
  if (sub === undefined) return { category, subcategory: null, subSubcategory: null };
  if (category === 'electronics') {
    if (!(ELECTRONICS_SUBCATEGORIES as readonly string[]).includes(sub) || subSub !== undefined) return null;
    return { category, subcategory: sub, subSubcategory: null };
  }
  const group = APPAREL_GROUPS.find((g) => g.slug === sub);
  if (!group) return null;
  if (subSub === undefined) return { category, subcategory: sub, subSubcategory: null };
  if (!(group.children as readonly string[]).includes(subSub)) return null;
  return { category, subcategory: sub, subSubcategory: subSub };
}

/** Price-range filter values of SPEC point 9, with their rupee bounds (DECISIONS 5). */
export const PRICE_RANGES = [
  { value: 'all', label: 'All Prices', min: null, max: null },
  { value: '0-50', label: '₹0-4,150', min: 0, max: 4150 },
  { value: '50-100', label: '₹4,150-8,300', min: 4150, max: 8300 },
  { value: '100-500', label: '₹8,300-41,500', min: 8300, max: 41500 },
  { value: '500-1000', label: '₹41,500-83,000', min: 41500, max: 83000 },
  { value: '1000+', label: '₹83,000+', min: 83000, max: null },
] as const satisfies readonly { value: string; label: string; min: number | null; max: number | null }[];

export type PriceRangeValue = (typeof PRICE_RANGES)[number]['value'];
export const PRICE_RANGE_VALUES = PRICE_RANGES.map((r) => r.value) as [PriceRangeValue, ...PriceRangeValue[]];

/** Lower bound inclusive, upper bound exclusive, so adjacent ranges never overlap. */
export function priceRangeBounds(value: PriceRangeValue): { min: number | null; max: number | null } {
  const range = PRICE_RANGES.find((r) => r.value === value) ?? PRICE_RANGES[0];
  return { min: range.min, max: range.max };
}

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'discount', label: 'Biggest Discount' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];
export const SORT_VALUES = SORT_OPTIONS.map((s) => s.value) as [SortValue, ...SortValue[]];

export const LISTING_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const FEATURED_COUNT = 6;
export const TRENDING_COUNT = 4;
export const MAX_COMPARE = 3;
export const COMPARE_CANDIDATES = 6;
export const LISTING_SKELETONS = 6;
/** Suggestions the header search box lists while typing. */
export const SEARCH_SUGGESTION_LIMIT = 8;
