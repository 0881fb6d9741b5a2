/** Products in the console: search, a product's offers and where each came from, merge, split. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminProductDetailSchema,
  type AdminProductDetail,
  adminProductPageSchema,
  adminProductsQuery,
  mergeProductsBody,
  mergeResultSchema,
  splitOfferBody,
  splitResultSchema,
} from '@/shared/contracts/admin';
import { errorSchema, idParam, PG_INT_MAX } from '@/shared/contracts/common';
import { announceCatalogueVersion } from '@/server/db/catalogue-version';
import { notFound } from '@/server/http-error';
import { queryOne, queryRows } from '@/server/modules/feeds/sql-rows';
import type { App } from '@/server/types';
import { actorOf, adminSecurity, guarded } from './guard';
import { mergeProducts, splitOffer } from './product-merge';

const tags = ['admin'];
const num = (value: string | number | null) => (value === null ? null : Number(value));
const iso = (value: string | Date) => new Date(value).toISOString();
const pathText = (row: { category: string; subcategory: string | null; sub_subcategory: string | null }) =>
  [row.category, row.subcategory, row.sub_subcategory].filter(Boolean).join('/');

export async function adminProductRoutes(app: App) {
  const { db } = app.database;

  app.get(
    '/admin/products',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Search the catalogue by id, name, brand, model, category or store',
        querystring: adminProductsQuery,
        response: { 200: adminProductPageSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
      let where = sql`true`;
      // Digits that no id can reach (past PostgreSQL's integer) are searched as text, never cast into an id.
      if (/^\d{1,10}$/.test(q) && Number(q) <= PG_INT_MAX) where = sql`p.id = ${Number(q)}`;
      else if (words.length > 0) {
        where = sql.join(
          words.map((word) => sql`ps.search_text like ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`),
          sql` and `,
        );
      }
      const rows = await queryRows<{
        id: number;
        name: string;
        brand: string;
        category: string;
        subcategory: string | null;
        sub_subcategory: string | null;
        image: string;
        current_price: string | null;
        offer_count: number;
        total: number;
      }>(
        db,
        sql`select p.id, p.name, p.brand, p.category, p.subcategory, p.sub_subcategory, p.image, p.current_price::text as current_price,
              (select count(*)::int from offers o where o.product_id = p.id) as offer_count,
              (count(*) over ())::int as total
            from products p left join product_search ps on ps.product_id = p.id
            where ${where}
            order by p.id
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          brand: row.brand,
          categoryPath: pathText(row),
          image: row.image,
          currentPrice: num(row.current_price),
          offerCount: row.offer_count,
        })),
        total: rows[0]?.total ?? 0,
        page,
        pageSize,
      };
    },
  );

  app.get(
    '/admin/products/:id',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'A product with its offers, where each came from, and what points at it',
        params: z.object({ id: idParam }),
        response: { 200: adminProductDetailSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request): Promise<AdminProductDetail> => {
      const id = request.params.id;
      const product = await queryOne<{
        id: number;
        name: string;
        brand: string;
        model: string;
        category: string;
        subcategory: string | null;
        sub_subcategory: string | null;
        image: string;
        gtin: string | null;
        mpn: string | null;
        rating: string;
        review_count: number;
        wishlist: number;
        alerts: number;
        reviews: number;
        history: number;
        merged_from: number[] | null;
      }>(
        db,
        sql`select p.id, p.name, p.brand, p.model, p.category, p.subcategory, p.sub_subcategory, p.image, p.gtin, p.mpn,
              p.rating::text as rating, p.review_count,
              (select count(*)::int from wishlist_items w where w.product_id = p.id) as wishlist,
              (select count(*)::int from price_alerts a where a.product_id = p.id) as alerts,
              (select count(*)::int from reviews r where r.product_id = p.id) as reviews,
              (select count(*)::int from price_history h join offers o on o.id = h.offer_id where o.product_id = p.id) as history,
              (select array_agg(from_product_id order by from_product_id) from product_redirects where to_product_id = p.id) as merged_from
            from products p where p.id = ${id}`,
      );
      if (!product) throw notFound('Product not found');
      const offers = await queryRows<{
        id: number;
        store_id: number;
        store_slug: string;
        store_name: string;
        store_item_id: string | null;
        current_price: string;
        original_price: string;
        in_stock: boolean;
        affiliate_url: string | null;
        updated_at: string | Date;
        history: number;
        items: unknown;
        last_run: unknown;
      }>(
        db,
        sql`select o.id, s.id as store_id, s.slug as store_slug, s.name as store_name, o.store_item_id,
              o.current_price::text as current_price, o.original_price::text as original_price, o.in_stock, o.affiliate_url,
              o.updated_at, (select count(*)::int from price_history h where h.offer_id = o.id) as history,
              (select coalesce(json_agg(json_build_object('itemId', fi.item_id, 'title', fi.title, 'link', fi.link,
                  'currentPrice', fi.current_price, 'inStock', fi.in_stock, 'gtin', fi.gtin_key, 'mpn', fi.mpn,
                  'updatedAt', fi.updated_at) order by fi.position), '[]'::json)
                from feed_items fi where fi.product_id = o.product_id and fi.store_id = o.store_id) as items,
              (select json_build_object('runId', r.id, 'startedAt', r.started_at, 'source', r.source)
                from import_runs r where r.store_id = o.store_id and r.status = 'succeeded'
                  and r.started_at <= o.updated_at + interval '1 hour'
                order by r.started_at desc limit 1) as last_run
            from offers o join stores s on s.id = o.store_id
            where o.product_id = ${id}
            order by o.in_stock desc, o.current_price asc, o.id`,
      );
      const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
      return {
        id: product.id,
        name: product.name,
        brand: product.brand,
        model: product.model,
        categoryPath: pathText(product),
        image: product.image,
        gtin: product.gtin,
        mpn: product.mpn,
        rating: Number(product.rating),
        reviewCount: product.review_count,
        counts: { wishlist: product.wishlist, alerts: product.alerts, reviews: product.reviews, priceHistory: product.history },
        mergedFrom: product.merged_from ?? [],
        offers: offers.map((offer) => {
          const items = parse<{ itemId: string; title: string; link: string; currentPrice: string | number; inStock: boolean; gtin: string | null; mpn: string | null; updatedAt: string }[]>(offer.items);
          const lastRun = parse<{ runId: number; startedAt: string; source: string } | null>(offer.last_run);
          return {
            id: offer.id,
            store: { id: offer.store_id, slug: offer.store_slug, name: offer.store_name },
            storeItemId: offer.store_item_id,
            currentPrice: Number(offer.current_price),
            originalPrice: Number(offer.original_price),
            inStock: offer.in_stock,
            url: offer.affiliate_url,
            updatedAt: iso(offer.updated_at),
            priceHistoryCount: offer.history,
            origin: items.length > 0 ? ('feed' as const) : ('manual' as const),
            lastImport: items.length > 0 && lastRun ? { runId: lastRun.runId, startedAt: iso(lastRun.startedAt), source: lastRun.source } : null,
            feedItems: items.map((item) => ({ ...item, currentPrice: Number(item.currentPrice), updatedAt: iso(item.updatedAt) })),
          };
        }),
      };
    },
  );

  app.post(
    '/admin/products/merge',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Merge a product into another (offers, history, wishlists, alerts, reviews move; its URL redirects)',
        body: mergeProductsBody,
        response: { 200: mergeResultSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const { result, version } = await mergeProducts(db, actor, request.body.survivorId, request.body.mergedId);
      announceCatalogueVersion(db, version);
      return result;
    },
  );

  app.post(
    '/admin/products/:id/split',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Split one of a product’s offers out into a product of its own',
        params: z.object({ id: idParam }),
        body: splitOfferBody,
        response: { 201: splitResultSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(app, request);
      const { result, version } = await splitOffer(db, actor, request.params.id, request.body.offerId, request.body.name);
      announceCatalogueVersion(db, version);
      return reply.status(201).send(result);
    },
  );
}
