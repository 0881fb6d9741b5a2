/**
 * "Since you last looked" (issue 15): how a product's best price moved since the shopper's previous visit,
 * as the wishlist, the alerts and the home page say it ("↓ ₹2,000 since Tuesday"). Pure: no I/O.
 */

/**
 * What a visit is (docs/decisions/since-you-last-looked.md): a calendar day in India on which the signed-in
 * shopper opened the site. IST has no daylight saving, so a day is a fixed offset from UTC.
 */
export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** The Indian calendar day of an instant, as a day number (days since 1970-01-01 IST). */
export const istDay = (at: Date): number => Math.floor((at.getTime() + IST_OFFSET_MS) / DAY_MS);

/**
 * The reference of "since you last looked" at `now`, given the stored visit: the last time seen on an earlier
 * day than today, whether or not today's visit has been recorded yet (so the answer does not depend on which
 * request arrives first).
 */
export function visitReference(visit: { lastSeenAt: Date; sinceAt: Date | null } | undefined, now: Date): Date | null {
  if (!visit) return null;
  return istDay(visit.lastSeenAt) < istDay(now) ? visit.lastSeenAt : visit.sinceAt;
}

export type MoveDirection = 'down' | 'up';

/** A move as shown: direction and whole-rupee amount, or null when it rounds to nothing (shown as no move). */
export function priceMove(change: number): { direction: MoveDirection; amount: number } | null {
  const amount = Math.round(Math.abs(change));
  if (amount === 0) return null;
  return { direction: change < 0 ? 'down' : 'up', amount };
}

const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'long' });
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

const localDay = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();

/**
 * "since yesterday", "since Tuesday" (within the last week), "since 3 Nov", "since 3 Nov 2025" (another
 * year), in the browser's own calendar; "since earlier today" when the previous visit was today there.
 */
export function sinceLabel(sinceIso: string, now: Date = new Date()): string {
  const since = new Date(sinceIso);
  if (Number.isNaN(since.getTime())) return 'since your last visit';
  const days = Math.round((localDay(now) - localDay(since)) / DAY_MS);
  if (days <= 0) return 'since earlier today';
  if (days === 1) return 'since yesterday';
  if (days < 7) return `since ${weekday.format(since)}`;
  return `since ${(since.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear).format(since)}`;
}
