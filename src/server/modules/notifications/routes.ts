import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorSchema, idParam } from '@/shared/contracts/common';
import { markAllReadSchema, notificationListQuery, notificationListSchema, notificationSchema } from '@/shared/contracts/notifications';
import type { AppConfig } from '@/server/config';
import { notFound } from '@/server/http-error';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';
import { createNotifier } from './notifier';
import { createNotificationRepository } from './repository';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });

/** Alert routes whose success may make an alert due (created at or below target, target raised, switched on). */
const ALERT_CHANGES = new Set(['POST /api/price-alerts', 'PUT /api/price-alerts/:id']);

async function notificationRoutesPlugin(app: App, options: { config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'> }) {
  const notifier = createNotifier(app.database.db, options.config, app.log, undefined, () => app.jobs);
  app.addHook('onClose', async () => notifier.close());

  // An alert created already at or below its target (or edited into it) triggers at once, before the
  // response leaves: the alert list the page reloads next already shows it, and so does the header count.
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!ALERT_CHANGES.has(route) || reply.statusCode >= 300 || request.userId === null) return payload;
    try {
      // E-mail (if any) goes out in the background: the response never waits on an SMTP server.
      await notifier.evaluate({ userId: request.userId, background: true });
    } catch (error) {
      request.log.error({ err: error }, 'alert evaluation after an alert change failed');
    }
    return payload;
  });

  await app.register(async (scoped) => {
    const api = scoped as unknown as App;
    const repository = createNotificationRepository(api.database.db);
    api.addHook('onRequest', api.requireUser);

    api.get(
      '/notifications',
      {
        schema: {
          tags,
          security,
          summary: 'The signed-in user’s notifications, newest first, with the unread count',
          querystring: notificationListQuery,
          response: { 200: notificationListSchema, 400: errorSchema, 401: errorSchema },
        },
      },
      async (request) => repository.list(currentUserId(request), request.query.limit),
    );

    api.post(
      '/notifications/read-all',
      {
        schema: {
          tags,
          security,
          summary: 'Mark all of the signed-in user’s notifications read',
          response: { 200: markAllReadSchema, 401: errorSchema },
        },
      },
      async (request) => {
        const userId = currentUserId(request);
        const updated = await repository.markAllRead(userId);
        return { updated, unreadCount: await repository.unreadCount(userId) };
      },
    );

    api.post(
      '/notifications/:id/read',
      {
        schema: {
          tags,
          security,
          summary: 'Mark one notification read',
          params: idParams,
          response: { 200: notificationSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const notification = await repository.markRead(currentUserId(request), request.params.id);
        if (!notification) throw notFound('Notification not found');
        return notification;
      },
    );
  });
}

/**
 * GET /api/notifications, POST /api/notifications/:id/read, POST /api/notifications/read-all (owner only),
 * plus alert evaluation right after an alert is created or edited. Registered in the /api scope without
 * encapsulation (fastify-plugin) so that hook sees the price-alert routes; the routes themselves sit in
 * their own scope with the sign-in check.
 */
export const notificationRoutes = fp(notificationRoutesPlugin, { name: 'notifications' });
