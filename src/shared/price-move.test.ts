import { describe, expect, it } from 'vitest';
import { istDay, priceMove, sinceLabel, visitReference } from './price-move';

describe('visitReference', () => {
  const now = new Date('2026-11-25T10:00:00Z'); // 15:30 IST
  it('is the last time seen when that was an earlier Indian day, else the stored reference', () => {
    const yesterday = new Date('2026-11-24T12:00:00Z');
    const older = new Date('2026-11-20T12:00:00Z');
    expect(visitReference({ lastSeenAt: yesterday, sinceAt: older }, now)).toEqual(yesterday);
    const thisMorning = new Date('2026-11-25T03:00:00Z');
    expect(visitReference({ lastSeenAt: thisMorning, sinceAt: older }, now)).toEqual(older);
    expect(visitReference({ lastSeenAt: thisMorning, sinceAt: null }, now)).toBeNull();
    expect(visitReference(undefined, now)).toBeNull();
  });
  it('draws the day line at midnight in India, not UTC', () => {
    // 18:20 UTC is 23:50 IST; 18:40 UTC is 00:10 IST the next day.
    expect(istDay(new Date('2026-11-24T18:40:00Z'))).toBe(istDay(new Date('2026-11-24T18:20:00Z')) + 1);
    expect(istDay(new Date('2026-11-24T18:40:00Z'))).toBe(istDay(new Date('2026-11-25T10:00:00Z')));
  });
});

describe('priceMove', () => {
  it('says down or up in whole rupees and nothing when it rounds to nothing', () => {
    expect(priceMove(-2000)).toEqual({ direction: 'down', amount: 2000 });
    expect(priceMove(499.6)).toEqual({ direction: 'up', amount: 500 });
    expect(priceMove(0)).toBeNull();
    expect(priceMove(-0.4)).toBeNull();
  });
});

describe('sinceLabel', () => {
  const now = new Date(2026, 10, 25, 15, 0); // Wednesday 25 Nov 2026, local time
  it('names yesterday, a weekday within the week, then a date (with the year when another)', () => {
    expect(sinceLabel(new Date(2026, 10, 24, 9, 0).toISOString(), now)).toBe('since yesterday');
    expect(sinceLabel(new Date(2026, 10, 24, 23, 59).toISOString(), now)).toBe('since yesterday');
    expect(sinceLabel(new Date(2026, 10, 23, 0, 1).toISOString(), now)).toBe('since Monday');
    expect(sinceLabel(new Date(2026, 10, 19, 9, 0).toISOString(), now)).toBe('since Thursday');
    expect(sinceLabel(new Date(2026, 10, 3, 9, 0).toISOString(), now)).toBe('since 3 Nov');
    expect(sinceLabel(new Date(2025, 10, 3, 9, 0).toISOString(), now)).toBe('since 3 Nov 2025');
    expect(sinceLabel(new Date(2026, 10, 25, 8, 0).toISOString(), now)).toBe('since earlier today');
  });
});
