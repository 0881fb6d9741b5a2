import { describe, expect, it } from 'vitest';
import type { Offer } from '@/shared/contracts/product';
import { featuredProducts } from '@/web/features/home/get-featured';
import { priceTicks } from '@/web/features/products/price-history-chart';
import { chartPoints } from '@/web/features/products/price-history';
import { parseProductId } from '@/web/features/products/product-page';
import { deliveryText, sortOffers } from '@/web/features/products/store-offers';
import { pageWindow } from './pagination';

describe('pageWindow', () => {
  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('parseProductId', () => {
  it('accepts positive whole numbers the API accepts', () => {
    expect(parseProductId('42')).toBe(42);
    for (const raw of [undefined, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999']) expect(parseProductId(raw)).toBeNull();
  });
});

const offer = (id: number, currentPrice: number, inStock = true): Offer => ({
  id,
  store: `Store ${id}`,
  storeSlug: `store-${id}`,
  currentPrice,
  originalPrice: currentPrice,
  discount: 0,
  inStock,
  stockQuantity: inStock ? 3 : 0,
  affiliateUrl: null,
  freeShipping: true,
  shippingCost: 0,
  updatedAt: new Date(0).toISOString(),
});

describe('store offers', () => {
  it('puts the cheapest first, in stock before out of stock at the same price', () => {
    expect(sortOffers([offer(1, 500), offer(2, 300, false), offer(3, 300), offer(4, 900)]).map((o) => o.id)).toEqual([3, 2, 1, 4]);
  });

  it('reads delivery as FREE, a cost or NA', () => {
    const format = (n: number) => `₹${n}`;
    expect(deliveryText({ freeShipping: true, shippingCost: null }, format)).toBe('FREE');
    expect(deliveryText({ freeShipping: false, shippingCost: 49 }, format)).toBe('₹49');
    expect(deliveryText({ freeShipping: false, shippingCost: 0 }, format)).toBe('FREE');
    expect(deliveryText({ freeShipping: false, shippingCost: null }, format)).toBe('NA');
  });
});

describe('price history chart', () => {
  it('orders the points and extends the line to now at the current price', () => {
    const now = Date.parse('2026-01-10T00:00:00Z');
    const points = chartPoints(
      [
        { price: 90, date: '2026-01-05T00:00:00Z' },
        { price: 100, date: '2026-01-01T00:00:00Z' },
        { price: 80, date: '2026-02-01T00:00:00Z' },
      ],
      95,
      now,
    );
    expect(points).toEqual([
      { time: Date.parse('2026-01-01T00:00:00Z'), price: 100 },
      { time: Date.parse('2026-01-05T00:00:00Z'), price: 90 },
      { time: now, price: 95 },
    ]);
    expect(chartPoints([], 95, now)).toEqual([]);
  });

  it('puts round ticks around the prices', () => {
    expect(priceTicks(67499, 72999)).toEqual([66000, 68000, 70000, 72000, 74000]);
    const flat = priceTicks(92999, 92999);
    expect(flat[0]).toBeLessThan(92999);
    expect(flat.at(-1)).toBeGreaterThan(92999);
  });
});

describe('featuredProducts', () => {
  it('takes the first 6 products not already trending, then trending ones', () => {
    const p = (id: number) => ({ id }) as never;
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(p);
    expect(featuredProducts(all, [1, 2, 3, 4].map(p)).map((x: { id: number }) => x.id)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(featuredProducts([1, 2, 3].map(p), [1].map(p)).map((x: { id: number }) => x.id)).toEqual([2, 3, 1]);
  });
});
