/** The operator console's API under /api/admin: every route needs the operator role (401 signed out, 403 shopper). */
import type { AppConfig } from '@/server/config';
import type { App } from '@/server/types';
import { createImportLauncher } from './import-now';
import { adminCategoryRoutes } from './categories-routes';
import { adminProductRoutes } from './products-routes';
import { adminStoreRoutes } from './stores-routes';
import { adminUserRoutes } from './users-routes';

export async function adminRoutes(app: App, options: { config: Pick<AppConfig, 'DATA_DIR' | 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'> }) {
  // onRequest, before validation: a signed-out caller gets 401 whatever it sent, never a 400 that reveals the schema.
  app.addHook('onRequest', app.requireOperator);
  const launcher = createImportLauncher(app.database.db, options.config, app.log);
  app.addHook('onClose', async () => launcher.close());
  await app.register(adminUserRoutes);
  await app.register(adminStoreRoutes, { config: options.config, launcher });
  await app.register(adminProductRoutes);
  await app.register(adminCategoryRoutes);
}

