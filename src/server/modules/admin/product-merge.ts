/**
 * Merge two products that are one, and split an offer out into a product of its own. Both run in one
 * transaction with their audit record and a catalogue version bump, so shoppers see all of it or none.
 *
 * Merge moves everything that points at the merged product to the survivor: offers (with their price history;
 * two offers of one store become one, keeping both histories), the stores' feed items (so the next import keeps
 * them together), wishlist entries, alerts, reviews, saved comparisons, notifications and click statistics.
 * The merged product's id then redirects to the survivor (product_redirects). A shopper who had both products
 * in a wishlist or a comparison keeps one entry; a shopper who reviewed both keeps the survivor's review (the
 * other is kept in the audit record), since one shopper has one review per product.
 */
import { sql } from 'drizzle-orm';
import type { MergeResult, SplitResult } from '@/shared/contracts/admin';
import { bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { refreshListingStats } from '@/server/modules/products/listing-stats';
import type { Database } from '@/server/db/client';
import { HttpError, badRequest, notFound } from '@/server/http-error';
import { refreshBestOffersOf } from '@/server/modules/feeds/import-feed';
import { queryOne, queryRows } from '@/server/modules/feeds/sql-rows';
import { type Actor, recordAudit } from './audit';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const count = async (tx: Tx, query: ReturnType<typeof sql>) => (await queryOne<{ n: number }>(tx, query))?.n ?? 0;

export async function mergeProducts(
  db: Database,
  actor: Actor,
  survivorId: number,
  mergedId: number,
): Promise<{ result: MergeResult; version: number }> {
  if (survivorId === mergedId) throw badRequest('Pick two different products');
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; name: string; rating: string; review_count: number }>(
      tx,
      sql`select id, name, rating::text as rating, review_count from products where id in (${survivorId}, ${mergedId}) order by id for update`,
    );
    const survivor = rows.find((row) => row.id === survivorId);
    const merged = rows.find((row) => row.id === mergedId);
    if (!survivor) throw notFound(`No product ${survivorId}`);
    if (!merged) throw notFound(`No product ${mergedId}`);

    // Offers of one store on both products become one: the better offer (in stock, cheaper) stays, with both histories.
    const pairs = await queryRows<{ s_id: number; m_id: number; keep_merged: boolean }>(
      tx,
      sql`select s.id as s_id, m.id as m_id,
            (m.in_stock, -m.current_price, -m.id) > (s.in_stock, -s.current_price, -s.id) as keep_merged
          from offers s join offers m on m.store_id = s.store_id
          where s.product_id = ${survivorId} and m.product_id = ${mergedId}`,
    );
    let historyMoved = 0;
    for (const pair of pairs) {
      const [keep, drop] = pair.keep_merged ? [pair.m_id, pair.s_id] : [pair.s_id, pair.m_id];
      historyMoved += await count(
        tx,
        sql`with moved as (update price_history set offer_id = ${keep} where offer_id = ${drop} returning 1) select count(*)::int as n from moved`,
      );
      await tx.execute(sql`update click_events set offer_id = ${keep} where offer_id = ${drop}`);
      await tx.execute(sql`delete from offers where id = ${drop}`);
    }
    historyMoved += await count(
      tx,
      sql`select count(*)::int as n from price_history h join offers o on o.id = h.offer_id where o.product_id = ${mergedId}`,
    );
    const offersMoved = await count(
      tx,
      sql`with moved as (update offers set product_id = ${survivorId}, updated_at = now() where product_id = ${mergedId} returning 1)
          select count(*)::int as n from moved`,
    );
    const feedItems = await count(
      tx,
      sql`with moved as (update feed_items set product_id = ${survivorId}, updated_at = now() where product_id = ${mergedId} returning 1)
          select count(*)::int as n from moved`,
    );

    const wishlist = await count(
      tx,
      sql`with moved as (
            insert into wishlist_items (user_id, product_id, created_at)
            select user_id, ${survivorId}, created_at from wishlist_items where product_id = ${mergedId}
            on conflict do nothing returning 1)
          select count(*)::int as n from moved`,
    );
    await tx.execute(sql`delete from wishlist_items where product_id = ${mergedId}`);
    const alerts = await count(
      tx,
      sql`with moved as (update price_alerts set product_id = ${survivorId}, updated_at = now() where product_id = ${mergedId} returning 1)
          select count(*)::int as n from moved`,
    );

    // One review per shopper per product: a shopper who reviewed both keeps the survivor's.
    const duplicateReviews = await queryRows<{ id: number; user_id: number; rating: number; title: string; body: string }>(
      tx,
      sql`select r.id, r.user_id, r.rating, r.title, r.body from reviews r
          where r.product_id = ${mergedId}
            and exists (select 1 from reviews s where s.product_id = ${survivorId} and s.user_id = r.user_id)`,
    );
    if (duplicateReviews.length > 0) {
      await tx.execute(sql`delete from reviews where id in (${sql.join(duplicateReviews.map((review) => sql`${review.id}`), sql`, `)})`);
    }
    const reviews = await count(
      tx,
      sql`with moved as (update reviews set product_id = ${survivorId} where product_id = ${mergedId} returning 1) select count(*)::int as n from moved`,
    );
    // The rating is the mean over both products' reviews (counts include reviews imported with the catalogue).
    const droppedSum = duplicateReviews.reduce((sum, review) => sum + review.rating, 0);
    const reviewCount = survivor.review_count + merged.review_count - duplicateReviews.length;
    const ratingSum = Number(survivor.rating) * survivor.review_count + Number(merged.rating) * merged.review_count - droppedSum;
    const rating = reviewCount > 0 ? Math.min(5, Math.max(0, ratingSum / reviewCount)) : 0;
    await tx.execute(sql`update products set
        review_count = ${Math.max(0, reviewCount)}, rating = round(${rating.toFixed(4)}::numeric, 2),
        gtin = coalesce(gtin, (select gtin from products where id = ${mergedId})),
        mpn = coalesce(mpn, (select mpn from products where id = ${mergedId})),
        trending = trending or (select trending from products where id = ${mergedId}),
        updated_at = now()
      where id = ${survivorId}`);

    await tx.execute(sql`update comparison_products set product_id = ${survivorId}
      where product_id = ${mergedId}
        and comparison_id not in (select comparison_id from comparison_products where product_id = ${survivorId})`);
    await tx.execute(sql`delete from comparison_products where product_id = ${mergedId}`);
    await tx.execute(sql`update notifications set product_id = ${survivorId} where product_id = ${mergedId}`);
    const clicks = await count(
      tx,
      sql`with moved as (update click_events set product_id = ${survivorId} where product_id = ${mergedId} returning 1) select count(*)::int as n from moved`,
    );

    // Old URLs (and URLs of products merged into the merged one before) redirect to the survivor.
    await tx.execute(sql`update product_redirects set to_product_id = ${survivorId} where to_product_id = ${mergedId}`);
    await tx.execute(sql`insert into product_redirects (from_product_id, to_product_id) values (${mergedId}, ${survivorId})
      on conflict (from_product_id) do update set to_product_id = excluded.to_product_id`);
    await tx.execute(sql`delete from products where id = ${mergedId}`);
    await refreshBestOffersOf(tx, sql`select ${survivorId}::int as product_id`, { variants: true });

    const result: MergeResult = {
      survivorId,
      mergedId,
      moved: { offers: offersMoved, offersCombined: pairs.length, priceHistory: historyMoved, wishlist, alerts, reviews, feedItems, clicks },
    };
    await recordAudit(tx, actor, {
      action: 'product.merge',
      entityType: 'product',
      entityId: survivorId,
      summary: `Merged product ${mergedId} (${merged.name}) into ${survivorId} (${survivor.name})`,
      details: {
        ...result,
        mergedName: merged.name,
        survivorName: survivor.name,
        ...(duplicateReviews.length > 0 ? { reviewsKeptOnSurvivor: duplicateReviews } : {}),
      },
    });
    // A product fewer or more: every count of its scopes changes (stamped with the version the bump commits).
    await refreshListingStats(tx);
    const version = await bumpCatalogueVersion(tx);
    return { result, version };
  });
}

