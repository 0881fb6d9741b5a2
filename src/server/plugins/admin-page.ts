/** The operator console's page (/admin…) is client-rendered and never indexed or cached by anyone in between. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const isAdminPage = (url: string) => url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');

export const adminPagePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isAdminPage(request.url)) {
        reply.header('x-robots-tag', 'noindex, nofollow');
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'admin-page' },
);
