import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@/shared/contracts/product';
import { seedDemoCatalogue } from '@/server/db/seed/seed';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoCatalogue(t.database.db);
});
afterAll(async () => t?.close());

describe('product images', () => {
  it('serves each seeded product its own SVG image and gallery, cacheable', async () => {
    const product = (await t.app.inject({ method: 'GET', url: '/api/products/1' })).json<Product>();
    expect(product.image).toMatch(/^\/api\/media\/products\/[\w-]+\/0\.svg$/);
    expect(product.imageGallery.length).toBeGreaterThanOrEqual(3);
    const main = await t.app.inject({ method: 'GET', url: product.image });
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toContain('image/svg+xml');
    expect(main.body.startsWith('<svg')).toBe(true);
    const second = await t.app.inject({ method: 'GET', url: product.imageGallery[1] ?? '' });
    expect(second.body).not.toBe(main.body);
    const etag = String(main.headers.etag);
    const cached = await t.app.inject({ method: 'GET', url: product.image, headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
  });

  it('answers 404 and 400 as JSON for unknown products and bad file names', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/media/products/no-such-product/0.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Image not found' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/media/products/x/../../etc/passwd' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });
});
