/**
 * Price-alert status, progress and totals (SPEC 4 alert status table, SPEC 9 constants).
 * Comparisons run on integer paise so "exactly 110% of target" is never lost to float noise.
 */
import { fromPaise, toPaise } from '@/shared/money';

export type AlertStatus = 'triggered' | 'close' | 'waiting';

/** SPEC 9: close-to-target threshold is 110% of target, kept as a ratio 11/10. */
const CLOSE_NUMERATOR = 11;
const CLOSE_DENOMINATOR = 10;
/** SPEC 9: the progress bar's scale is 50% of the current price. */
const PROGRESS_SCALE = 0.5;

/** triggered when current <= target; close when current <= 110% of target; else waiting. */
export function alertStatus(currentPrice: number, targetPrice: number): AlertStatus {
  const current = toPaise(currentPrice);
  const target = toPaise(targetPrice);
  if (current <= target) return 'triggered';
  if (current * CLOSE_DENOMINATOR <= target * CLOSE_NUMERATOR) return 'close';
  return 'waiting';
}

export const ALERT_STATUS_TEXT = {
  triggered: { message: 'Target reached!', badges: ['Target Reached!', 'Alert Triggered!'] },
  close: { message: 'Close to target', badges: ['Close to Target', 'High Priority'] },
  waiting: { message: 'Monitoring...', badges: ['Monitoring'] },
} as const satisfies Record<AlertStatus, { message: string; badges: readonly string[] }>;

/**
 * Progress bar width in percent: (current - target) / (50% of current) * 100, clamped to
 * 0..100 (SPEC 4). 0 when the current price is 0 or less (nothing to divide by).
 * Computed on paise like alertStatus, so a triggered alert (current <= target) is always 0
 * and never a float-noise sliver (0.1 + 0.2 against 0.3).
 */
export function alertProgress(currentPrice: number, targetPrice: number): number {
  if (!Number.isFinite(currentPrice) || !Number.isFinite(targetPrice)) return 0;
  const current = toPaise(currentPrice);
  const target = toPaise(targetPrice);
  if (current <= 0) return 0;
  const raw = ((current - target) * 100) / (PROGRESS_SCALE * current);
  return Math.min(100, Math.max(0, raw));
}

/**
 * What the shopper saves if the price drops to the target: max(0, current - target), and
 * that amount as a rounded percent of the current price (0 when current <= 0).
 */
export function potentialSavings(currentPrice: number, targetPrice: number): { amount: number; percent: number } {
  const current = toPaise(currentPrice);
  const savings = Math.max(0, current - toPaise(targetPrice));
  return {
    amount: fromPaise(savings),
    percent: current > 0 ? Math.round((savings / current) * 100) : 0,
  };
}

export type AlertTotals = { total: number; active: number; triggered: number; totalSavings: number };

/**
 * Summary cards of the Price Tracking page. `triggered` counts every alert whose status is
 * triggered, active or not; totalSavings sums the positive (current - target) (SPEC 9).
 */
export function alertTotals(
  alerts: readonly { currentPrice: number; targetPrice: number; isActive: boolean }[],
): AlertTotals {
  let active = 0;
  let triggered = 0;
  let savingsPaise = 0;
  for (const alert of alerts) {
    if (alert.isActive) active += 1;
    if (alertStatus(alert.currentPrice, alert.targetPrice) === 'triggered') triggered += 1;
    savingsPaise += Math.max(0, toPaise(alert.currentPrice) - toPaise(alert.targetPrice));
  }
  return { total: alerts.length, active, triggered, totalSavings: fromPaise(savingsPaise) };
}
