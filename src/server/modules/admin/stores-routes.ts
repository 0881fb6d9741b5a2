/** Stores in the console: list with import health, add, edit, pause/resume, import now (feed URL or uploaded file). */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { desc, eq, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStoreSchema,
  type AdminStore,
  type ImportJob,
  importJobSchema,
  importNowResponseSchema,
  importRunDetailSchema,
  storeFormSchema,
  storePatchSchema,
  storeRunsQuery,
} from '@/shared/contracts/admin';
import { errorSchema, idParam } from '@/shared/contracts/common';
import type { AppConfig } from '@/server/config';
import { announceCatalogueVersion, bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { refreshListingStats } from '@/server/modules/products/listing-stats';
import { importRuns, stores } from '@/server/db/schema';
import { HttpError, badRequest, notFound } from '@/server/http-error';
import { ImportBusyError } from '@/server/modules/feeds/import-feed';
import type { App } from '@/server/types';
import { type Actor, recordAudit } from './audit';
import { actorOf, adminSecurity, guarded } from './guard';
import { type ImportLauncher, runningRunOf } from './import-now';
import { listAdminStores, runBrief, type RunStatus, slugify, toRunBrief } from './stores';

const tags = ['admin'];
const storeParams = z.object({ id: idParam });
/** An uploaded feed file may be large (a big store's full feed); it streams to disk, never into memory. */
export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;
const UPLOAD_NAME = /^[\w.() -]{1,120}$/;

type StoreOptions = { config: Pick<AppConfig, 'DATA_DIR'>; launcher: ImportLauncher };

export async function adminStoreRoutes(app: App, options: StoreOptions) {
  const { db } = app.database;
  const { launcher } = options;

  const findStore = async (id: number) => {
    const [row] = await db.select().from(stores).where(eq(stores.id, id));
    if (!row) throw notFound('No such store');
    return row;
  };
  const adminStore = async (id: number): Promise<AdminStore> => {
    const [row] = await listAdminStores(db, { storeId: id });
    if (!row) throw notFound('No such store');
    return row;
  };

  app.get(
    '/admin/stores',
    { schema: { tags, security: adminSecurity, summary: 'Stores with their last import, next run and health', response: { 200: z.array(adminStoreSchema), ...guarded } } },
    async () => listAdminStores(db),
  );

  app.get(
    '/admin/stores/:id',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'One store (poll it for a running import’s progress)',
        params: storeParams,
        response: { 200: adminStoreSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => adminStore(request.params.id),
  );

  app.get(
    '/admin/stores/:id/runs',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'A store’s recent imports, newest first, with the rejected rows each kept',
        params: storeParams,
        querystring: storeRunsQuery,
        response: { 200: z.array(importRunDetailSchema), 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => {
      await findStore(request.params.id);
      const runs = await db
        .select()
        .from(importRuns)
        .where(eq(importRuns.storeId, request.params.id))
        .orderBy(desc(importRuns.startedAt), desc(importRuns.id))
        .limit(request.query.limit);
      return runs.map((run) => ({
        ...toRunBrief({
          id: run.id,
          status: run.status as RunStatus,
          trigger: run.trigger,
          source: run.source,
          started_at: run.startedAt,
          finished_at: run.finishedAt,
          heartbeat_at: run.heartbeatAt,
          items_read: run.itemsRead,
          created: run.created,
          updated: run.updated,
          unchanged: run.unchanged,
          error_count: run.errorCount,
          price_changes: run.priceChanges,
          marked_out_of_stock: run.markedOutOfStock,
          duration_ms: run.durationMs,
          message: run.message,
        }),
        partial: run.partial,
        rejectedRows: run.errors.map((row) => ({ position: row.position, line: row.line ?? null, itemId: row.id ?? null, reason: row.reason })),
        flagReason: run.flagReason,
        flagStatus: run.flagStatus,
      }));
    },
  );

  app.post(
    '/admin/stores',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Add a store',
        body: storeFormSchema,
        response: { 201: adminStoreSchema, 400: errorSchema, 409: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(app, request);
      const body = request.body;
      if (body.feedIntervalMinutes !== null && body.feedUrl === null) throw badRequest('A schedule needs a feed URL');
      const explicitSlug = body.slug !== undefined && body.slug !== '';
      const base = explicitSlug ? (body.slug as string) : slugify(body.name);
      const id = await db.transaction(async (tx) => {
        for (let n = 1; n < 100; n += 1) {
          const slug = n === 1 ? base : `${base.slice(0, 56)}-${n}`;
          const [row] = await tx
            .insert(stores)
            .values({
              slug,
              name: body.name,
              homepage: body.homepage,
              feedUrl: body.feedUrl,
              feedIntervalMinutes: body.feedIntervalMinutes,
              affiliateTagTemplate: body.affiliateTagTemplate,
            })
            .onConflictDoNothing()
            .returning({ id: stores.id });
          if (row) {
            await recordAudit(tx, actor, {
              action: 'store.create',
              entityType: 'store',
              entityId: row.id,
              summary: `Added the store ${body.name} (${slug})`,
              details: { slug, name: body.name, homepage: body.homepage, feedUrl: body.feedUrl, feedIntervalMinutes: body.feedIntervalMinutes },
            });
            return row.id;
          }
          if (explicitSlug) throw new HttpError(409, `A store with the slug "${slug}" already exists`);
        }
        throw new HttpError(409, 'Pick a slug: every variant of this name is taken');
      });
      return reply.status(201).send(await adminStore(id));
    },
  );

  app.patch(
    '/admin/stores/:id',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Edit a store (name, homepage, feed URL, interval, affiliate tag template)',
        params: storeParams,
        body: storePatchSchema,
        response: { 200: adminStoreSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const existing = await findStore(request.params.id);
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined)) as Partial<typeof existing>;
      const feedUrl = changes.feedUrl === undefined ? existing.feedUrl : changes.feedUrl;
      const interval = changes.feedIntervalMinutes === undefined ? existing.feedIntervalMinutes : changes.feedIntervalMinutes;
      if (interval !== null && feedUrl === null) throw badRequest('A schedule needs a feed URL');
      const changed = Object.entries(changes).filter(([key, value]) => existing[key as keyof typeof existing] !== value);
      if (changed.length > 0) {
        const version = await db.transaction(async (tx) => {
          await tx.update(stores).set(changes).where(eq(stores.id, existing.id));
          await recordAudit(tx, actor, {
            action: 'store.update',
            entityType: 'store',
            entityId: existing.id,
            summary: `Edited the store ${existing.name}: ${changed.map(([key]) => key).join(', ')}`,
            details: Object.fromEntries(changed.map(([key, value]) => [key, { from: existing[key as keyof typeof existing], to: value }])),
          });
          // The store's name and links are part of every product answer that lists its offers, and its name labels
          // the Store facet: the unfiltered listings' counts are recomputed for the version this bump commits.
          await refreshListingStats(tx);
          return bumpCatalogueVersion(tx);
        });
        announceCatalogueVersion(db, version);
      }
      return adminStore(existing.id);
    },
  );

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/admin/stores/:id/${action}`,
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: action === 'pause' ? 'Pause a store’s scheduled imports' : 'Resume a paused store',
          params: storeParams,
          response: { 200: adminStoreSchema, 400: errorSchema, 404: errorSchema, ...guarded },
        },
      },
      async (request) => {
        const actor = await actorOf(app, request);
        const store = await findStore(request.params.id);
        if ((store.pausedAt !== null) !== (action === 'pause')) {
          await db.transaction(async (tx) => {
            await tx
              .update(stores)
              .set({ pausedAt: action === 'pause' ? sql`now()` : null })
              .where(eq(stores.id, store.id));
            await recordAudit(tx, actor, {
              action: `store.${action}`,
              entityType: 'store',
              entityId: store.id,
              summary: `${action === 'pause' ? 'Paused' : 'Resumed'} the store ${store.name}`,
            });
          });
        }
        return adminStore(store.id);
      },
    );
  }

  const started = async (actor: Actor, store: typeof stores.$inferSelect, source: string, label: string, deleteAfter: boolean) => {
    let runId: number | null;
    try {
      runId = await launcher.start(store, source, { deleteAfter });
    } catch (error) {
      if (error instanceof ImportBusyError) throw new HttpError(409, error.message);
      throw error;
    }
    await recordAudit(db, actor, {
      action: 'store.import',
      entityType: 'store',
      entityId: store.id,
      summary: `Started an import of ${store.name} from ${label}${runId === null ? '' : ` (run ${runId})`}`,
      details: { runId, source: label },
    });
    return { storeId: store.id, runId, jobId: null, detail: `Importing ${label} into ${store.name}` };
  };

  /** "Import now" of the store's feed URL: a feed-import job on the queue (a worker of any instance runs it). */
  const queued = async (actor: Actor, store: typeof stores.$inferSelect, feedUrl: string) => {
    const jobs = app.jobs;
    if (!jobs) throw new Error('no job queue');
    const busy = await runningRunOf(db, store.id);
    if (busy) throw new HttpError(409, `An import of "${store.name}" is already running (run ${busy.id}).`);
    const jobId = await jobs.sendStoreImport({ storeId: store.id, trigger: 'operator' });
    if (jobId === null) throw new HttpError(409, `An import of "${store.name}" is already waiting on the job queue.`);
    await recordAudit(db, actor, {
      action: 'store.import',
      entityType: 'store',
      entityId: store.id,
      summary: `Queued an import of ${store.name} from ${feedUrl} (job ${jobId})`,
      details: { jobId, source: feedUrl },
    });
    return { storeId: store.id, runId: null, jobId, detail: `Import of ${feedUrl} into ${store.name} queued` };
  };

  app.get(
    '/admin/import-jobs/:jobId',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'A queued import: waiting, running (its run’s counters) or done (poll it for live progress)',
        params: z.object({ jobId: z.uuid() }),
        response: { 200: importJobSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request): Promise<ImportJob> => {
      const job = app.jobs ? await app.jobs.getStoreImport(request.params.jobId) : null;
      if (!job) throw notFound('No such import job');
      const storeId = job.data.storeId;
      const error = job.error ?? null;
      switch (job.state) {
        case 'created':
        case 'retry':
          return { jobId: job.id, storeId, state: 'queued', run: null, error };
        case 'active':
          return { jobId: job.id, storeId, state: 'running', run: await runBrief(db, { runningOfStore: storeId }), error: null };
        default: {
          const run = job.summary ? await runBrief(db, { runId: job.summary.runId }) : null;
          const state = job.state === 'completed' && job.summary ? job.summary.status : 'failed';
          return { jobId: job.id, storeId, state, run, error: state === 'failed' ? (error ?? job.summary?.message ?? 'The import did not run') : null };
        }
      }
    },
  );

  app.post(
    '/admin/stores/:id/import',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Import the store’s feed URL now (queued as a job: poll GET /admin/import-jobs/{jobId} for its progress)',
        params: storeParams,
        response: { 202: importNowResponseSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(app, request);
      const store = await findStore(request.params.id);
      if (!store.feedUrl) throw badRequest('This store has no feed URL: add one, or upload a feed file');
      if (app.jobs) return reply.status(202).send(await queued(actor, store, store.feedUrl));
      return reply.status(202).send(await started(actor, store, store.feedUrl, store.feedUrl, false));
    },
  );

  // An uploaded feed file: the raw bytes as application/octet-stream, its name (for the format) in ?name=.
  await app.register(async (instance) => {
    const upload = instance.withTypeProvider<ZodTypeProvider>();
    upload.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    upload.post(
      '/admin/stores/:id/import-file',
      {
        schema: {
          tags,
          security: adminSecurity,
          summary: 'Import an uploaded feed file now (body: the file as application/octet-stream; name: its file name)',
          params: storeParams,
          querystring: z.strictObject({ name: z.string().trim().regex(UPLOAD_NAME, 'must be a plain file name such as feed.xml') }),
          response: { 202: importNowResponseSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema, ...guarded },
        },
      },
      async (request, reply) => {
        const actor = await actorOf(app, request);
        const store = await findStore(request.params.id);
        const body = request.body as NodeJS.ReadableStream | undefined;
        if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') {
          throw new HttpError(415, 'Send the feed file as application/octet-stream');
        }
        const dir = path.join(options.config.DATA_DIR, 'uploads');
        await mkdir(dir, { recursive: true });
        const name = request.query.name.replace(/\s+/g, '-');
        const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}-${name}`);
        let size = 0;
        const limit = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            if (size > MAX_UPLOAD_BYTES) callback(new HttpError(413, `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`));
            else callback(null, chunk);
          },
        });
        try {
          await pipeline(body, limit, createWriteStream(file));
        } catch (error) {
          await rm(file, { force: true });
          if (error instanceof HttpError) throw error;
          throw badRequest('The upload was interrupted');
        }
        if (size === 0) {
          await rm(file, { force: true });
          throw badRequest('The file is empty');
        }
        return reply.status(202).send(await started(actor, store, file, `the file ${request.query.name}`, true));
      },
    );
  });
}
