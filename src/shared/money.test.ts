import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  formatPrice,
  fromPaise,
  hasDiscount,
  parseDecimal,
  quickAlertTarget,
  roundRupees2,
  showOriginalPrice,
  toDecimalString,
  toPaise,
  USD_CONVERSION,
} from '@/shared/money';

describe('formatPrice', () => {
  it('formats rupees with Indian grouping and no decimals', () => {
    expect(formatPrice(123456)).toBe('₹1,23,456');
    expect(formatPrice(12345678, 'INR')).toBe('₹1,23,45,678');
    expect(formatPrice(999)).toBe('₹999');
    expect(formatPrice(0)).toBe('₹0');
  });

  it('rounds rupees to whole numbers', () => {
    expect(formatPrice(1299.49)).toBe('₹1,299');
    expect(formatPrice(1299.5)).toBe('₹1,300');
  });

  it('never shows a negative zero or NaN', () => {
    expect(formatPrice(-0.3)).toBe('₹0');
    expect(formatPrice(Number.NaN)).toBe('₹0');
    expect(formatPrice(Number.POSITIVE_INFINITY, 'USD')).toBe('$0');
  });

  it('converts to dollars at 86 with up to 2 decimals', () => {
    expect(USD_CONVERSION).toBe(86);
    expect(formatPrice(123456, 'USD')).toBe('$1,435.53');
    expect(formatPrice(860, 'USD')).toBe('$10');
    expect(formatPrice(903, 'USD')).toBe('$10.50');
    expect(formatPrice(0, 'USD')).toBe('$0');
  });
});

describe('discountPercent', () => {
  it('rounds (original - current) / original', () => {
    expect(discountPercent(1000, 750)).toBe(25);
    expect(discountPercent(3, 2)).toBe(33);
    expect(discountPercent(200, 199)).toBe(1); // 0.5% rounds up
    expect(discountPercent(1000, 0)).toBe(100);
  });

  it('is 0 when there is no real discount', () => {
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(1000, 1200)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
    expect(discountPercent(-5, -10)).toBe(0);
    expect(discountPercent(Number.NaN, 5)).toBe(0);
  });
});

describe('hasDiscount / showOriginalPrice', () => {
  it('shows the badge only above 0', () => {
    expect(hasDiscount(1)).toBe(true);
    expect(hasDiscount(0.5)).toBe(true);
    expect(hasDiscount(0)).toBe(false);
    expect(hasDiscount(-3)).toBe(false);
    expect(hasDiscount(null)).toBe(false);
    expect(hasDiscount(undefined)).toBe(false);
  });

  it('strikes the original price only when it is higher', () => {
    expect(showOriginalPrice(1000.01, 1000)).toBe(true);
    expect(showOriginalPrice(1000, 1000)).toBe(false);
    expect(showOriginalPrice(900, 1000)).toBe(false);
    expect(showOriginalPrice(null, 1000)).toBe(false);
  });
});

describe('paise helpers', () => {
  it('converts rupees to integer paise without float drift', () => {
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(1.255)).toBe(126);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(-1.005)).toBe(-101);
    expect(toPaise(0)).toBe(0);
    expect(Object.is(toPaise(-0.001), 0)).toBe(true);
    expect(toPaise(Number.NaN)).toBe(0);
    expect(fromPaise(12345)).toBe(123.45);
  });

  it('rounds to 2 decimals exactly', () => {
    expect(roundRupees2(1.005)).toBe(1.01);
    expect(roundRupees2(899.991)).toBe(899.99);
    expect(roundRupees2(0.1 + 0.2)).toBe(0.3);
    expect(roundRupees2(100)).toBe(100);
  });

  it('prints exact decimal strings', () => {
    expect(toDecimalString(899.9)).toBe('899.90');
    expect(toDecimalString(0.05)).toBe('0.05');
    expect(toDecimalString(1.005)).toBe('1.01');
    expect(toDecimalString(-2.5)).toBe('-2.50');
    expect(toDecimalString(123456)).toBe('123456.00');
  });
});

describe('quickAlertTarget', () => {
  it('is 90% of current rounded to 2 decimals', () => {
    expect(quickAlertTarget(1000)).toBe(900);
    expect(quickAlertTarget(999.99)).toBe(899.99); // 899.991
    expect(quickAlertTarget(1000.05)).toBe(900.05); // 900.045 rounds half up
    expect(quickAlertTarget(0.01)).toBe(0.01); // 0.009
    expect(quickAlertTarget(0)).toBe(0);
    expect(quickAlertTarget(12345.67)).toBe(11111.1); // 11111.103
  });
});

describe('parseDecimal', () => {
  it('accepts plain and decimal numbers, trimmed', () => {
    expect(parseDecimal('1299')).toBe(1299);
    expect(parseDecimal(' 1299.50 ')).toBe(1299.5);
    expect(parseDecimal('0.125')).toBe(0.125);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('12.')).toBe(12);
    expect(parseDecimal('0')).toBe(0);
  });

  it('accepts comma grouping', () => {
    expect(parseDecimal('1,299.50')).toBe(1299.5);
    expect(parseDecimal('1,23,456')).toBe(123456);
  });

  it('returns null for empty or junk', () => {
    for (const bad of ['', '   ', 'abc', '12abc', '1..2', '1.2.3', '-5', '+5', '1e3', ',5', '5,', '1,,2', 'NaN', 'Infinity', '.']) {
      expect(parseDecimal(bad), bad).toBeNull();
    }
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
  });
});
