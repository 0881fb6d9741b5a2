/**
 * Wishlist page rules (SPEC 2 Wishlist, SPEC 4): category filter, sort and summary totals.
 * Filter first, then sort; 'date' keeps the server's order.
 */
import { fromPaise, toPaise } from '@/shared/money';

export const WISHLIST_SORTS = [
  { value: 'date', label: 'Date Added' },
  { value: 'name', label: 'Name A-Z' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Rating' },
  { value: 'discount', label: 'Discount %' },
] as const;
export type WishlistSort = (typeof WISHLIST_SORTS)[number]['value'];
export const WISHLIST_SORT_VALUES = WISHLIST_SORTS.map((s) => s.value) as [WishlistSort, ...WishlistSort[]];

/** Labels as SPEC lists them: the raw slugs after "All Categories". */
export const WISHLIST_CATEGORIES = [
  { value: 'all', label: 'All Categories' },
  { value: 'electronics', label: 'electronics' },
  { value: 'ladies-apparels', label: 'ladies-apparels' },
] as const;
export type WishlistCategory = (typeof WISHLIST_CATEGORIES)[number]['value'];

export type WishlistItemLike = {
  name: string;
  currentPrice: number;
  originalPrice: number;
  rating: number;
  discount: number;
  category: string;
};

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Returns a sorted copy. Ties keep the given order (Array.prototype.sort is stable), so
 * 'date' returns the list exactly as the server sent it. Rating and discount sort
 * highest first; names sort case-insensitively with numbers in natural order.
 */
export function sortWishlist<T extends WishlistItemLike>(items: readonly T[], sort: WishlistSort): T[] {
  const copy = [...items];
  switch (sort) {
    case 'date':
      return copy;
    case 'name':
      return copy.sort((a, b) => nameCollator.compare(a.name, b.name));
    case 'price-low':
      return copy.sort((a, b) => a.currentPrice - b.currentPrice);
    case 'price-high':
      return copy.sort((a, b) => b.currentPrice - a.currentPrice);
    case 'rating':
      return copy.sort((a, b) => b.rating - a.rating);
    case 'discount':
      return copy.sort((a, b) => b.discount - a.discount);
  }
}

/** Keeps items of the chosen top-level category; `apparels` counts as `ladies-apparels` (DECISIONS 7). */
export function filterWishlist<T extends Pick<WishlistItemLike, 'category'>>(
  items: readonly T[],
  category: WishlistCategory,
): T[] {
  if (category === 'all') return [...items];
  return items.filter((item) => canonicalCategory(item.category) === category);
}

export type WishlistTotals = { totalItems: number; totalValue: number; totalSavings: number };

/** Summary cards: count, sum of current prices, sum of positive (original - current); exact to the paisa. */
export function wishlistTotals(
  items: readonly Pick<WishlistItemLike, 'currentPrice' | 'originalPrice'>[],
): WishlistTotals {
  let value = 0;
  let savings = 0;
  for (const item of items) {
    const current = toPaise(item.currentPrice);
    value += current;
    savings += Math.max(0, toPaise(item.originalPrice) - current);
  }
  return { totalItems: items.length, totalValue: fromPaise(value), totalSavings: fromPaise(savings) };
}

function canonicalCategory(category: string): string {
  return category === 'apparels' ? 'ladies-apparels' : category;
}
