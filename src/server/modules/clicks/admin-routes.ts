/**
 * The operator's click statistics (issue 14), over `click_events` written by `/go/{offerId}`:
 * GET /api/admin/clicks (per store per day, top products, click-through by source page) and
 * GET /api/admin/clicks/export.csv (the same, as CSV). Operators only (`app.requireOperator`).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ClickStats, clickStatsQuery, clickStatsSchema } from '@/shared/contracts/clicks';
import { errorSchema } from '@/shared/contracts/common';
import { attachment, toCsv } from '@/server/csv';
import type { Database } from '@/server/db/client';
import { badRequest } from '@/server/http-error';
import type { App } from '@/server/types';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const DAY_MS = 86_400_000;
const MAX_DAYS = 366;

type Range = { from: string; to: string; store: string | undefined; limit: number };

function rangeOf(query: z.infer<typeof clickStatsQuery>): Range {
  const to = query.to ?? new Date().toISOString().slice(0, 10);
  const from = query.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs)) throw badRequest('query: from and to must be real dates like 2026-11-25');
  if (fromMs > toMs) throw badRequest('query.from: must not be after to');
  if ((toMs - fromMs) / DAY_MS >= MAX_DAYS) throw badRequest(`query: a range of at most ${MAX_DAYS} days`);
  return { from, to, store: query.store, limit: query.limit ?? 20 };
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export async function clickStats(db: Database, range: Range): Promise<ClickStats> {
  const where = sql`c.clicked_at >= ${range.from}::date and c.clicked_at < ${range.to}::date + 1
    ${range.store ? sql`and s.slug = ${range.store}` : sql``}`;
  const days = await rows<{ day: string; store_slug: string; store_name: string; clicks: number; signed_in: number; from_product: number }>(
    db,
    sql`select to_char(c.clicked_at at time zone 'UTC', 'YYYY-MM-DD') as day, s.slug as store_slug, s.name as store_name,
          count(*)::int as clicks, count(c.user_id)::int as signed_in,
          (count(*) filter (where c.source_page = 'product'))::int as from_product
        from click_events c join stores s on s.id = c.store_id
        where ${where}
        group by 1, s.slug, s.name order by 1, s.slug`,
  );
  const products = await rows<{ product_id: number | null; product_name: string | null; clicks: number; from_product: number }>(
    db,
    sql`select c.product_id, p.name as product_name, count(*)::int as clicks,
          (count(*) filter (where c.source_page = 'product'))::int as from_product
        from click_events c join stores s on s.id = c.store_id left join products p on p.id = c.product_id
        where ${where}
        group by c.product_id, p.name order by clicks desc, c.product_id limit ${range.limit}`,
  );
  const sources = await rows<{ source_page: string; clicks: number }>(
    db,
    sql`select c.source_page, count(*)::int as clicks
        from click_events c join stores s on s.id = c.store_id
        where ${where} group by 1 order by clicks desc, 1`,
  );
  const total = sources.reduce((sum, row) => sum + row.clicks, 0);
  const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000);
  return {
    from: range.from,
    to: range.to,
    total,
    days: days.map((row) => ({
      day: row.day,
      storeSlug: row.store_slug,
      storeName: row.store_name,
      clicks: row.clicks,
      signedIn: row.signed_in,
      fromProductPage: row.from_product,
    })),
    topProducts: products.map((row) => ({
      productId: row.product_id,
      productName: row.product_name,
      clicks: row.clicks,
      fromProductPage: row.from_product,
      productPageShare: share(row.from_product, row.clicks),
    })),
    sources: sources.map((row) => ({ sourcePage: row.source_page, clicks: row.clicks, share: share(row.clicks, total) })),
  };
}

const exportQuery = clickStatsQuery.extend({ view: z.enum(['days', 'products']).default('days') }).strict();

export async function clickAdminRoutes(app: App) {
  const { db } = app.database;
  app.addHook('onRequest', app.requireOperator);

  app.get(
    '/admin/clicks',
    {
      schema: {
        tags,
        security,
        summary: 'Click-outs per store per day, top products and click-through by source page (operators)',
        querystring: clickStatsQuery,
        response: { 200: clickStatsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => clickStats(db, rangeOf(request.query)),
  );

  app.get(
    '/admin/clicks/export.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Click statistics as CSV: per store per day (view=days) or top products (view=products) (operators)',
        querystring: exportQuery,
        produces: ['text/csv'],
        response: { 200: z.string(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const range = rangeOf({ ...request.query, limit: request.query.view === 'products' ? 500 : request.query.limit });
      const stats = await clickStats(db, range);
      const csv =
        request.query.view === 'products'
          ? toCsv(
              ['product_id', 'product', 'clicks', 'from_product_page', 'product_page_share'],
              stats.topProducts.map((row) => [row.productId, row.productName, row.clicks, row.fromProductPage, row.productPageShare]),
            )
          : toCsv(
              ['day', 'store', 'store_name', 'clicks', 'signed_in', 'from_product_page'],
              stats.days.map((row) => [row.day, row.storeSlug, row.storeName, row.clicks, row.signedIn, row.fromProductPage]),
            );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', attachment(`clicks-${request.query.view}-${range.from}-${range.to}.csv`));
      return csv;
    },
  );
}
