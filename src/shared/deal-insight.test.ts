import { describe, expect, it } from 'vitest';
import { DAY_MS, dealInsight, lastPriceMove, type PricePoint, priceStats } from '@/shared/deal-insight';

const now = new Date('2025-06-30T12:00:00.000Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY_MS + extraMs);
const point = (days: number, price: number, extraMs = 0): PricePoint => ({ price, date: ago(days, extraMs) });

const insight = (history: PricePoint[], currentPrice: number, originalPrice?: number | null) =>
  dealInsight({ history, currentPrice, originalPrice, now });

describe('dealInsight figures', () => {
  it('uses the current price alone without history', () => {
    expect(insight([], 999)).toEqual({
      lowest: 999,
      highest: 999,
      lowest90: 999,
      median90: 999,
      verdict: 'Fair price',
      fakeSale: false,
    });
  });

  it('takes lowest/highest over all time and lowest90 over the window', () => {
    // 500 was superseded before the window opened; 1000 was in force at its start.
    const result = insight([point(200, 500), point(100, 1000)], 900);
    expect(result.lowest).toBe(500);
    expect(result.highest).toBe(1000);
    expect(result.lowest90).toBe(900);
    expect(result.verdict).toBe('Lowest price in 90 days');
  });

  it('ignores future points, bad dates and bad prices', () => {
    const result = insight(
      [
        point(-1, 1),
        { price: 2, date: 'not a date' },
        point(5, Number.NaN),
        point(5, -3),
        { price: 1200, date: ago(3).toISOString() },
      ],
      1000,
    );
    expect(result.lowest).toBe(1000);
    expect(result.highest).toBe(1200);
  });

  it('sorts unordered history', () => {
    const result = insight([point(1, 200), point(3, 100)], 300);
    // Samples: now 300, 1 day 200, 2 days 100, 3 days 100 → median (100 + 200) / 2.
    expect(result.median90).toBe(150);
  });

  it('takes the mean of the two middle samples, rounded to paise', () => {
    // Samples: now 100.02, 1 day ago 100.01 → 100.015 → 100.02.
    expect(insight([point(1, 100.01)], 100.02).median90).toBe(100.02);
  });

  it('skips days before the first point', () => {
    // 4 samples [50, 100, 100, 200]: the 86 earlier days have no price.
    const result = insight([point(3, 100), point(1, 200)], 50);
    expect(result.median90).toBe(100);
    // Not enough history to claim a 90-day low.
    expect(result.verdict).toBe('Good deal');
  });
});

describe('dealInsight verdict', () => {
  // Samples: 1000 ×59, 900 ×30 (days 31..60) and the current price → median 1000.
  const history = [point(120, 1000), point(60, 900), point(30, 1000)];

  it('is a good deal at exactly 95% of the median', () => {
    expect(insight(history, 950)).toMatchObject({ median90: 1000, verdict: 'Good deal' });
  });

  it('is fair just above 95% and at exactly 105%', () => {
    expect(insight(history, 950.01).verdict).toBe('Fair price');
    expect(insight(history, 1000).verdict).toBe('Fair price');
    expect(insight(history, 1050).verdict).toBe('Fair price');
  });

  it('says wait just above 105%', () => {
    expect(insight(history, 1050.01).verdict).toBe('Wait: price is higher than usual');
  });

  it('is the 90-day low at exactly the window low, not a paisa above', () => {
    const lows = [point(100, 1000), point(50, 800), point(10, 900)];
    expect(insight(lows, 800)).toMatchObject({ lowest90: 800, verdict: 'Lowest price in 90 days' });
    expect(insight(lows, 799).verdict).toBe('Lowest price in 90 days');
    // Samples: 900 ×10, 800 ×40, 1000 ×39, 800.01 → median 900.
    expect(insight(lows, 800.01)).toMatchObject({ median90: 900, verdict: 'Good deal' });
  });

  it('needs history covering the whole window for the 90-day low', () => {
    expect(insight([point(90, 1000)], 900).verdict).toBe('Lowest price in 90 days');
    expect(insight([point(90, 1000, 1)], 900).verdict).toBe('Good deal');
  });

  it('counts the price in force at the window start', () => {
    // 700 was set 91 days ago and held into the window, so 800 is not the low.
    expect(insight([point(91, 700), point(45, 1000)], 800)).toMatchObject({ lowest90: 700 });
    expect(insight([point(91, 700), point(45, 1000)], 800).verdict).not.toBe('Lowest price in 90 days');
  });

  it('does not call a price that never moved the lowest', () => {
    expect(insight([point(200, 1000)], 1000).verdict).toBe('Fair price');
  });
});

describe('dealInsight fakeSale', () => {
  // Base 1000 at 20 days ago (in force 14 days ago), hiked exactly 5%, back to 1000.
  const hiked = [point(20, 1000), point(10, 1050), point(2, 1000)];

  it('flags a hike of exactly 5% followed by a "discount" back to base', () => {
    expect(insight(hiked, 1000, 1500).fakeSale).toBe(true);
    expect(insight(hiked, 1020, 1500).fakeSale).toBe(true);
  });

  it('needs the hike to reach 5%', () => {
    expect(insight([point(20, 1000), point(10, 1049.99), point(2, 1000)], 1000, 1500).fakeSale).toBe(false);
  });

  it('is not fake when the current price is below base', () => {
    expect(insight(hiked, 999.99, 1500).fakeSale).toBe(false);
  });

  it('needs a shown discount', () => {
    expect(insight(hiked, 1000, 1000).fakeSale).toBe(false);
    expect(insight(hiked, 1000).fakeSale).toBe(false);
    expect(insight(hiked, 1000, null).fakeSale).toBe(false);
  });

  it('uses a point exactly 14 days old as base, not as the hike', () => {
    expect(insight([point(14, 1000), point(13, 1050)], 1000, 1500).fakeSale).toBe(true);
    // The 1100 hike is the base itself, so nothing rose after it.
    expect(insight([point(20, 1000), point(14, 1100)], 1100, 1500).fakeSale).toBe(false);
  });

  it('needs a base price 14 days ago', () => {
    expect(insight([point(13, 1000), point(10, 1200), point(1, 1000)], 1000, 1500).fakeSale).toBe(false);
  });
});

describe('priceStats', () => {
  it('gives lowest, highest and the plain average in paise', () => {
    expect(priceStats([point(3, 100), point(2, 200), point(1, 100.01)])).toEqual({
      lowest: 100,
      highest: 200,
      average: 133.34, // 40001 paise / 3 = 13333.67
    });
  });

  it('is null without valid points', () => {
    expect(priceStats([])).toBeNull();
    expect(priceStats([point(1, Number.NaN)])).toBeNull();
  });

  it('handles long histories', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({ price: (i % 100) + 1, date: ago(1) }));
    expect(priceStats(many)).toEqual({ lowest: 1, highest: 100, average: 50.5 });
  });
});

describe('lastPriceMove', () => {
  it('compares the last two points', () => {
    expect(lastPriceMove([point(3, 100), point(2, 120), point(1, 99.5)])).toEqual({ direction: 'down', amount: 20.5 });
    expect(lastPriceMove([point(2, 0.1), point(1, 0.3)])).toEqual({ direction: 'up', amount: 0.2 });
    expect(lastPriceMove([point(2, 50), point(1, 50)])).toEqual({ direction: 'none', amount: 0 });
  });

  it('is none with fewer than two points', () => {
    expect(lastPriceMove([])).toEqual({ direction: 'none', amount: 0 });
    expect(lastPriceMove([point(1, 50)])).toEqual({ direction: 'none', amount: 0 });
  });
});
