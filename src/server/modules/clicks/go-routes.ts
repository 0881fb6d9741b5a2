/**
 * Click-outs (issue 14): every Buy / store link is `/go/{offerId}`. The route logs the click and answers 302 to
 * the offer's stored URL with the store's affiliate tag applied (src/shared/affiliate.ts). Nothing in the query
 * is ever followed (no open redirect): the only query parameters read are `from` (the page the click came from)
 * and `u` (a click ticket naming the signed-in shopper, see click-ticket.ts). Unknown offer: 404; an offer the
 * store no longer sells (out of stock at that store, or without a link): 410 with a link back to the product.
 * Known crawlers, link previews and prefetches are redirected but not counted.
 *
 * Hot path (`npm run bench`: ≥ 80% of a bare redirect's throughput): the offer and its tagged URL are read once per
 * catalogue version (every change to offers, stock or a store's tag bumps it, so a delisted offer is a 410 from the
 * next request on), the bot verdict is kept per user agent and the address hash per network and day, and the click
 * is queued for a batched insert (click-log.ts). No schema validation runs: the two parameters are parsed by hand.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import { applyAffiliateTag } from '@/shared/affiliate';
import { CLICK_SOURCE_PAGES, type ClickSourcePage } from '@/shared/contracts/clicks';
import type { AppConfig } from '@/server/config';
import { offers, stores } from '@/server/db/schema';
import { loadJwtSecret } from '@/server/plugins/auth';
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
  /** The redirect target (the stored URL with the store's tag), or null when the offer is delisted (410). */
  target: string | null;
};

const CACHE_MAX = 20_000;
const USER_AGENTS_MAX = 2_000;

/** Offers by id, for one catalogue version: a new version empties it. */
class OfferCache {
  private entries = new Map<number, CachedOffer | null>();
  private version = -1;

  constructor(private readonly currentVersion: () => number) {}

  get(id: number): CachedOffer | null | undefined {
    const version = this.currentVersion();
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return this.entries.get(id);
  }

  /** `version` is the one read before the lookup: an answer that raced a change is kept under the old version only. */
  set(id: number, offer: CachedOffer | null, version: number): void {
    if (version !== this.version) return;
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    this.entries.set(id, offer);
  }
}

/** Prefetch and prerender requests (browsers, link previews) are not clicks. */
function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'] ?? headers['x-moz'];
  return purpose !== undefined && /prefetch|prerender|preview/i.test(String(purpose));
}

const SOURCE_PAGES = new Set<string>(CLICK_SOURCE_PAGES);
const OFFER_ID = /^\d{1,9}$/;
const TICKET_MAX = 1000;

/**
 * What a handler that is not async returns: nothing once it has answered (Fastify would send a returned reply
 * again), or the promise of the answer still to come.
 */
const handOver = (result: FastifyReply | Promise<FastifyReply>) => (result instanceof Promise ? result : undefined);

const NO_STORE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

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
export const goRoutes = fp(async (app: FastifyInstance, options: { config: AppConfig }) => {
  const { db } = app.database;
  const cache = new OfferCache(() => app.catalogue.version);
  const hasher = new IpHasher();
  const clickLog = new ClickLog(db, app.log, () => app.catalogue.version);
  const tickets = new ClickTickets(loadJwtSecret({ jwtSecret: options.config.JWT_SECRET, dataDir: options.config.DATA_DIR }));
  const botVerdicts = new Map<string, boolean>();
  app.decorate('clickLog', clickLog);
  app.decorate('clickTickets', tickets);
  // Queued clicks are written before the app (and then the database) closes: a shutdown loses none.
  app.addHook('onClose', async () => {
    await clickLog.close();
  });

  const isBot = (userAgent: string) => {
    let verdict = botVerdicts.get(userAgent);
    if (verdict === undefined) {
      verdict = isbot(userAgent);
      if (botVerdicts.size >= USER_AGENTS_MAX) botVerdicts.clear();
      botVerdicts.set(userAgent, verdict);
    }
    return verdict;
  };

  async function findOffer(id: number, version: number): Promise<CachedOffer | null> {
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
    const offer: CachedOffer | null = row
      ? {
          offerId: row.offerId,
          productId: row.productId,
          storeId: row.storeId,
          target: row.url !== null && row.inStock && /^https?:\/\//i.test(row.url) ? applyAffiliateTag(row.url, row.template) : null,
        }
      : null;
    cache.set(id, offer, version);
    return offer;
  }

  app.get<{ Params: { offerId: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/go/:offerId',
    {
      schema: { hide: true },
      config: { rateLimit: { max: options.config.GO_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    },
    (request, reply) => {
      const raw = request.params.offerId;
      const id = OFFER_ID.test(raw) && raw !== '0' ? Number(raw) : 0;
      if (id === 0) return handOver(answer(request, reply, null, 0));
      // A cached offer is answered without waiting on a promise (the hot path of the bench's budget).
      const version = app.catalogue.version;
      const cached = cache.get(id);
      if (cached !== undefined) return handOver(answer(request, reply, cached, version));
      return findOffer(id, version).then((offer) => answer(request, reply, offer, version));
    },
  );

  function answer(
    request: FastifyRequest<{ Querystring: Record<string, string | string[] | undefined> }>,
    reply: FastifyReply,
    offer: CachedOffer | null,
    catalogueVersion: number,
  ): FastifyReply | Promise<FastifyReply> {
    reply.headers(NO_STORE);
    if (offer === null || offer.target === null) {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      const page =
        offer === null
          ? goneBody(wantsHtml, 404, 'This offer does not exist.', null)
          : goneBody(wantsHtml, 410, 'This store no longer sells this product at Bachat’s listed price.', `/product/${offer.productId}`);
      return reply.status(offer === null ? 404 : 410).type(page.type).send(page.body);
    }
    const target = offer.target;
    const userAgent = request.headers['user-agent'] ?? '';
    if (request.method === 'GET' && userAgent !== '' && !isBot(userAgent) && !isPrefetch(request.headers)) {
      // Unknown or repeated parameters are ignored, never followed or refused.
      const { from, u } = request.query;
      const sourcePage: ClickSourcePage = typeof from === 'string' && SOURCE_PAGES.has(from) ? (from as ClickSourcePage) : 'other';
      const click = {
        offerId: offer.offerId,
        storeId: offer.storeId,
        productId: offer.productId,
        sourcePage,
        ipHash: hasher.hash(request.ip),
        clickedAtMs: Date.now(),
        catalogueVersion,
      };
      // A click ticket names a signed-in shopper: checking it is a signature verification, so only then a promise.
      if (typeof u === 'string' && u.length <= TICKET_MAX) {
        return tickets.userOf(u).then((userId) => {
          clickLog.record({ ...click, userId });
          return reply.redirect(target, 302);
        });
      }
      clickLog.record({ ...click, userId: null });
    }
    return reply.redirect(target, 302);
  }
});
