/**
 * Comparison rules of SPEC 4 and 5: who may join the set, the saved name, the table's
 * badges and the `?products=` query of /comparison.
 */
import { MAX_COMPARE } from '@/shared/catalog';

/** A comparison needs at least this many products to be saved (SPEC 5). */
export const MIN_SAVE_COMPARE = 2;

export type CompareRejection =
  | 'Product already added'
  | 'Maximum 3 products allowed'
  | 'Only products of the same category can be compared';

export type CompareCheck = { ok: true } | { ok: false; reason: CompareRejection };

/**
 * Checks, in SPEC 5's order: duplicate, then the maximum of 3, then the category lock set
 * by the first product (`category` is the top-level slug, DECISIONS 10).
 */
export function canAddToComparison(
  current: readonly { id: number; category: string }[],
  candidate: { id: number; category: string },
): CompareCheck {
  if (current.some((p) => p.id === candidate.id)) return { ok: false, reason: 'Product already added' };
  if (current.length >= MAX_COMPARE) return { ok: false, reason: 'Maximum 3 products allowed' };
  const first = current[0];
  if (first && first.category !== candidate.category) {
    return { ok: false, reason: 'Only products of the same category can be compared' };
  }
  return { ok: true };
}

/**
 * The set a list of products makes, in order (the URL's `?products=`): each one the rules accept after those before
 * it, and the first rule that refused one.
 */
export function acceptInOrder<T extends { id: number; category: string }>(loaded: readonly T[]): { products: T[]; rejection: CompareRejection | null } {
  const products: T[] = [];
  let rejection: CompareRejection | null = null;
  for (const product of loaded) {
    const check = canAddToComparison(products, product);
    if (check.ok) products.push(product);
    else rejection ??= check.reason;
  }
  return { products, rejection };
}

export type SaveComparisonRejection =
  | 'Please log in to save comparisons.'
  | 'Add at least 2 products to save a comparison.';

/** Save Comparison checks (SPEC 5): login first, then at least 2 products. */
export function canSaveComparison(
  signedIn: boolean,
  productCount: number,
): { ok: true } | { ok: false; reason: SaveComparisonRejection } {
  if (!signedIn) return { ok: false, reason: 'Please log in to save comparisons.' };
  if (productCount < MIN_SAVE_COMPARE) return { ok: false, reason: 'Add at least 2 products to save a comparison.' };
  return { ok: true };
}

/** "{first product category} Comparison", the raw slug as SPEC 5 says ("electronics Comparison"). */
export function comparisonName(category: string): string {
  return `${category} Comparison`;
}

/** Id of the lowest current price (Best Price badge); the first wins a tie; null when empty. */
export function bestPriceId(products: readonly { id: number; currentPrice: number }[]): number | null {
  let best: { id: number; currentPrice: number } | null = null;
  for (const p of products) {
    if (!Number.isFinite(p.currentPrice)) continue;
    if (best === null || p.currentPrice < best.currentPrice) best = p;
  }
  return best?.id ?? null;
}

/** Id of the highest rating (Highest Rated badge); the first wins a tie; null when empty. */
export function highestRatedId(products: readonly { id: number; rating: number }[]): number | null {
  let best: { id: number; rating: number } | null = null;
  for (const p of products) {
    if (!Number.isFinite(p.rating)) continue;
    if (best === null || p.rating > best.rating) best = p;
  }
  return best?.id ?? null;
}

/**
 * Reads `?products=1,2,3`: positive integer ids in order, duplicates and junk dropped,
 * at most MAX_COMPARE (the rest ignored rather than failing the page).
 */
export function parseComparisonIds(query: string | null | undefined): number[] {
  if (!query) return [];
  const ids: number[] = [];
  for (const part of query.split(',')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const id = Number(text);
    if (!Number.isSafeInteger(id) || id <= 0 || ids.includes(id)) continue;
    ids.push(id);
    if (ids.length === MAX_COMPARE) break;
  }
  return ids;
}

/** The `products` query value for a set of ids ("1,2,3"). */
export function formatComparisonIds(ids: readonly number[]): string {
  return ids.join(',');
}
