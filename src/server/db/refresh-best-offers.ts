import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';

type Executor = Pick<Database, 'execute'>;

/**
 * Copies each product's best offer (the lowest in-stock price; the lowest price when none is in stock)
 * into the product row, with its discount, and the product's search text (store names included) into
 * product_search, so listings filter, sort and search on indexed columns instead of aggregating offers per
 * request. Call it after any offer change.
 */
export async function refreshBestOffers(db: Executor, productIds: readonly number[] | 'all'): Promise<void> {
  if (productIds !== 'all' && productIds.length === 0) return;
  const scope =
    productIds === 'all'
      ? sql`true`
      : sql`o.product_id = any(${sql.raw(`'{${productIds.map((id) => Math.trunc(id)).join(',')}}'::int[]`)})`;
  const productScope =
    productIds === 'all'
      ? sql`true`
      : sql`p.id = any(${sql.raw(`'{${productIds.map((id) => Math.trunc(id)).join(',')}}'::int[]`)})`;
  await db.execute(sql`
    with best as (
      select distinct on (o.product_id) o.product_id, o.id, o.current_price, o.original_price, o.in_stock
      from offers o
      where ${scope}
      order by o.product_id, o.in_stock desc, o.current_price asc, o.id asc
    ),
    store_names as (
      select o.product_id, string_agg(s.name, ' ' order by s.name) as names
      from offers o join stores s on s.id = o.store_id
      where ${scope}
      group by o.product_id
    ),
    updated as (
      update products p set
        best_offer_id = best.id,
        current_price = best.current_price,
        original_price = best.original_price,
        discount = case
          when best.original_price > best.current_price and best.original_price > 0
            then round((best.original_price - best.current_price) / best.original_price * 100)
          else 0 end,
        in_stock = best.in_stock,
        updated_at = now()
      from best
      where p.id = best.product_id and ${productScope}
      returning p.id, p.name, p.brand, p.model, p.category, p.subcategory, p.sub_subcategory
    )
    insert into product_search (product_id, search_text)
    select u.id, ${searchTextOf(sql`u`, sql`store_names.names`)}
    from updated u left join store_names on store_names.product_id = u.id
    on conflict (product_id) do update set search_text = excluded.search_text
      where product_search.search_text is distinct from excluded.search_text
  `);
}

/**
 * What search matches for a product (product_search.search_text): its name, brand, model, category slugs as words
 * and the names of the stores that sell it, lower-cased. `product` is an alias of a row with the products columns.
 */
export function searchTextOf(product: SQL, storeNames: SQL): SQL {
  return sql`lower(concat_ws(' ', ${product}.name, ${product}.brand, ${product}.model,
    replace(${product}.category, '-', ' '), replace(coalesce(${product}.subcategory, ''), '-', ' '),
    replace(coalesce(${product}.sub_subcategory, ''), '-', ' '), ${storeNames}))`;
}
