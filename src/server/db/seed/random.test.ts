import { describe, expect, it } from 'vitest';
import { createRng, hashString } from '@/server/db/seed/random';
import { buildPriceHistory, roundMrpUp, roundPrice } from '@/server/db/seed/pricing';

describe('createRng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng('seed');
    const b = createRng('seed');
    const c = createRng('other');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
  });

  it('keeps ints within bounds and samples without repeats', () => {
    const rng = createRng(42);
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(2, 4);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    const sample = rng.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
  });

  it('hashes strings stably (FNV-1a)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
  });
});

describe('pricing', () => {
  it('rounds to charm prices or whole rupees', () => {
    expect(roundPrice(1312, 'charm')).toBe(1309);
    expect(roundPrice(12950, 'charm')).toBe(12999);
    expect(roundPrice(512, 'charm')).toBe(509);
    expect(roundPrice(3472, 'charm')).toBe(3449);
    expect(roundPrice(24870, 'charm')).toBe(24999);
    expect(roundPrice(12487.4, 'exact')).toBe(12487);
    expect(roundMrpUp(2870)).toBe(2899);
    expect(roundMrpUp(2899)).toBe(2899);
  });

  it('builds a history that ends at the current price and never exceeds the ceiling', () => {
    const now = new Date('2026-11-01T00:00:00Z');
    for (let seed = 0; seed < 200; seed++) {
      const history = buildPriceHistory(createRng(seed), { current: 24999, ceiling: 29999, now, style: 'charm' });
      expect(history[0]?.at.toISOString()).toBe('2026-08-03T00:00:00.000Z');
      expect(history[history.length - 1]?.price).toBe('24999.00');
      for (const point of history) expect(Number(point.price)).toBeLessThanOrEqual(29999);
    }
  });
});