export async function splitOffer(
  db: Database,
  actor: Actor,
  productId: number,
  offerId: number,
  name?: string,
): Promise<{ result: SplitResult; version: number }> {
  return db.transaction(async (tx) => {
    const product = await queryOne<{ id: number; name: string; slug: string }>(
      tx,
      sql`select id, name, slug from products where id = ${productId} for update`,
    );
    if (!product) throw notFound(`No product ${productId}`);
    const offer = await queryOne<{ id: number; store_id: number; product_id: number; store_name: string }>(
      tx,
      sql`select o.id, o.store_id, o.product_id, s.name as store_name from offers o join stores s on s.id = o.store_id where o.id = ${offerId}`,
    );
    if (!offer || offer.product_id !== productId) throw notFound(`Product ${productId} has no offer ${offerId}`);
    const offers = await count(tx, sql`select count(*)::int as n from offers where product_id = ${productId}`);
    if (offers < 2) throw new HttpError(400, 'This is the product’s only offer: there is nothing to split it from');

    const item = await queryOne<{ title: string; brand: string | null; mpn: string | null; image_link: string }>(
      tx,
      sql`select title, brand, mpn, image_link from feed_items where product_id = ${productId} and store_id = ${offer.store_id}
          order by in_stock desc, current_price asc, item_id limit 1`,
    );
    const newName = name ?? item?.title ?? product.name;
    const created = await queryOne<{ id: number }>(
      tx,
      sql`with next as (select nextval(pg_get_serial_sequence('products', 'id'))::int as id)
          insert into products (id, slug, name, brand, model, category, subcategory, sub_subcategory, description, highlights,
            specifications, features, image, image_gallery, video_url, variants, kind, color)
          select next.id,
            coalesce(nullif(trim(both '-' from left(regexp_replace(lower(${newName}), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'product') || '-' || next.id,
            ${newName}, coalesce(${item?.brand ?? null}, p.brand), p.model, p.category, p.subcategory, p.sub_subcategory,
            p.description, p.highlights, p.specifications, p.features, coalesce(${item?.image_link ?? null}, p.image),
            p.image_gallery, p.video_url, '[]'::jsonb, p.kind, p.color
          from products p, next where p.id = ${productId}
          returning id`,
    );
    if (!created) throw new Error('split: the new product was not inserted');
    await tx.execute(sql`update offers set product_id = ${created.id}, updated_at = now() where id = ${offerId}`);
    // The offer's click-outs go with it: they were clicks on that store's listing, now its own product.
    const clicks = await count(
      tx,
      sql`with moved as (update click_events set product_id = ${created.id} where offer_id = ${offerId} returning 1) select count(*)::int as n from moved`,
    );
    const feedItems = await count(
      tx,
      sql`with moved as (update feed_items set product_id = ${created.id}, updated_at = now()
            where product_id = ${productId} and store_id = ${offer.store_id} returning 1)
          select count(*)::int as n from moved`,
    );
    await refreshBestOffersOf(tx, sql`select unnest(array[${productId}::int, ${created.id}::int]) as product_id`, { variants: true });
    const result: SplitResult = { productId, newProductId: created.id, offerId, clicksMoved: clicks };
    await recordAudit(tx, actor, {
      action: 'product.split',
      entityType: 'product',
      entityId: productId,
      summary: `Split the ${offer.store_name} offer ${offerId} out of product ${productId} (${product.name}) into product ${created.id} (${newName})`,
      details: { ...result, store: offer.store_name, feedItemsMoved: feedItems, newName },
    });
    // A product fewer or more: every count of its scopes changes (stamped with the version the bump commits).
    await refreshListingStats(tx);
    const version = await bumpCatalogueVersion(tx);
    return { result, version };
  });
}
