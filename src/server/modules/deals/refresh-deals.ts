/**
 * The deals precompute (issue 15): products whose best price is well below their own 90-day median, judged with
 * the product page's deal insight (src/shared/deal-insight.ts) on the best offer's price history, so the deals
 * page and the product page never disagree. A store's claimed "original price" plays no part in the ranking,
 * and a product whose price rose shortly before its "sale" (the insight's fakeSale rule) is never a deal.
 *
 * Run after every import and at seed time; the deals page reads product_deals by index.
 */
import { sql } from 'drizzle-orm';
import { dealInsight } from '@/shared/deal-insight';
import type { Database } from '@/server/db/client';
import { productDeals } from '@/server/db/schema';
import { queryRows } from '@/server/modules/feeds/sql-rows';

type Executor = Pick<Database, 'execute' | 'insert' | 'delete'>;

/** A deal is at least this far below the 90-day median (the insight's "Good deal" line). */
export const MIN_DEAL_PERCENT = 5;
const DAY_MS = 86_400_000;
const BATCH = 2_000;

type Candidate = { id: number; category: string; subcategory: string | null; current: string; original: string; offer_id: number };
type Point = { offer_id: number; price: string; at: string };

export async function refreshDeals(db: Executor, now: Date = new Date()): Promise<{ deals: number }> {
  const lookback = new Date(now.getTime() - 180 * DAY_MS).toISOString();
  // Only a product some recent price of which was 5%+ above today's can have a median that far above it:
  // one indexed probe per product instead of every product's history in memory.
  const candidates = await queryRows<Candidate>(
    db,
    sql`select p.id, p.category, p.subcategory, p.current_price::text as current, p.original_price::text as original, p.best_offer_id as offer_id
      from products p
      where p.in_stock and p.best_offer_id is not null and p.current_price > 0
        and exists (select 1 from price_history h where h.offer_id = p.best_offer_id and h.recorded_at > ${lookback}
                    and h.price * 100 >= p.current_price * ${100 + MIN_DEAL_PERCENT})`,
  );
  const rows: (typeof productDeals.$inferInsert)[] = [];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const offerIds = batch.map((c) => c.offer_id);
    const points = await queryRows<Point>(
      db,
      sql`select offer_id, price::text as price, to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from price_history where offer_id = any(${`{${offerIds.join(',')}}`}::int[]) and recorded_at <= ${now.toISOString()}
        order by offer_id, recorded_at, id`,
    );
    const history = new Map<number, { price: number; date: string }[]>();
    for (const point of points) {
      const list = history.get(point.offer_id) ?? [];
      list.push({ price: Number(point.price), date: point.at });
      history.set(point.offer_id, list);
    }
    for (const candidate of batch) {
      const currentPrice = Number(candidate.current);
      const insight = dealInsight({ history: history.get(candidate.offer_id) ?? [], currentPrice, originalPrice: Number(candidate.original), now });
      if (insight.fakeSale) continue;
      const drop = Math.round((insight.median90 - currentPrice) * 100) / 100;
      const percent = insight.median90 > 0 ? Math.floor((drop / insight.median90) * 100) : 0;
      if (percent < MIN_DEAL_PERCENT) continue;
      rows.push({
        productId: candidate.id,
        category: candidate.category,
        subcategory: candidate.subcategory,
        currentPrice: currentPrice.toFixed(2),
        median90: insight.median90.toFixed(2),
        dropAmount: drop.toFixed(2),
        dropPercent: percent,
        lowestEver: insight.lowest.toFixed(2),
        computedAt: now,
      });
    }
  }
  await db.delete(productDeals);
  for (let i = 0; i < rows.length; i += 1_000) await db.insert(productDeals).values(rows.slice(i, i + 1_000));
  return { deals: rows.length };
}
