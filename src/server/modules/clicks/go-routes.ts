/**
 * Click-outs (issue 14): every Buy / store link is `/go/{offerId}`. The route logs the click and answers 302 to
 * the offer's stored URL with the store's affiliate tag applied (src/shared/affiliate.ts). Nothing in the query
 * is ever followed (no open redirect): the only query parameters read are `from` (the page the click came from)
 * and `u` (a click ticket naming the signed-in shopper, see click-ticket.ts). Unknown offer: 404; an offer the
 * store no longer sells (out of stock at that store, or without a link): 410 with a link back to the product.
 * Known crawlers, link previews and prefetches are redirected but not counted.
 *
 * Hot path: the offer is read through a small cache (5 s) and the click is queued for a batched insert
 * (click-log.ts), so a click-out costs about as much as a bare redirect (`npm run bench`).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import { applyAffiliateTag } from '@/shared/affiliate';
import { CLICK_SOURCE_PAGES, type ClickSourcePage } from '@/shared/contracts/clicks';
import type { AppConfig } from '@/server/config';
import { offers, stores } from '@/server/db/schema';
import { loadJwtSecret } from '@/server/plugins/auth';
import type { App } from '@/server/types';
import { ClickLog, IpHasher } from './click-log';
import { ClickTickets } from './click-ticket';

declare module 'fastify' {
  interface FastifyInstance {
    clickLog: ClickLog;
    clickTickets: ClickTickets;
  }
}

type CachedOffer = {
  offerId: number;
  productId: number;
  storeId: number;
  url: string | null;
  inStock: boolean;
  template: string | null;
};

const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 20_000;

class OfferCache {
  private entries = new Map<number, { at: number; offer: CachedOffer | null }>();

  get(id: number): CachedOffer | null | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (Date.now() - entry.at > CACHE_TTL_MS) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.offer;
  }

  set(id: number, offer: CachedOffer | null): void {
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    this.entries.set(id, { at: Date.now(), offer });
  }
}

/** Prefetch and prerender requests (browsers, link previews) are not clicks. */
function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ${headers['x-purpose'] ?? ''} ${headers['x-moz'] ?? ''}`.toLowerCase();
  return /prefetch|prerender|preview/.test(purpose);
}

const SOURCE_PAGES = new Set<string>(CLICK_SOURCE_PAGES);

const goParams = z.object({ offerId: z.string().max(200) });
// Not strict on purpose: unknown parameters (`?url=https://evil.example`) are ignored, never followed or refused.
const goQuery = z.object({ from: z.string().max(40).optional(), u: z.string().max(1000).optional() });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function goneBody(wantsHtml: boolean, status: 404 | 410, detail: string, productPath: string | null) {
  if (!wantsHtml) return { type: 'application/json; charset=utf-8', body: JSON.stringify(productPath ? { detail, product: productPath } : { detail }) };
  const link = productPath ? `<p><a href="${escapeHtml(productPath)}">Back to the product</a></p>` : '<p><a href="/">Back to Bachat</a></p>';
  const title = status === 410 ? 'Offer no longer available' : 'Offer not found';
  return {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Bachat</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${escapeHtml(detail)}</p>${link}</body></html>`,
  };
}

/** Registered at the root with fastify-plugin, so `app.clickLog` / `app.clickTickets` are seen by the /api routes and tests. */
export const goRoutes = fp(async (root: FastifyInstance, options: { config: AppConfig }) => {
  const app: App = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const cache = new OfferCache();
  const hasher = new IpHasher();
  const clickLog = new ClickLog(db, app.log);
  const tickets = new ClickTickets(loadJwtSecret({ jwtSecret: options.config.JWT_SECRET, dataDir: options.config.DATA_DIR }));
  app.decorate('clickLog', clickLog);
  app.decorate('clickTickets', tickets);
  app.addHook('onClose', async () => {
    await clickLog.flush();
  });

  async function findOffer(id: number): Promise<CachedOffer | null> {
    const cached = cache.get(id);
    if (cached !== undefined) return cached;
    const [row] = await db
      .select({
        offerId: offers.id,
        productId: offers.productId,
        storeId: offers.storeId,
        url: offers.affiliateUrl,
        inStock: offers.inStock,
        template: stores.affiliateTagTemplate,
      })
      .from(offers)
      .innerJoin(stores, eq(stores.id, offers.storeId))
      .where(eq(offers.id, id));
    const offer = row ?? null;
    cache.set(id, offer);
    return offer;
  }

  app.get(
    '/go/:offerId',
    {
      schema: {
        hide: true,
        params: goParams,
        querystring: goQuery,
      },
      config: { rateLimit: { max: options.config.GO_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      const raw = request.params.offerId;
      const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
      const offer = id > 0 ? await findOffer(id) : null;
      if (offer === null) {
        const page = goneBody(wantsHtml, 404, 'This offer does not exist.', null);
        return reply.status(404).type(page.type).send(page.body);
      }
      const productPath = `/product/${offer.productId}`;
      if (offer.url === null || !offer.inStock || !/^https?:\/\//i.test(offer.url)) {
        const page = goneBody(wantsHtml, 410, 'This store no longer sells this product at Bachat’s listed price.', productPath);
        return reply.status(410).type(page.type).send(page.body);
      }

      const userAgent = request.headers['user-agent'] ?? '';
      const counted = request.method === 'GET' && userAgent !== '' && !isbot(userAgent) && !isPrefetch(request.headers);
      if (counted) {
        const from = request.query.from;
        const sourcePage: ClickSourcePage = from !== undefined && SOURCE_PAGES.has(from) ? (from as ClickSourcePage) : 'other';
        const userId = request.query.u ? await tickets.userOf(request.query.u) : null;
        clickLog.record({
          offerId: offer.offerId,
          storeId: offer.storeId,
          productId: offer.productId,
          userId,
          sourcePage,
          ipHash: hasher.hash(request.ip),
          clickedAt: new Date(),
        });
      }
      return reply.redirect(applyAffiliateTag(offer.url, offer.template), 302);
    },
  );
});
