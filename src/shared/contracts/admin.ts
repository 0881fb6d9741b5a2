/**
 * Contracts of the operator console's API (/api/admin/...): one zod schema validates the request on the server,
 * types the web's fetchers and feeds the OpenAPI document. Inputs are strict: an unknown field is a 400.
 */
import { z } from 'zod';
import { affiliateTemplateSchema } from '../affiliate';
import { isoDate, jsonId, queryId, queryInt } from './common';

export const roleSchema = z.enum(['shopper', 'operator']);

export const operatorSchema = z
  .object({ id: z.number().int(), email: z.string(), username: z.string(), firstName: z.string(), lastName: z.string() })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof operatorSchema>;

export const promoteOperatorBody = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'email is required').max(254),
});

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actor: z.string(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    summary: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: isoDate,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.strictObject({
  before: queryId.optional(),
  limit: queryInt(1, 200).default(50),
  entityType: z.string().max(40).optional(),
  entityId: z.string().max(40).optional(),
});
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---------------------------------------------------------------- stores

export const storeHealthSchema = z.enum(['ok', 'failing', 'stale', 'paused']);
export type StoreHealth = z.infer<typeof storeHealthSchema>;

export const importRunBriefSchema = z
  .object({
    id: z.number().int(),
    /** not_modified: the feed URL answered 304 to a conditional request (nothing changed). */
    status: z.enum(['running', 'succeeded', 'failed', 'not_modified']),
    trigger: z.string(),
    source: z.string(),
    startedAt: isoDate,
    finishedAt: isoDate.nullable(),
    itemsRead: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
    priceChanges: z.number().int(),
    markedOutOfStock: z.number().int(),
    durationMs: z.number().int().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'ImportRunBrief' });
export type ImportRunBrief = z.infer<typeof importRunBriefSchema>;

export const adminStoreSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    homepage: z.string(),
    feedUrl: z.string().nullable(),
    feedIntervalMinutes: z.number().int().nullable(),
    affiliateTagTemplate: z.string().nullable(),
    paused: z.boolean(),
    offerCount: z.number().int(),
    lastRun: importRunBriefSchema.nullable(),
    /** The running import, if any (polled for live progress). */
    running: importRunBriefSchema.nullable(),
    /** When the schedule imports next (null: not scheduled or paused); in the past = due now. */
    nextRunAt: isoDate.nullable(),
    health: storeHealthSchema,
    /** Why the health is not ok. */
    healthReason: z.string().nullable(),
  })
  .meta({ id: 'AdminStore' });
export type AdminStore = z.infer<typeof adminStoreSchema>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** The store form (console) and the body of POST/PATCH /api/admin/stores. */
export const storeFormSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  slug: z
    .string()
    .trim()
    .max(60, 'Slug must be at most 60 characters')
    .refine((value) => value === '' || SLUG.test(value), 'Slug must be lower-case letters, digits and single hyphens (e.g. my-store)')
    .optional(),
  homepage: httpUrl,
  /** An http(s) feed URL; empty = no feed (imports by file upload only). */
  feedUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || httpUrl.safeParse(value).success, 'Feed URL must be an http(s) URL')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  /** Minutes between scheduled imports; null = not scheduled. */
  feedIntervalMinutes: z
    .number({ error: 'Interval must be a number of minutes' })
    .int('Interval must be whole minutes')
    .min(5, 'Interval must be at least 5 minutes')
    .max(10_080, 'Interval must be at most a week (10080 minutes)')
    .nullable()
    .default(null),
  /** tag=bachat-21 (query parameters) or https://track.example/c?u={url}; empty = no tag (src/shared/affiliate.ts). */
  affiliateTagTemplate: affiliateTemplateSchema.nullable().default(null),
});
export type StoreForm = z.input<typeof storeFormSchema>;
export const storePatchSchema = storeFormSchema.omit({ slug: true }).partial().strict();

export const importRunDetailSchema = importRunBriefSchema
  .extend({
    partial: z.boolean(),
    /** The first rejected rows kept with the run (errorCount counts them all): item number, line, feed id, reason. */
    rejectedRows: z.array(z.object({ position: z.number().int(), line: z.number().int().nullable(), itemId: z.string().nullable(), reason: z.string() })),
    /** Set when the import guard flagged the run (rejection rate jump, item count halved); see flagStatus. */
    flagReason: z.string().nullable(),
    flagStatus: z.string().nullable(),
  })
  .meta({ id: 'ImportRunDetail' });
export type ImportRunDetail = z.infer<typeof importRunDetailSchema>;
export const storeRunsQuery = z.strictObject({ limit: queryInt(1, 100).default(20) });

export const importNowResponseSchema = z
  .object({
    storeId: z.number().int(),
    /** The run, when the import started in this process (an uploaded file); null when queued (see jobId). */
    runId: z.number().int().nullable(),
    /** The feed-import job on the queue ("import now" of the feed URL): poll GET /api/admin/import-jobs/{jobId}. */
    jobId: z.string().nullable(),
    detail: z.string(),
  })
  .meta({ id: 'ImportStarted' });
export type ImportNowResponse = z.infer<typeof importNowResponseSchema>;

