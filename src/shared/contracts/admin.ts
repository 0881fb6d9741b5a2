/**
 * Contracts of the operator console's API (/api/admin/...): one zod schema validates the request on the server,
 * types the web's fetchers and feeds the OpenAPI document. Inputs are strict: an unknown field is a 400.
 */
import { z } from 'zod';
import { idParam, isoDate } from './common';

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
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  entityType: z.string().max(40).optional(),
  entityId: z.string().max(40).optional(),
});
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
