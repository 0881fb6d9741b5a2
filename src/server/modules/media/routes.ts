import { createHash } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { products } from '@/server/db/schema';
import { renderProductSvg } from '@/server/db/seed/product-image';
import { notFound } from '@/server/http-error';
import type { App } from '@/server/types';

/**
 * Product illustrations are drawn from the product's own data, so the demo catalogue needs no internet
 * and no image files in git. Index 0 is the main image, 1..n the gallery.
 */
export async function mediaRoutes(app: App) {
  const { db } = app.database;
  app.get(
    '/media/products/:slug/:file',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['media'],
        summary: 'A product illustration (SVG, or PNG for link previews and rich results)',
        params: z.object({ slug: z.string().max(200), file: z.string().regex(/^\d{1,2}\.(svg|png)$/, 'must be like 0.svg or 0.png') }),
      },
    },
    async (request, reply) => {
      const [product] = await db
        .select({ name: products.name, brand: products.brand, kind: products.kind, color: products.color })
        .from(products)
        .where(eq(products.slug, request.params.slug))
        .limit(1);
      if (!product) throw notFound('Image not found');
      const svg = renderProductSvg({ ...product, variant: Number.parseInt(request.params.file, 10) });
      const png = request.params.file.endsWith('.png');
      const etag = `"${png ? 'p' : ''}${createHash('sha1').update(svg).digest('base64url')}"`;
      reply.header('cache-control', 'public, max-age=86400').header('etag', etag).type(png ? 'image/png' : 'image/svg+xml');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      // Link-preview bots and Google's rich results take raster images only: the same drawing at 800 px.
      return reply.send(png ? Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: 800 } }).render().asPng()) : svg);
    },
  );
}
