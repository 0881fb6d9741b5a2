/**
 * A merged product's URLs redirect to the product it was merged into (product_redirects): the page
 * /product/{old} answers 301 → /product/{new}, and the API's /api/products/{old}[/…] answers 308 → the same
 * path of the new id (fetch follows it; the web app then shows the survivor's URL).
 *
 * Merges are rare operator actions and every one bumps the catalogue version, so the whole (small) table is read
 * once per catalogue version and each request is a map lookup, answered synchronously: this hook runs before
 * every product request, cached or not (docs/decisions/0005-catalogue-cache.md).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { productRedirects } from '@/server/db/schema';

const PAGE = /^\/product\/(\d{1,10})(\/?(?:\?.*)?)$/;
const API = /^\/api\/products\/(single\/)?(\d{1,10})((?:\/reviews)?\/?(?:\?.*)?)$/;

type Redirects = ReadonlyMap<number, number>;

export const productRedirectsPlugin = fp(
  async (app: FastifyInstance) => {
    let loaded: { version: number; redirects: Redirects } | null = null;
    let loading: { version: number; promise: Promise<Redirects> } | null = null;

    function load(version: number): Promise<Redirects> {
      if (loading?.version === version) return loading.promise;
      const promise = app.database.db
        .select({ from: productRedirects.fromProductId, to: productRedirects.toProductId })
        .from(productRedirects)
        .then((rows) => {
          const redirects: Redirects = new Map(rows.map((row) => [row.from, row.to]));
          // A newer version may have arrived while this one loaded: keep only the newest.
          if (!loaded || loaded.version <= version) loaded = { version, redirects };
          return redirects;
        })
        .finally(() => {
          if (loading?.promise === promise) loading = null;
        });
      loading = { version, promise };
      return promise;
    }

    /** The redirect (or null) for a request: `to` is the survivor's id; `target` builds the new URL from it. */
    function redirectFor(url: string, method: string): { id: number; location: (to: number) => string; code: 301 | 308 } | null {
      if (url.startsWith('/product/')) {
        if (method === 'POST') return null;
        const match = PAGE.exec(url);
        return match ? { id: Number(match[1]), location: (to) => `/product/${to}${match[2] ?? ''}`, code: 301 } : null;
      }
      if (url.startsWith('/api/products/')) {
        const match = API.exec(url);
        return match ? { id: Number(match[2]), location: (to) => `/api/products/${match[1] ?? ''}${to}${match[3] ?? ''}`, code: 308 } : null;
      }
      return null;
    }

    function answer(reply: FastifyReply, wanted: NonNullable<ReturnType<typeof redirectFor>>, redirects: Redirects): boolean {
      const to = redirects.get(wanted.id);
      if (to === undefined) return false;
      if (wanted.code === 308) reply.header('cache-control', 'no-store');
      reply.redirect(wanted.location(to), wanted.code);
      return true;
    }

    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') return done();
      const wanted = redirectFor(request.url, request.method);
      if (!wanted) return done();
      const version = app.catalogue.version;
      if (loaded?.version === version) {
        if (!answer(reply, wanted, loaded.redirects)) done();
        return;
      }
      load(version).then(
        (redirects) => {
          if (!answer(reply, wanted, redirects)) done();
        },
        (error: unknown) => done(error as Error),
      );
    });
  },
  { name: 'product-redirects', dependencies: ['catalogue-cache'] },
);
