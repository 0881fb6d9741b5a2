import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Resvg } from '@resvg/resvg-js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '@/server/config';
import type { Metrics } from '@/server/plugins/metrics';
import { products } from '@/server/db/schema';
import type { App } from '@/server/types';
import { loadPageAssets } from './assets';
import { internalRequestHeaders } from './internal-request';
import { SITE_CARD_PATH } from './page-head';
import { createPageRenderer } from './render-page';
import { categorySitemap, productSitemap, SITEMAP_PART_SIZE, sitemapIndex } from './sitemap';

/** The site's share card, drawn once: Open Graph wants a raster image of about 1200×630. */
function siteCardPng(): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fff7ed"/>
  <rect x="80" y="165" width="300" height="300" rx="64" fill="#ca4d00"/>
  <path d="M170 245h120M170 290h120M200 245c70 0 70 90 0 90h-30l110 100" stroke="#fff" stroke-width="26" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <rect x="450" y="230" width="560" height="56" rx="12" fill="#7c2d12"/>
  <rect x="450" y="320" width="640" height="28" rx="8" fill="#c2410c" opacity="0.55"/>
  <rect x="450" y="370" width="520" height="28" rx="8" fill="#c2410c" opacity="0.35"/>
</svg>`;
  return Buffer.from(new Resvg(svg).render().asPng());
}

/** Server-rendered pages (every path no other route answers), robots.txt, the sitemaps and the share card. */
export async function pageRoutes(app: App, { config, metrics }: { config: AppConfig; metrics?: Metrics | undefined }) {
  const origin = config.PUBLIC_URL.replace(/\/+$/, '');
  const { db } = app.database;
  const render = createPageRenderer({
    origin,
    assets: loadPageAssets(path.resolve(config.WEB_DIST)),
    onError: (error) => app.log.error({ err: error }, 'page render error'),
    transport: async (url, { method, headers, body }) => {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...headers, ...internalRequestHeaders() },
        ...(body !== null && { payload: body }),
      });
      const text = response.statusCode === 204 || response.statusCode === 304 ? '' : response.body;
      return { status: response.statusCode, statusText: response.statusMessage, text: async () => text };
    },
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Allow: /api/media/',
          'Disallow: /api/',
          'Disallow: /wishlist',
          'Disallow: /price-tracking',
          'Disallow: /admin',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await sitemapIndex(db, origin)),
  );

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
    async (request, reply) => {
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      if (request.params.file === 'categories.xml') return reply.send(await categorySitemap(db, origin));
      const part = /^products-(\d{1,5})\.xml$/.exec(request.params.file)?.[1];
      const [bounds] = await db.select({ maxId: sql<number | null>`max(${products.id})` }).from(products);
      const lastPart = Math.ceil(Number(bounds?.maxId ?? 0) / SITEMAP_PART_SIZE);
      if (!part || Number(part) < 1 || Number(part) > lastPart) {
        return reply.status(404).type('application/json').send({ detail: `Not found: ${request.url}` });
      }
      return reply.send(productSitemap(db, origin, Number(part)));
    },
  );

  let card: Buffer | null = null;
  app.get(SITE_CARD_PATH, { schema: { hide: true } }, async (_request, reply) => {
    card ??= siteCardPng();
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(card);
  });

  // Every path no other route answers is a page of the web app (registered routes, static files and the API
  // win: find-my-way prefers static and parametric routes over this wildcard). Its status says whether it exists.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || pathname === '/api' || path.extname(pathname)) return reply.callNotFound();
    // A page is the same for every visitor (the browser adds what is personal after hydration), so a rendered
    // page is kept like a catalogue answer: per URL and catalogue version, and at most a minute (offers say
    // "Updated n minutes ago"). A page whose data failed to load (503) is never kept.
    const answer = await app.catalogue.answer<PageAnswer>(
      `page:${request.url}`,
      async () => {
        const started = performance.now();
        const page = await render({ url: request.url, headers: request.headers });
        if (page.kind === 'redirect') return { status: page.status, location: page.location, html: EMPTY };
        const html = await buffer(page.body);
        metrics?.pageRendered(page.screen, page.status, (performance.now() - started) / 1000);
        return { status: page.status, location: null, html };
      },
      undefined,
      { encode: (page) => page.html, ttlMs: PAGE_TTL_MS, keep: (page) => page.status < 500 },
    );
    const page = answer.value;
    if (page.location !== null) return reply.redirect(page.location, page.status);
    // Prices change: a page is revalidated (a 304 when unchanged), never served stale from a cache without asking.
    return app.catalogue.send(request, reply.status(page.status), answer, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      validators: page.status === 200,
    });
  });
}

type PageAnswer = { status: number; location: string | null; html: Buffer };
const EMPTY = Buffer.alloc(0);
/** How long a rendered page is kept while the catalogue stays unchanged. */
const PAGE_TTL_MS = 60_000;
