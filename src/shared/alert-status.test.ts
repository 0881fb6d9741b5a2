import { describe, expect, it } from 'vitest';
import { ALERT_STATUS_TEXT, alertProgress, alertStatus, alertTotals, potentialSavings } from '@/shared/alert-status';

describe('alertStatus', () => {
  it('is triggered at or below the target', () => {
    expect(alertStatus(1000, 1000)).toBe('triggered');
    expect(alertStatus(999.99, 1000)).toBe('triggered');
    expect(alertStatus(0, 1000)).toBe('triggered');
    expect(alertStatus(0, 0)).toBe('triggered');
  });

  it('is close just above the target up to exactly 110%', () => {
    expect(alertStatus(1000.01, 1000)).toBe('close');
    expect(alertStatus(1100, 1000)).toBe('close');
    // 110% of 99.99 is 109.989: 109.98 is close, 109.99 is not.
    expect(alertStatus(109.98, 99.99)).toBe('close');
    expect(alertStatus(109.99, 99.99)).toBe('waiting');
    // Float trap: 0.1 * 1.1 = 0.11000000000000001, still exactly 110%.
    expect(alertStatus(0.11, 0.1)).toBe('close');
    expect(alertStatus(1.1, 1)).toBe('close');
  });

  it('treats exactly 100% of target as triggered, paise included', () => {
    expect(alertStatus(24_999.99, 24_999.99)).toBe('triggered');
    expect(alertStatus(0.1 + 0.2, 0.3)).toBe('triggered'); // 0.30000000000000004 is 30 paise
    expect(alertStatus(25_000, 24_999.99)).toBe('close');
  });

  it('is close at exactly 110% of a paise target and waiting one paisa above', () => {
    // 110% of 1,234.50 is 1,357.95 exactly.
    expect(alertStatus(1357.95, 1234.5)).toBe('close');
    expect(alertStatus(1357.96, 1234.5)).toBe('waiting');
  });

  it('is waiting above 110%', () => {
    expect(alertStatus(1100.01, 1000)).toBe('waiting');
    expect(alertStatus(5000, 1000)).toBe('waiting');
    expect(alertStatus(0.01, 0)).toBe('waiting');
  });

  it('has the SPEC texts', () => {
    expect(ALERT_STATUS_TEXT.triggered).toEqual({
      message: 'Target reached!',
      badges: ['Target Reached!', 'Alert Triggered!'],
    });
    expect(ALERT_STATUS_TEXT.close).toEqual({ message: 'Close to target', badges: ['Close to Target', 'High Priority'] });
    expect(ALERT_STATUS_TEXT.waiting).toEqual({ message: 'Monitoring...', badges: ['Monitoring'] });
  });
});

describe('alertProgress', () => {
  it('is (current - target) / (50% of current) as a percent', () => {
    expect(alertProgress(1000, 900)).toBe(20);
    expect(alertProgress(1000, 750)).toBe(50);
  });

  it('clamps to 0..100', () => {
    expect(alertProgress(1000, 500)).toBe(100); // exactly the scale
    expect(alertProgress(1000, 100)).toBe(100);
    expect(alertProgress(1000, 1000)).toBe(0);
    expect(alertProgress(900, 1000)).toBe(0);
  });

  it('is exact (not rounded) between the bounds, e.g. at the 110% close threshold', () => {
    // (1100 - 1000) / 550 * 100 = 18.1818…
    expect(alertProgress(1100, 1000)).toBeCloseTo(18.1818, 4);
    expect(alertProgress(1000.01, 1000)).toBeCloseTo(0.002, 6);
    expect(alertProgress(1000.01, 1000)).toBeGreaterThan(0);
  });

  it('is 0 exactly at the target and below it', () => {
    expect(alertProgress(24_999.99, 24_999.99)).toBe(0);
    expect(alertProgress(0.1 + 0.2, 0.3)).toBe(0);
    expect(alertProgress(500, 1000)).toBe(0);
  });

  it('is 100 for a zero target or one at half the price or less', () => {
    expect(alertProgress(1000, 0)).toBe(100);
    expect(alertProgress(1000, 500.01)).toBeCloseTo(99.998, 6);
    expect(alertProgress(1000, 499.99)).toBe(100);
  });

  it('is 0 for a zero or bad current price', () => {
    expect(alertProgress(0, 0)).toBe(0);
    expect(alertProgress(0, 100)).toBe(0);
    expect(alertProgress(-5, 100)).toBe(0);
    expect(alertProgress(Number.NaN, 100)).toBe(0);
  });
});

describe('potentialSavings', () => {
  it('is the positive gap and its percent of current', () => {
    expect(potentialSavings(1000, 900)).toEqual({ amount: 100, percent: 10 });
    expect(potentialSavings(0.3, 0.1)).toEqual({ amount: 0.2, percent: 67 });
  });

  it('is 0 when the target is reached or prices are 0', () => {
    expect(potentialSavings(900, 1000)).toEqual({ amount: 0, percent: 0 });
    expect(potentialSavings(1000, 1000)).toEqual({ amount: 0, percent: 0 });
    expect(potentialSavings(0, 0)).toEqual({ amount: 0, percent: 0 });
  });
});

describe('alertTotals', () => {
  it('counts alerts, active ones, triggered ones and sums positive savings exactly', () => {
    const totals = alertTotals([
      { currentPrice: 1000, targetPrice: 900, isActive: true }, // waiting, saves 100
      { currentPrice: 800, targetPrice: 900, isActive: false }, // triggered, saves 0
      { currentPrice: 0.3, targetPrice: 0.1, isActive: true }, // waiting, saves 0.2
      { currentPrice: 1050, targetPrice: 1000, isActive: true }, // close, saves 50
      { currentPrice: 0, targetPrice: 0, isActive: false }, // triggered
    ]);
    expect(totals).toEqual({ total: 5, active: 3, triggered: 2, totalSavings: 150.2 });
  });

  it('counts an alert exactly at target as reached with no savings, and one at 110% as not reached', () => {
    expect(
      alertTotals([
        { currentPrice: 1000, targetPrice: 1000, isActive: true },
        { currentPrice: 1100, targetPrice: 1000, isActive: true },
      ]),
    ).toEqual({ total: 2, active: 2, triggered: 1, totalSavings: 100 });
  });

  it('is all zeros for no alerts', () => {
    expect(alertTotals([])).toEqual({ total: 0, active: 0, triggered: 0, totalSavings: 0 });
  });
});
