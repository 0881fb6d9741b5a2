/** The operator console's API under /api/admin: every route needs the operator role (401 signed out, 403 shopper). */
import type { App } from '@/server/types';
import { adminUserRoutes } from './users-routes';

export async function adminRoutes(app: App) {
  // onRequest, before validation: a signed-out caller gets 401 whatever it sent, never a 400 that reveals the schema.
  app.addHook('onRequest', app.requireOperator);
  await app.register(adminUserRoutes);
}
