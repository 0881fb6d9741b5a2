import { sql } from 'drizzle-orm';
import { IST_OFFSET_MS, visitReference } from '@/shared/price-move';
import type { PriceMove } from '@/shared/contracts/visits';
import type { Database } from '@/server/db/client';
import { queryOne, queryRows } from '@/server/modules/feeds/sql-rows';

type Executor = Pick<Database, 'execute'>;

/** user_visits.scope of the site-wide visit (the table keys visits by scope; "since you last looked" uses one). */
export const SITE_SCOPE = 'site';
const OFFSET_SECONDS = IST_OFFSET_MS / 1000;

/** The Indian calendar day of a timestamptz column or parameter, in SQL (src/shared/price-move.ts's istDay). */
const istDaySql = (at: ReturnType<typeof sql>) => sql`floor((extract(epoch from ${at}) + ${OFFSET_SECONDS}) / 86400)`;

/**
 * Records that the shopper opened the site at `now` (docs/decisions/since-you-last-looked.md). One statement,
 * so two tabs opening at once cannot both move the reference: the first open on a new Indian calendar day makes
 * the last time seen the reference (`since_at`); later opens that day only move `last_seen_at`.
 */
export async function recordVisit(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const row = await queryOne<{ since: string | null }>(
    db,
    sql`insert into user_visits as v (user_id, scope, last_seen_at, since_at) values (${userId}, ${SITE_SCOPE}, ${at}, null)
      on conflict (user_id, scope) do update set
        since_at = case when ${istDaySql(sql`v.last_seen_at`)} < ${istDaySql(at)} then v.last_seen_at else v.since_at end,
        last_seen_at = greatest(v.last_seen_at, excluded.last_seen_at)
      returning to_char(since_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since`,
  );
  return row?.since ? new Date(row.since) : null;
}

/** The reference of "since you last looked" at `now` (whether or not today's visit is recorded yet). */
export async function visitSince(db: Executor, userId: number, now: Date): Promise<Date | null> {
  const row = await queryOne<{ last_seen: string; since: string | null }>(
    db,
    sql`select to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_seen,
        to_char(since_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since
      from user_visits where user_id = ${userId} and scope = ${SITE_SCOPE}`,
  );
  return visitReference(row ? { lastSeenAt: new Date(row.last_seen), sinceAt: row.since ? new Date(row.since) : null } : undefined, now);
}

/**
 * How the best price of each product on the shopper's wishlist (or with a price alert of theirs) moved since
 * `since`: then, the lowest price any of its offers had at that moment (each offer's latest history point at or
 * before it); now, the product's best price. Only products the shopper already had then (an item added later
 * was seen at today's price) and whose price changed.
 */
export async function priceMovesSince(db: Executor, userId: number, on: 'wishlist' | 'alerts', since: Date): Promise<PriceMove[]> {
  const at = sql`${since.toISOString()}::timestamptz`;
  const items =
    on === 'wishlist'
      ? sql`select product_id from wishlist_items where user_id = ${userId} and created_at <= ${at}`
      : sql`select distinct product_id from price_alerts where user_id = ${userId} and created_at <= ${at}`;
  const rows = await queryRows<{ product_id: number; previous: string; current: string }>(
    db,
    sql`with items as (${items}),
      then_prices as (
        select o.product_id, min(h.price) as price
        from items i
        join offers o on o.product_id = i.product_id
        cross join lateral (
          select price from price_history h where h.offer_id = o.id and h.recorded_at <= ${at}
          order by h.recorded_at desc, h.id desc limit 1
        ) h
        group by o.product_id
      )
      select t.product_id, t.price::text as previous, p.current_price::text as current
      from then_prices t join products p on p.id = t.product_id
      where p.current_price is not null and p.current_price <> t.price
      order by t.product_id`,
  );
  return rows.map((row) => {
    const previousPrice = Number(row.previous);
    const currentPrice = Number(row.current);
    return { productId: row.product_id, previousPrice, currentPrice, change: Math.round((currentPrice - previousPrice) * 100) / 100 };
  });
}
