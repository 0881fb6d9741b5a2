import { describe, expect, it } from 'vitest';
import {
  filterWishlist,
  sortWishlist,
  WISHLIST_CATEGORIES,
  WISHLIST_SORTS,
  type WishlistSort,
  wishlistTotals,
} from '@/shared/wishlist-rules';

const item = (id: number, name: string, currentPrice: number, originalPrice: number, rating: number, discount: number, category = 'electronics') => ({
  id,
  name,
  currentPrice,
  originalPrice,
  rating,
  discount,
  category,
});

// Server order: the order items were added.
const items = [
  item(1, 'phone 10', 20000, 25000, 4.2, 20),
  item(2, 'Kurta', 999, 1999, 4.5, 50, 'ladies-apparels'),
  item(3, 'phone 9', 15000, 15000, 4.5, 0),
  item(4, 'apple watch', 999, 1200, 3.9, 17),
  item(5, 'Saree', 2500, 2000, 4.0, 0, 'apparels'),
];
const ids = (list: readonly { id: number }[]) => list.map((i) => i.id);

describe('WISHLIST_SORTS / WISHLIST_CATEGORIES', () => {
  it('has the SPEC options in order', () => {
    expect(WISHLIST_SORTS.map((s) => s.label)).toEqual([
      'Date Added',
      'Name A-Z',
      'Price: Low to High',
      'Price: High to Low',
      'Rating',
      'Discount %',
    ]);
    expect(WISHLIST_CATEGORIES.map((c) => c.label)).toEqual(['All Categories', 'electronics', 'ladies-apparels']);
  });
});

describe('sortWishlist', () => {
  const cases: [WishlistSort, number[]][] = [
    ['date', [1, 2, 3, 4, 5]],
    ['name', [4, 2, 3, 1, 5]], // case-insensitive, "phone 9" before "phone 10"
    ['price-low', [2, 4, 5, 3, 1]], // 999 tie keeps server order
    ['price-high', [1, 3, 5, 2, 4]],
    ['rating', [2, 3, 1, 5, 4]], // 4.5 tie keeps server order
    ['discount', [2, 1, 4, 3, 5]], // 0 tie keeps server order
  ];
  it.each(cases)('sorts by %s', (sort, expected) => {
    expect(ids(sortWishlist(items, sort))).toEqual(expected);
  });

  it('returns a copy and leaves the input alone', () => {
    const sorted = sortWishlist(items, 'date');
    expect(sorted).not.toBe(items);
    sortWishlist(items, 'price-high');
    expect(ids(items)).toEqual([1, 2, 3, 4, 5]);
  });

  it('handles an empty list', () => {
    expect(sortWishlist([], 'rating')).toEqual([]);
  });
});

describe('filterWishlist', () => {
  it('keeps everything for all', () => {
    expect(ids(filterWishlist(items, 'all'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps one category, treating apparels as ladies-apparels', () => {
    expect(ids(filterWishlist(items, 'electronics'))).toEqual([1, 3, 4]);
    expect(ids(filterWishlist(items, 'ladies-apparels'))).toEqual([2, 5]);
  });
});

describe('wishlistTotals', () => {
  it('sums current prices and positive savings only', () => {
    expect(wishlistTotals(items)).toEqual({
      totalItems: 5,
      totalValue: 20000 + 999 + 15000 + 999 + 2500,
      totalSavings: 5000 + 1000 + 0 + 201 + 0,
    });
  });

  it('is exact to the paisa', () => {
    expect(
      wishlistTotals([
        { currentPrice: 0.1, originalPrice: 0.3 },
        { currentPrice: 0.2, originalPrice: 0.2 },
      ]),
    ).toEqual({ totalItems: 2, totalValue: 0.3, totalSavings: 0.2 });
  });

  it('is zero for an empty list', () => {
    expect(wishlistTotals([])).toEqual({ totalItems: 0, totalValue: 0, totalSavings: 0 });
  });
});