export const importJobStateSchema = z.enum(['queued', 'running', 'succeeded', 'not_modified', 'failed']);
export type ImportJobState = z.infer<typeof importJobStateSchema>;

/** A queued import as the console polls it: waiting, running (with its run's counters), or done. */
export const importJobSchema = z
  .object({
    jobId: z.string(),
    storeId: z.number().int(),
    state: importJobStateSchema,
    /** The job's import run, once the worker has started it. */
    run: importRunBriefSchema.nullable(),
    /** Why it failed (while queued: why the last attempt failed, before a retry). */
    error: z.string().nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof importJobSchema>;

// ---------------------------------------------------------------- products

export const adminProductRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string(),
    categoryPath: z.string(),
    image: z.string(),
    currentPrice: z.number().nullable(),
    offerCount: z.number().int(),
  })
  .meta({ id: 'AdminProductRow' });
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;
export const adminProductsQuery = z.strictObject({
  q: z.string().trim().max(200).default(''),
  page: queryInt(1, 10_000).default(1),
  pageSize: queryInt(1, 100).default(20),
});
export const adminProductPageSchema = z
  .object({ items: z.array(adminProductRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AdminProductPage' });
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

export const offerOriginItemSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  link: z.string(),
  currentPrice: z.number(),
  inStock: z.boolean(),
  gtin: z.string().nullable(),
  mpn: z.string().nullable(),
  updatedAt: isoDate,
});

export const adminOfferSchema = z
  .object({
    id: z.number().int(),
    store: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    storeItemId: z.string().nullable(),
    currentPrice: z.number(),
    originalPrice: z.number(),
    inStock: z.boolean(),
    url: z.string().nullable(),
    updatedAt: isoDate,
    priceHistoryCount: z.number().int(),
    /** Where the offer came from: 'feed' (the store's feed items below, with the last import that touched it) or 'manual' (seeded or entered by hand). */
    origin: z.enum(['feed', 'manual']),
    lastImport: z.object({ runId: z.number().int(), startedAt: isoDate, source: z.string() }).nullable(),
    feedItems: z.array(offerOriginItemSchema),
  })
  .meta({ id: 'AdminOffer' });
export type AdminOffer = z.infer<typeof adminOfferSchema>;

export const adminProductDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string(),
    model: z.string(),
    categoryPath: z.string(),
    image: z.string(),
    gtin: z.string().nullable(),
    mpn: z.string().nullable(),
    rating: z.number(),
    reviewCount: z.number().int(),
    offers: z.array(adminOfferSchema),
    counts: z.object({
      wishlist: z.number().int(),
      alerts: z.number().int(),
      reviews: z.number().int(),
      priceHistory: z.number().int(),
    }),
    /** Ids of products merged into this one (their URLs redirect here). */
    mergedFrom: z.array(z.number().int()),
  })
  .meta({ id: 'AdminProductDetail' });
export type AdminProductDetail = z.infer<typeof adminProductDetailSchema>;

export const mergeProductsBody = z
  .strictObject({ survivorId: jsonId, mergedId: jsonId })
  .refine((body) => body.survivorId !== body.mergedId, { message: 'Pick two different products', path: ['mergedId'] });
export const mergeResultSchema = z
  .object({
    survivorId: z.number().int(),
    mergedId: z.number().int(),
    moved: z.object({
      offers: z.number().int(),
      offersCombined: z.number().int(),
      priceHistory: z.number().int(),
      wishlist: z.number().int(),
      alerts: z.number().int(),
      reviews: z.number().int(),
      feedItems: z.number().int(),
      /** Click-outs on the merged product, now counted for the survivor. */
      clicks: z.number().int(),
    }),
  })
  .meta({ id: 'MergeResult' });
export type MergeResult = z.infer<typeof mergeResultSchema>;

export const splitOfferBody = z.strictObject({
  offerId: jsonId,
  /** The new product's name (default: the store's item title, else the current product's name). */
  name: z.string().trim().min(1).max(300).optional(),
});
export const splitResultSchema = z
  .object({
    productId: z.number().int(),
    newProductId: z.number().int(),
    offerId: z.number().int(),
    /** Click-outs on the offer, which stay with it (now counted for the new product). */
    clicksMoved: z.number().int(),
  })
  .meta({ id: 'SplitResult' });
export type SplitResult = z.infer<typeof splitResultSchema>;

// ---------------------------------------------------------------- category mapping

export const categoryMappingSchema = z
  .object({ source: z.string(), target: z.string(), builtIn: z.boolean() })
  .meta({ id: 'CategoryMapping' });
export type CategoryMapping = z.infer<typeof categoryMappingSchema>;
export const categoryMappingsResponseSchema = z
  .object({ items: z.array(categoryMappingSchema), targets: z.array(z.string()) })
  .meta({ id: 'CategoryMappings' });
export type CategoryMappingsResponse = z.infer<typeof categoryMappingsResponseSchema>;
export const setCategoryMappingBody = z.strictObject({
  source: z.string().trim().min(1, 'Feed category is required').max(500),
  target: z.string().trim().min(1, 'Catalogue category is required').max(200),
});
export const removeCategoryMappingQuery = z.strictObject({ source: z.string().trim().min(1).max(500) });
