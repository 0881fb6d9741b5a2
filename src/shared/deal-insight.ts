/**
 * Deal insight (issue 6): is today's price a good one, judged against the product's own
 * price history? Pure: the caller passes `now`, so the server and tests agree on time.
 *
 * Definitions (all money compared as integer paise, so boundaries are exact):
 * - History: points with a finite price >= 0 and a valid date at or before `now`, ordered
 *   by date (input is expected oldest first but is sorted anyway). A point is a price
 *   change: its price holds from its date until the next point.
 * - "Price at t": the price of the last point dated at or before t (none before the first).
 * - Days are 24-hour spans counted back from `now`, not calendar days, so no time zone is
 *   involved. The 90-day window is [now - 90 days, now].
 * - lowest / highest: over every history point and the current price (all time).
 * - lowest90: the minimum of the current price, the price at the window start (it was in
 *   force inside the window) and every point inside the window; highest90 likewise.
 * - median90: median of 90 daily samples, sample k (k = 0..89) being the price at
 *   now - k days, except sample 0 which is the current price. Samples before the first
 *   point are left out (a new product has fewer). With an even count the median is the
 *   mean of the two middle samples; it is reported rounded to paise.
 * - verdict, first rule that holds:
 *   1. 'Lowest price in 90 days': the history covers the whole window (first point at or
 *      before now - 90 days), current <= lowest90, and current < highest90 (a price that
 *      never moved is not a deal);
 *   2. 'Good deal': current <= 95% of median90;
 *   3. 'Fair price': current <= 105% of median90;
 *   4. 'Wait: price is higher than usual'.
 *   Without any history every figure equals the current price and the verdict is 'Fair price'.
 * - fakeSale (a price hiked, then "discounted" back): all of
 *   1. base = the price at now - 14 days exists and is above 0;
 *   2. some history point dated in (now - 14 days, now] is >= 105% of base;
 *   3. the current price shows a discount: originalPrice > currentPrice;
 *   4. the current price is not below base (current >= base).
 */
import { fromPaise, toPaise } from '@/shared/money';

export type PricePoint = { price: number; date: string | Date };

export type DealVerdict =
  | 'Lowest price in 90 days'
  | 'Good deal'
  | 'Fair price'
  | 'Wait: price is higher than usual';

export type DealInsight = {
  lowest: number;
  highest: number;
  lowest90: number;
  median90: number;
  verdict: DealVerdict;
  fakeSale: boolean;
};

export const DAY_MS = 86_400_000;
export const DEAL_WINDOW_DAYS = 90;
export const FAKE_SALE_WINDOW_DAYS = 14;
/** Percent thresholds, kept as integers so paise comparisons stay exact. */
const GOOD_DEAL_PERCENT = 95;
const FAIR_PRICE_PERCENT = 105;
const FAKE_SALE_RISE_PERCENT = 105;

type Point = { time: number; paise: number };

export function dealInsight(input: {
  history: readonly PricePoint[];
  currentPrice: number;
  originalPrice?: number | null;
  now: Date;
}): DealInsight {
  const now = input.now.getTime();
  const points = normalize(input.history, now);
  const current = toPaise(input.currentPrice);

  let lowest = current;
  let highest = current;
  for (const p of points) {
    lowest = Math.min(lowest, p.paise);
    highest = Math.max(highest, p.paise);
  }

  const windowStart = now - DEAL_WINDOW_DAYS * DAY_MS;
  const atStart = priceAt(points, windowStart);
  let lowest90 = Math.min(current, atStart ?? current);
  let highest90 = Math.max(current, atStart ?? current);
  for (const p of points) {
    if (p.time <= windowStart) continue;
    lowest90 = Math.min(lowest90, p.paise);
    highest90 = Math.max(highest90, p.paise);
  }

  const samples = [current];
  for (let k = 1; k < DEAL_WINDOW_DAYS; k += 1) {
    const price = priceAt(points, now - k * DAY_MS);
    if (price !== null) samples.push(price);
  }
  const median = medianOf(samples);

  const first = points[0];
  const coversWindow = first !== undefined && first.time <= windowStart;
  let verdict: DealVerdict;
  if (coversWindow && current <= lowest90 && current < highest90) verdict = 'Lowest price in 90 days';
  else if (current * 100 <= median * GOOD_DEAL_PERCENT) verdict = 'Good deal';
  else if (current * 100 <= median * FAIR_PRICE_PERCENT) verdict = 'Fair price';
  else verdict = 'Wait: price is higher than usual';

  return {
    lowest: fromPaise(lowest),
    highest: fromPaise(highest),
    lowest90: fromPaise(lowest90),
    median90: fromPaise(Math.round(median)),
    verdict,
    fakeSale: isFakeSale(points, current, input.originalPrice, now),
  };
}

function isFakeSale(points: readonly Point[], current: number, originalPrice: number | null | undefined, now: number): boolean {
  if (typeof originalPrice !== 'number' || !Number.isFinite(originalPrice)) return false;
  if (toPaise(originalPrice) <= current) return false;
  const since = now - FAKE_SALE_WINDOW_DAYS * DAY_MS;
  const base = priceAt(points, since);
  if (base === null || base <= 0 || current < base) return false;
  return points.some((p) => p.time > since && p.paise * 100 >= base * FAKE_SALE_RISE_PERCENT);
}

export type PriceStats = { lowest: number; highest: number; average: number };

/** Lowest, highest and plain (not time-weighted) average of the points; null when none. */
export function priceStats(points: readonly PricePoint[]): PriceStats | null {
  const prices = points.filter((p) => isValidPrice(p.price)).map((p) => toPaise(p.price));
  if (prices.length === 0) return null;
  // Loops rather than Math.min(...prices): long histories would overflow the call stack.
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  let total = 0;
  for (const p of prices) {
    lowest = Math.min(lowest, p);
    highest = Math.max(highest, p);
    total += p;
  }
  return {
    lowest: fromPaise(lowest),
    highest: fromPaise(highest),
    average: fromPaise(Math.round(total / prices.length)),
  };
}

export type PriceMove = { direction: 'up' | 'down' | 'none'; amount: number };

/** The last price change (trends card arrow): last point minus the one before it. */
export function lastPriceMove(points: readonly PricePoint[]): PriceMove {
  const valid = points.filter((p) => isValidPrice(p.price));
  const last = valid.at(-1);
  const previous = valid.at(-2);
  if (!last || !previous) return { direction: 'none', amount: 0 };
  const delta = toPaise(last.price) - toPaise(previous.price);
  return { direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'none', amount: fromPaise(Math.abs(delta)) };
}

function normalize(history: readonly PricePoint[], now: number): Point[] {
  const points: Point[] = [];
  for (const p of history) {
    const time = (p.date instanceof Date ? p.date : new Date(p.date)).getTime();
    if (!Number.isFinite(time) || time > now || !isValidPrice(p.price)) continue;
    points.push({ time, paise: toPaise(p.price) });
  }
  // Stable sort keeps the input order of same-instant points; the later one wins.
  return points.sort((a, b) => a.time - b.time);
}

function priceAt(points: readonly Point[], time: number): number | null {
  let price: number | null = null;
  for (const p of points) {
    if (p.time > time) break;
    price = p.paise;
  }
  return price;
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

function isValidPrice(price: unknown): price is number {
  return typeof price === 'number' && Number.isFinite(price) && price >= 0;
}
