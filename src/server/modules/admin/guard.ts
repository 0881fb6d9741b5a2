import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { errorSchema } from '@/shared/contracts/common';
import { users } from '@/server/db/schema';
import { unauthorized } from '@/server/http-error';
import type { App } from '@/server/types';
import type { Actor } from './audit';

export const adminSecurity = [{ bearerAuth: [] }];
/** Every operator route answers these two (app.requireOperator). */
export const guarded = { 401: errorSchema, 403: errorSchema } as const;

/** The operator making the request, for the audit log. */
export async function actorOf(app: App, request: FastifyRequest): Promise<Actor> {
  const userId = request.userId;
  if (userId === null) throw unauthorized();
  const [row] = await app.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { userId, label: row?.email ?? `user ${userId}` };
}
