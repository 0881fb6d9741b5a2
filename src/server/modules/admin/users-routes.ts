/** Operators and the audit log: /api/admin/operators, /api/admin/audit. */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { auditPageSchema, auditQuery, operatorSchema, promoteOperatorBody } from '@/shared/contracts/admin';
import { errorSchema, idParam } from '@/shared/contracts/common';
import { users } from '@/server/db/schema';
import { HttpError, notFound } from '@/server/http-error';
import { createUserRepository } from '@/server/modules/auth/repository';
import type { App } from '@/server/types';
import { listAudit, recordAudit } from './audit';
import { actorOf, adminSecurity, guarded } from './guard';

const tags = ['admin'];

export async function adminUserRoutes(app: App) {
  const { db } = app.database;
  const repository = createUserRepository(db);

  app.get(
    '/admin/operators',
    { schema: { tags, security: adminSecurity, summary: 'Operators', response: { 200: z.array(operatorSchema), ...guarded } } },
    async () =>
      db
        .select({ id: users.id, email: users.email, username: users.username, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.role, 'operator'))
        .orderBy(asc(users.email)),
  );

  app.post(
    '/admin/operators',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Promote an existing account to operator',
        body: promoteOperatorBody,
        response: { 200: operatorSchema, 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      const before = await repository.findByEmail(request.body.email);
      if (!before) throw notFound(`No account with the e-mail ${request.body.email}: they sign up first, then you promote them`);
      if (before.role !== 'operator') {
        await db.transaction(async (tx) => {
          await tx.update(users).set({ role: 'operator' }).where(eq(users.id, before.id));
          await recordAudit(tx, actor, { action: 'user.promote', entityType: 'user', entityId: before.id, summary: `Promoted ${before.email} to operator` });
        });
      }
      return { id: before.id, email: before.email, username: before.username, firstName: before.firstName, lastName: before.lastName };
    },
  );

  app.delete(
    '/admin/operators/:userId',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Demote an operator to shopper (not yourself)',
        params: z.object({ userId: idParam }),
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(app, request);
      if (request.params.userId === actor.userId) throw new HttpError(400, 'You cannot demote yourself: ask another operator');
      const [row] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, request.params.userId));
      if (!row || row.role !== 'operator') throw notFound('No such operator');
      await db.transaction(async (tx) => {
        await tx.update(users).set({ role: 'shopper' }).where(eq(users.id, request.params.userId));
        await recordAudit(tx, actor, { action: 'user.demote', entityType: 'user', entityId: request.params.userId, summary: `Demoted ${row.email} to shopper` });
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'The audit log (who changed what, when), newest first',
        querystring: auditQuery,
        response: { 200: auditPageSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const { limit, before, entityType, entityId } = request.query;
      const rows = await listAudit(db, { limit: limit + 1, before, entityType, entityId });
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          id: row.id,
          actor: row.actorLabel,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          summary: row.summary,
          details: row.details,
          createdAt: row.createdAt.toISOString(),
        })),
        nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );
}
