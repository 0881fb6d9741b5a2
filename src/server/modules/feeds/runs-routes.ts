/**
 * The operator API for feed import runs (issue 14): runs with their statistics, each run's rejected items
 * (filterable by field and text, paginated, downloadable as CSV), and confirming a run the guard flagged
 * (its missing items are delisted then). Operators only (`app.requireOperator`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorSchema, queryId } from '@/shared/contracts/common';
import {
  confirmRunResultSchema,
  type ImportRun,
  importRunPageSchema,
  importRunSchema,
  importRunsQuery,
  rejectionPageSchema,
  rejectionsQuery,
} from '@/shared/contracts/import-runs';
import { attachment, toCsv } from '@/server/csv';
import { HttpError, notFound } from '@/server/http-error';
import { recordAudit } from '@/server/modules/admin/audit';
import { actorOf } from '@/server/modules/admin/guard';
import type { App } from '@/server/types';
import { ConfirmRefusedError, confirmFlaggedRun } from './import-feed';
import { queryOne, queryRows } from './sql-rows';

const tags = ['admin'];
const security = [{ bearerAuth: [] }];
const guarded = { 401: errorSchema, 403: errorSchema } as const;
const runParams = z.object({ id: queryId }).strict();

type RunRow = {
  id: number;
  store_slug: string;
  store_name: string;
  source: string;
  trigger: string;
  status: string;
  partial: boolean;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  items_read: number;
  created: number;
  updated: number;
  unchanged: number;
  price_changes: number;
  marked_out_of_stock: number;
  products_created: number;
  error_count: number;
  message: string | null;
  flag_status: string | null;
  flag_reason: string | null;
  confirmed_at: string | null;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

function toRun(row: RunRow): ImportRun {
  return {
    id: row.id,
    storeSlug: row.store_slug,
    storeName: row.store_name,
    source: row.source,
    trigger: row.trigger,
    status: row.status,
    partial: row.partial,
    startedAt: iso(row.started_at) as string,
    finishedAt: iso(row.finished_at),
    durationMs: row.duration_ms,
    itemsRead: row.items_read,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    priceChanges: row.price_changes,
    markedOutOfStock: row.marked_out_of_stock,
    productsCreated: row.products_created,
    rejected: row.error_count,
    message: row.message,
    flagStatus: row.flag_status,
    flagReason: row.flag_reason,
    confirmedAt: iso(row.confirmed_at),
  };
}

const RUN_COLUMNS = sql`r.id, s.slug as store_slug, s.name as store_name, r.source, r.trigger, r.status, r.partial,
  r.started_at::text as started_at, r.finished_at::text as finished_at, r.duration_ms, r.items_read, r.created, r.updated,
  r.unchanged, r.price_changes, r.marked_out_of_stock, r.products_created, r.error_count, r.message, r.flag_status,
  r.flag_reason, r.confirmed_at::text as confirmed_at`;

function rejectionFilter(runId: number, query: { field?: string | undefined; q?: string | undefined }): SQL {
  const parts = [sql`run_id = ${runId}`];
  if (query.field) parts.push(sql`field = ${query.field}`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(sql`(reason ilike ${like} or item_id ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

export async function importRunRoutes(app: App) {
  const { db } = app.database;
  app.addHook('onRequest', app.requireOperator);

  const findRun = async (id: number) => {
    const row = await queryOne<RunRow>(db, sql`select ${RUN_COLUMNS} from import_runs r join stores s on s.id = r.store_id where r.id = ${id}`);
    if (!row) throw notFound(`Import run ${id} not found`);
    return toRun(row);
  };

  app.get(
    '/admin/import-runs',
    {
      schema: {
        tags,
        security,
        summary: 'Feed import runs, newest first, with their statistics (operators)',
        querystring: importRunsQuery,
        response: { 200: importRunPageSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const { store, status, flagged } = request.query;
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const parts: SQL[] = [sql`true`];
      if (store) parts.push(sql`s.slug = ${store}`);
      if (status) parts.push(sql`r.status = ${status}`);
      if (flagged === 'true') parts.push(sql`r.flag_status = 'flagged'`);
      if (flagged === 'false') parts.push(sql`r.flag_status is distinct from 'flagged'`);
      const where = sql.join(parts, sql` and `);
      const total = (await queryOne<{ n: number }>(db, sql`select count(*)::int as n from import_runs r join stores s on s.id = r.store_id where ${where}`))?.n ?? 0;
      const rows = await queryRows<RunRow>(
        db,
        sql`select ${RUN_COLUMNS} from import_runs r join stores s on s.id = r.store_id where ${where}
            order by r.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      return { items: rows.map(toRun), total, page, pageSize };
    },
  );

  app.get(
    '/admin/import-runs/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One import run with its statistics (operators)',
        params: runParams,
        response: { 200: importRunSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => findRun(request.params.id),
  );

  app.get(
    '/admin/import-runs/:id/rejections',
    {
      schema: {
        tags,
        security,
        summary: 'The rejected items of a run: item number or line, item id, field and reason; filter by field or text (operators)',
        params: runParams,
        querystring: rejectionsQuery,
        response: { 200: rejectionPageSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const runId = (await findRun(request.params.id)).id;
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 50;
      const where = rejectionFilter(runId, request.query);
      const total = (await queryOne<{ n: number }>(db, sql`select count(*)::int as n from import_rejections where ${where}`))?.n ?? 0;
      const items = await queryRows<{ position: number; line: number | null; item_id: string | null; field: string; reason: string }>(
        db,
        sql`select position, line, item_id, field, reason from import_rejections where ${where}
            order by position, id limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      const fields = await queryRows<{ field: string; count: number }>(
        db,
        sql`select field, count(*)::int as count from import_rejections where run_id = ${runId} group by field order by count desc, field`,
      );
      return {
        items: items.map((row) => ({ position: row.position, line: row.line, itemId: row.item_id, field: row.field, reason: row.reason })),
        total,
        page,
        pageSize,
        fields,
      };
    },
  );

  app.get(
    '/admin/import-runs/:id/rejections.csv',
    {
      schema: {
        tags,
        security,
        summary: 'The rejected items of a run as CSV, with the same filters (operators)',
        params: runParams,
        querystring: rejectionsQuery.omit({ page: true, pageSize: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const runId = (await findRun(request.params.id)).id;
      const rows = await queryRows<{ position: number; line: number | null; item_id: string | null; field: string; reason: string }>(
        db,
        sql`select position, line, item_id, field, reason from import_rejections where ${rejectionFilter(runId, request.query)} order by position, id`,
      );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', attachment(`import-run-${runId}-rejections.csv`));
      return toCsv(
        ['position', 'line', 'item_id', 'field', 'reason'],
        rows.map((row) => [row.position, row.line, row.item_id, row.field, row.reason]),
      );
    },
  );

  app.post(
    '/admin/import-runs/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm a flagged run: the store’s items its feed no longer lists go out of stock (operators)',
        params: runParams,
        response: { 200: confirmRunResultSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const run = await findRun(request.params.id);
      const actor = await actorOf(app, request);
      let markedOutOfStock: number;
      try {
        ({ markedOutOfStock } = await confirmFlaggedRun(db, run.id, actor.userId));
      } catch (error) {
        if (error instanceof ConfirmRefusedError) throw new HttpError(409, error.message);
        throw error;
      }
      await recordAudit(db, actor, {
        action: 'import-run.confirm',
        entityType: 'import-run',
        entityId: run.id,
        summary: `Confirmed flagged import run ${run.id} of ${run.storeName}: ${markedOutOfStock} missing items delisted`,
        details: { reason: run.flagReason, markedOutOfStock },
      });
      return { run: await findRun(run.id), markedOutOfStock };
    },
  );
}
