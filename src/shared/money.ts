/**
 * Money rules shared by the web and the server. Amounts are rupees as JS numbers with at
 * most paise precision (DECISIONS 1); arithmetic that must be exact goes through integer
 * paise so float noise (0.1 + 0.2) never reaches a comparison or a displayed total.
 */

/** Rupees per US dollar for the header's $ display (SPEC 9, DECISIONS 4). */
export const USD_CONVERSION = 86;

export type DisplayCurrency = 'INR' | 'USD';

const inrFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const usdWholeFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const usdCentsFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * "₹1,23,456" (no decimals) or, for USD, rupees / 86 with up to 2 decimals: "$1,435.53",
 * and "$10" rather than "$10.00" when the dollar amount is whole.
 * Non-finite input formats as 0 so a bad value never renders "₹NaN".
 */
export function formatPrice(rupees: number, currency: DisplayCurrency = 'INR'): string {
  const amount = Number.isFinite(rupees) ? rupees : 0;
  if (currency === 'USD') {
    const cents = roundHalfAwayFromZero(toPaise(amount) / USD_CONVERSION);
    // `|| 0` turns -0 into 0 so a tiny negative never shows "-$0".
    const dollars = cents / 100 || 0;
    return cents % 100 === 0 ? usdWholeFormat.format(dollars) : usdCentsFormat.format(dollars);
  }
  return inrFormat.format(roundHalfAwayFromZero(amount) || 0);
}

/** Discount percent as SPEC 5 computes it: round((original - current) / original * 100). */
export function discountPercent(original: number, current: number): number {
  if (!Number.isFinite(original) || !Number.isFinite(current)) return 0;
  if (original <= 0 || original <= current) return 0;
  return Math.round(((original - current) / original) * 100);
}

/** The discount badge shows only for a discount above 0 (SPEC 5). */
export function hasDiscount(discount: number | null | undefined): boolean {
  return typeof discount === 'number' && Number.isFinite(discount) && discount > 0;
}

/** The original price is struck through only when higher than the current one (SPEC 5). */
export function showOriginalPrice(original: number | null | undefined, current: number): boolean {
  return typeof original === 'number' && Number.isFinite(original) && original > current;
}

/**
 * Rupees to integer paise, rounding half away from zero. Scaling goes through
 * toPrecision(15) so 1.005 (stored as 1.00499999…) becomes 101 paise, not 100.
 */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) return 0;
  const scaled = Number((rupees * 100).toPrecision(15));
  return roundHalfAwayFromZero(scaled) || 0;
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

/** Rounds to 2 decimals exactly (via paise): roundRupees2(1.005) === 1.01. */
export function roundRupees2(rupees: number): number {
  return fromPaise(toPaise(rupees));
}

/**
 * Quick-create alert target: 90% of the current price rounded to 2 decimals (SPEC 9).
 * Computed on integer paise (× 9 / 10 is exact or lands on .5) to dodge float drift.
 */
export function quickAlertTarget(currentPrice: number): number {
  return fromPaise(roundHalfAwayFromZero((toPaise(currentPrice) * 9) / 10) || 0);
}

/** Exact decimal text with 2 decimals ("899.90") for payloads and decimal columns. */
export function toDecimalString(rupees: number): string {
  const paise = toPaise(rupees);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// Digits with optional comma grouping ("1,299"), then an optional fraction; no sign,
// no exponent: target prices are typed by people, and "1e3" or "-5" are not prices.
const DECIMAL_PATTERN = /^(?:\d+(?:,\d+)*(?:\.\d*)?|\.\d+)$/;

/**
 * Parses a typed non-negative amount ("1299", " 1,299.50 ", ".5"); null when empty or
 * not a number. Decimals are kept as typed; callers round with roundRupees2 if needed.
 */
export function parseDecimal(input: string | null | undefined): number | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!DECIMAL_PATTERN.test(text)) return null;
  const value = Number(text.replaceAll(',', ''));
  return Number.isFinite(value) ? value : null;
}

function roundHalfAwayFromZero(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}
