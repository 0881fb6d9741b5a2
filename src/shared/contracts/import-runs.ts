import { z } from 'zod';
import { isoDate, queryInt } from './common';

/** GET /api/admin/import-runs: newest first, optionally one store's, only flagged ones, or one status. */
export const importRunsQuery = z
  .object({
    store: z.string().max(100).optional(),
    status: z.enum(['running', 'succeeded', 'failed', 'not_modified']).optional(),
    flagged: z.enum(['true', 'false']).optional(),
    page: queryInt(1, 10_000).optional(),
    pageSize: queryInt(1, 100).optional(),
  })
  .strict();

export const importRunSchema = z
  .object({
    id: z.number().int(),
    storeSlug: z.string(),
    storeName: z.string(),
    source: z.string(),
    trigger: z.string(),
    status: z.string(),
    partial: z.boolean(),
    startedAt: isoDate,
    finishedAt: isoDate.nullable(),
    durationMs: z.number().int().nullable(),
    itemsRead: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    priceChanges: z.number().int(),
    markedOutOfStock: z.number().int(),
    productsCreated: z.number().int(),
    /** Every rejected item, counted (import_rejections keeps up to 10,000 of them). */
    rejected: z.number().int(),
    message: z.string().nullable(),
    /** null (not flagged), 'flagged' (missing items not delisted: confirm), 'confirmed', 'superseded'. */
    flagStatus: z.string().nullable(),
    flagReason: z.string().nullable(),
    confirmedAt: isoDate.nullable(),
  })
  .meta({ id: 'ImportRun' });
export type ImportRun = z.infer<typeof importRunSchema>;

export const importRunPageSchema = z
  .object({ items: z.array(importRunSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'ImportRunPage' });

/** GET /api/admin/import-runs/:id/rejections: filter by field and by text in the reason or item id. */
export const rejectionsQuery = z
  .object({
    field: z.string().max(60).optional(),
    q: z.string().max(200).optional(),
    page: queryInt(1, 10_000).optional(),
    pageSize: queryInt(1, 500).optional(),
  })
  .strict();

export const rejectionSchema = z.object({
  /** Item number (XML) or line (CSV/TSV). */
  position: z.number().int(),
  /** The line an XML item starts on. */
  line: z.number().int().nullable(),
  itemId: z.string().nullable(),
  field: z.string(),
  reason: z.string(),
});
export type Rejection = z.infer<typeof rejectionSchema>;

export const rejectionPageSchema = z
  .object({
    items: z.array(rejectionSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Rejections per field in the whole run (for the filter). */
    fields: z.array(z.object({ field: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'RejectionPage' });

export const confirmRunResultSchema = z
  .object({ run: importRunSchema, markedOutOfStock: z.number().int() })
  .meta({ id: 'ConfirmRunResult' });
