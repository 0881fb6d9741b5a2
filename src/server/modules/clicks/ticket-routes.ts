import { clickTicketSchema } from '@/shared/contracts/clicks';
import { errorSchema } from '@/shared/contracts/common';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';

/** GET /api/clicks/ticket: a ticket the web app adds to its `/go/` links so a click-out names the signed-in shopper. */
export async function clickTicketRoutes(app: App) {
  app.get(
    '/clicks/ticket',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['clicks'],
        security: [{ bearerAuth: [] }],
        summary: 'A click ticket for /go/ links (attributes click-outs to the signed-in shopper; not a sign-in token)',
        response: { 200: clickTicketSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return app.clickTickets.issue(currentUserId(request));
    },
  );
}
