import { describe, expect, it } from 'vitest';
import {
  acceptInOrder,
  bestPriceId,
  canAddToComparison,
  canSaveComparison,
  comparisonName,
  formatComparisonIds,
  highestRatedId,
  parseComparisonIds,
} from '@/shared/comparison-rules';

const phone = (id: number) => ({ id, category: 'electronics' });
const dress = (id: number) => ({ id, category: 'ladies-apparels' });

describe('canAddToComparison', () => {
  it('accepts the first product of any category', () => {
    expect(canAddToComparison([], dress(1))).toEqual({ ok: true });
  });

  it('accepts same-category products up to 3', () => {
    expect(canAddToComparison([phone(1)], phone(2))).toEqual({ ok: true });
    expect(canAddToComparison([phone(1), phone(2)], phone(3))).toEqual({ ok: true });
  });

  it('rejects a duplicate first, even when full or of another category', () => {
    expect(canAddToComparison([phone(1)], phone(1))).toEqual({ ok: false, reason: 'Product already added' });
    expect(canAddToComparison([phone(1), phone(2), phone(3)], phone(3))).toEqual({
      ok: false,
      reason: 'Product already added',
    });
    expect(canAddToComparison([phone(1)], dress(1))).toEqual({ ok: false, reason: 'Product already added' });
  });

  it('rejects a 4th product before checking its category', () => {
    expect(canAddToComparison([phone(1), phone(2), phone(3)], phone(4))).toEqual({
      ok: false,
      reason: 'Maximum 3 products allowed',
    });
    expect(canAddToComparison([phone(1), phone(2), phone(3)], dress(4))).toEqual({
      ok: false,
      reason: 'Maximum 3 products allowed',
    });
  });

  it("rejects a category different from the first product's", () => {
    expect(canAddToComparison([phone(1)], dress(2))).toEqual({
      ok: false,
      reason: 'Only products of the same category can be compared',
    });
  });
});

describe('acceptInOrder', () => {
  it('keeps, in order, each product the rules accept after those before it, and names the first refusal', () => {
    expect(acceptInOrder([phone(1), phone(2)])).toEqual({ products: [phone(1), phone(2)], rejection: null });
    expect(acceptInOrder([phone(1), dress(2), phone(3)])).toEqual({
      products: [phone(1), phone(3)],
      rejection: 'Only products of the same category can be compared',
    });
    expect(acceptInOrder([dress(1), dress(2), dress(3), dress(4), phone(5)])).toEqual({
      products: [dress(1), dress(2), dress(3)],
      rejection: 'Maximum 3 products allowed',
    });
    expect(acceptInOrder([])).toEqual({ products: [], rejection: null });
  });
});

describe('canSaveComparison', () => {
  it('needs login, then 2 products', () => {
    expect(canSaveComparison(false, 3)).toEqual({ ok: false, reason: 'Please log in to save comparisons.' });
    expect(canSaveComparison(true, 1)).toEqual({ ok: false, reason: 'Add at least 2 products to save a comparison.' });
    expect(canSaveComparison(true, 0)).toEqual({ ok: false, reason: 'Add at least 2 products to save a comparison.' });
    expect(canSaveComparison(true, 2)).toEqual({ ok: true });
  });
});

describe('comparisonName', () => {
  it('uses the raw category', () => {
    expect(comparisonName('electronics')).toBe('electronics Comparison');
    expect(comparisonName('ladies-apparels')).toBe('ladies-apparels Comparison');
  });
});

describe('badges', () => {
  it('finds the lowest price, first on a tie', () => {
    const products = [
      { id: 1, currentPrice: 500 },
      { id: 2, currentPrice: 300 },
      { id: 3, currentPrice: 300 },
    ];
    expect(bestPriceId(products)).toBe(2);
    expect(bestPriceId([])).toBeNull();
    expect(bestPriceId([{ id: 9, currentPrice: 0 }])).toBe(9);
  });

  it('finds the highest rating, first on a tie', () => {
    const products = [
      { id: 1, rating: 4.5 },
      { id: 2, rating: 4.8 },
      { id: 3, rating: 4.8 },
    ];
    expect(highestRatedId(products)).toBe(2);
    expect(highestRatedId([])).toBeNull();
    expect(highestRatedId([{ id: 4, rating: 0 }])).toBe(4);
  });
});

describe('parseComparisonIds', () => {
  it('reads comma-separated ids', () => {
    expect(parseComparisonIds('1,2,3')).toEqual([1, 2, 3]);
    expect(parseComparisonIds(' 7 , 8 ')).toEqual([7, 8]);
    expect(parseComparisonIds('42')).toEqual([42]);
  });

  it('drops duplicates and junk, keeping order', () => {
    expect(parseComparisonIds('3,3,1,abc,,-2,0,1.5,2')).toEqual([3, 1, 2]);
    expect(parseComparisonIds('99999999999999999999,5')).toEqual([5]);
  });

  it('keeps at most 3', () => {
    expect(parseComparisonIds('1,2,3,4,5')).toEqual([1, 2, 3]);
    expect(parseComparisonIds('1,1,2,2,3,4')).toEqual([1, 2, 3]);
  });

  it('is empty for nothing', () => {
    expect(parseComparisonIds(null)).toEqual([]);
    expect(parseComparisonIds(undefined)).toEqual([]);
    expect(parseComparisonIds('')).toEqual([]);
    expect(parseComparisonIds(',,')).toEqual([]);
  });

  it('round-trips with formatComparisonIds', () => {
    expect(formatComparisonIds([4, 5])).toBe('4,5');
    expect(parseComparisonIds(formatComparisonIds([4, 5, 6]))).toEqual([4, 5, 6]);
  });
});
