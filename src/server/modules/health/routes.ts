import { z } from 'zod';
import { databaseStatus } from '@/server/db/client';
import type { App } from '@/server/types';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']), driver: z.enum(['pglite', 'postgres']) });

export async function healthRoutes(app: App) {
  app.get(
    '/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], summary: 'Liveness and database status', response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await databaseStatus(app.database.db);
      const body = { status: database === 'ok' ? ('ok' as const) : ('degraded' as const), database, driver: app.database.kind };
      return reply.status(database === 'ok' ? 200 : 503).send(body);
    },
  );
}
