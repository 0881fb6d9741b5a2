/**
 * Rupee rounding and 90-day price histories for the demo catalogue.
 */
import type { Rng } from '@/server/db/seed/random';

export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The last days of every history stay at the current price, so no move lands after `now`. */
const QUIET_TAIL_DAYS = 3;

/**
 * How a store prices: `charm` ends in 9 (1,299 / 24,999), as most listings do; `exact` keeps
 * whole rupees (12,487), as marketplaces' algorithmic repricing does.
 */
export type PriceStyle = 'charm' | 'exact';

export function roundPrice(value: number, style: PriceStyle): number {
  if (style === 'exact') return Math.max(1, Math.round(value));
  // Coarser steps for dearer items, fine enough that store-to-store spreads survive rounding.
  const step = value < 2000 ? 10 : value < 5000 ? 50 : value < 20000 ? 100 : 500;
  return Math.max(9, Math.round(value / step) * step - 1);
}

/** Rounds an MRP up to the next charm price, so it never ends below the value it covers. */
export function roundMrpUp(value: number): number {
  const step = value < 1000 ? 50 : value < 20000 ? 100 : 1000;
  const rounded = Math.ceil((value + 1) / step) * step - 1;
  return rounded;
}

/** Money is exchanged as decimal strings with paise (DECISIONS money 1). */
export function toMoney(rupees: number): string {
  return rupees.toFixed(2);
}

export type PricePoint = { price: string; at: Date };

/**
 * A plausible 90-day history that ends at `current`: an older list price, short sales,
 * small repricing nudges and sometimes a "fake sale" (price raised, then "discounted" back to
 * about where it was). Prices never exceed `ceiling` (selling above MRP is not allowed in
 * India). Points are recorded only when the price changes; the first is at now - 90 days.
 */
export function buildPriceHistory(
  rng: Rng,
  { current, ceiling, now, style }: { current: number; ceiling: number; now: Date; style: PriceStyle },
): PricePoint[] {
  const lastMovingDay = HISTORY_DAYS - QUIET_TAIL_DAYS;
  const factors = new Array<number>(HISTORY_DAYS + 1).fill(1);
  const scale = (from: number, to: number, factor: number) => {
    for (let day = Math.max(0, from); day <= Math.min(to, lastMovingDay); day++) {
      factors[day] = (factors[day] ?? 1) * factor;
    }
  };

  const stable = rng.chance(0.03);
  if (!stable) {
    // The price the offer had before its latest list-price change: mostly a cut, sometimes a rise.
    const listChange = rng.chance(0.55);
    if (listChange) {
      const changeDay = rng.int(8, 80);
      const before = rng.chance(0.75) ? 1 + rng.float(0.04, 0.16) : 1 - rng.float(0.03, 0.08);
      scale(0, changeDay - 1, before);
    }
    // Sale events (Great Indian Festival, Big Billion Days, weekend deals); at least one move
    // per history unless the offer is one of the few stable ones.
    const sales = rng.int(listChange ? 0 : 1, 3);
    for (let i = 0; i < sales; i++) {
      const start = rng.int(2, lastMovingDay - 2);
      scale(start, start + rng.int(1, 7), 1 - rng.float(0.05, 0.2));
    }
    // Fake sale: the price goes up for a while, then comes "down" to roughly where it was.
    if (rng.chance(0.16)) {
      const start = rng.int(10, 60);
      const raisedFor = rng.int(5, 14);
      scale(start, start + raisedFor - 1, 1 + rng.float(0.12, 0.3));
      scale(start + raisedFor, start + raisedFor + rng.int(3, 10), 1 - rng.float(0, 0.03));
    }
    // Small repricing nudges.
    const nudges = rng.int(0, 4);
    for (let i = 0; i < nudges; i++) {
      const start = rng.int(1, lastMovingDay);
      scale(start, start + rng.int(0, 9), 1 + (rng.chance(0.5) ? 1 : -1) * rng.float(0.015, 0.04));
    }
  }

  const start = now.getTime() - HISTORY_DAYS * DAY_MS;
  const points: PricePoint[] = [];
  let previous: number | null = null;
  for (let day = 0; day <= HISTORY_DAYS; day++) {
    const factor = factors[day] ?? 1;
    const price = day > lastMovingDay || factor === 1 ? current : Math.min(ceiling, roundPrice(current * factor, style));
    if (price === previous) continue;
    // Feeds update at odd hours; day 0 is pinned to exactly now - 90 days.
    const at = day === 0 ? start : start + day * DAY_MS + rng.int(1, 22) * HOUR_MS + rng.int(0, 59) * 60_000;
    points.push({ price: toMoney(price), at: new Date(at) });
    previous = price;
  }
  return points;
}
