/**
 * A merged product's URLs redirect to the product it was merged into (product_redirects): the page
 * /product/{old} answers 301 → /product/{new}, and the API's /api/products/{old}[/…] answers 308 → the same
 * path of the new id (fetch follows it; the web app then shows the survivor's URL). The lookup is a catalogue
 * answer, so it costs nothing once cached and is dropped with the cache when a merge bumps the catalogue version.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { productRedirects } from '@/server/db/schema';

const PAGE = /^\/product\/(\d{1,10})(\/?(?:\?.*)?)$/;
const API = /^\/api\/products\/(single\/)?(\d{1,10})((?:\/reviews)?\/?(?:\?.*)?)$/;

export const productRedirectsPlugin = fp(
  async (app: FastifyInstance) => {
    const target = async (id: number): Promise<number | null> => {
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
      const answer = await app.catalogue.answer(`redirect:${id}`, async () => {
        const [row] = await app.database.db
          .select({ to: productRedirects.toProductId })
          .from(productRedirects)
          .where(eq(productRedirects.fromProductId, id));
        return row?.to ?? null;
      });
      return answer.value;
    };

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') return;
      const url = request.url;
      if (url.startsWith('/product/')) {
        const match = PAGE.exec(url);
        if (!match || request.method === 'POST') return;
        const to = await target(Number(match[1]));
        if (to !== null) return reply.redirect(`/product/${to}${match[2] ?? ''}`, 301);
        return;
      }
      if (url.startsWith('/api/products/')) {
        const match = API.exec(url);
        if (!match) return;
        const to = await target(Number(match[2]));
        if (to !== null) return reply.header('cache-control', 'no-store').redirect(`/api/products/${match[1] ?? ''}${to}${match[3] ?? ''}`, 308);
      }
    });
  },
  { name: 'product-redirects', dependencies: [] },
);
