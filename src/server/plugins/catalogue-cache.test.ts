import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { readCatalogueVersion } from '@/server/db/catalogue-version';
import { importFeed } from '@/server/modules/feeds/import-feed';
import { queryOne } from '@/server/modules/feeds/sql-rows';
import { createStoreRepository, type StoreRow } from '@/server/modules/feeds/store-repository';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { brotliOptions, etagMatches, listingKey, preferredEncoding } from './catalogue-cache';
import { createMetrics } from './metrics';

const TSV_HEADER = 'id\ttitle\tlink\timage_link\tavailability\tprice\tsale_price\tbrand\tgtin\tmpn\tproduct_type';
const watchFeed = (price: string) => ({
  input: [`${TSV_HEADER}\nCC-W1\tNoise ColorFit Cache 5\thttps://shop-c.example.in/w1\thttps://img.shop-c.example.in/w1.jpg\tin stock\t${price} INR\t\tNoise\t\t\tElectronics > Smart Watches\n`],
  name: 'watch.tsv',
});

let t: TestApp;
let store: StoreRow;
let watchId: number;

beforeAll(async () => {
  t = await buildTestApp();
  store = await createStoreRepository(t.database.db).add({ slug: 'shop-c', name: 'Shop C', homepage: 'https://shop-c.example.in' });
  await importFeed(t.database.db, { store, source: watchFeed('3999.00') });
  const row = await queryOne<{ id: number }>(t.database.db, sql`select id from products where name = 'Noise ColorFit Cache 5'`);
  watchId = row?.id ?? 0;
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('HTTP caching of catalogue answers', () => {
  it('answers an anonymous product with public caching and a strong ETag, 304 on If-None-Match, and a new price right after an import', async () => {
    const first = await get(`/api/products/${watchId}`);
    expect(first.statusCode).toBe(200);
    expect(first.json<Product>().currentPrice).toBe(3999);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/); // strong: no W/
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);

    const again = await get(`/api/products/${watchId}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const summary = await importFeed(t.database.db, { store, source: watchFeed('3499.00') });
    expect(summary.priceChanges).toBe(1);

    const withOldTag = await get(`/api/products/${watchId}`, { 'if-none-match': etag });
    expect(withOldTag.statusCode).toBe(200);
    expect(withOldTag.json<Product>().currentPrice).toBe(3499);
    expect(withOldTag.headers.etag).not.toBe(etag);
    const plain = await get(`/api/products/${watchId}`);
    expect(plain.json<Product>().currentPrice).toBe(3499);
    expect(plain.headers.etag).toBe(withOldTag.headers.etag);
  });

  it('shows the new price in listings, candidates and suggestions on the next request after an import', async () => {
    const listing = () => get('/api/products/browse/electronics?sort=price-low&pageSize=50');
    const candidates = () => get('/api/products/category/electronics?limit=50');
    const suggest = () => get('/api/search/suggest?q=colorfit');
    const priceIn = (items: { id: number; currentPrice: number }[]) => items.find((item) => item.id === watchId)?.currentPrice;
    expect(priceIn((await listing()).json<ProductPage>().items)).toBe(3499);
    expect(priceIn((await candidates()).json<Product[]>())).toBe(3499);
    expect(priceIn((await suggest()).json<Product[]>())).toBe(3499);
    for (const response of [await listing(), await candidates(), await suggest()]) {
      expect(response.headers['cache-control']).toMatch(/^public/);
      expect(response.headers.etag).toBeTruthy();
    }

    await importFeed(t.database.db, { store, source: watchFeed('2999.00') });
    expect(priceIn((await listing()).json<ProductPage>().items)).toBe(2999);
    expect(priceIn((await candidates()).json<Product[]>())).toBe(2999);
    expect(priceIn((await suggest()).json<Product[]>())).toBe(2999);
  });

  it('bumps the catalogue version with a review, so the product answer shows its new rating at once', async () => {
    const before = await get(`/api/products/${watchId}`);
    const reviewsBefore = before.json<Product>().reviews;
    const versionBefore = await readCatalogueVersion(t.database.db);
    const { headers } = await signUpAndLogIn(t.app, 'reviewer');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/products/${watchId}/reviews`,
      headers,
      payload: { rating: 5, title: 'Great watch', body: 'Battery lasts a week and the strap is comfortable.' },
    });
    expect(created.statusCode).toBe(201);
    expect(await readCatalogueVersion(t.database.db)).toBe(versionBefore + 1);
    const after = await get(`/api/products/${watchId}`, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.json<Product>().reviews).toBe(reviewsBefore + 1);
  });

  it('sends brotli or gzip bodies to clients that accept them, each with its own strong ETag', async () => {
    const identity = await get('/api/products/browse/electronics?pageSize=50');
    const br = await get('/api/products/browse/electronics?pageSize=50', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/api/products/browse/electronics?pageSize=50', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    // inject does not decode: the raw bodies are the compressed bytes, smaller than the JSON.
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(identity.rawPayload.length);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(identity.body);
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const revalidated = await get('/api/products/browse/electronics?pageSize=50', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('the response cache', () => {
  /** Headers that must be the same whether an answer was computed, taken from the catalogue cache, or kept whole. */
  const sameHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('x-ratelimit-') && name !== 'date' && name !== 'connection'));

  it('answers a repeated anonymous request with the very bytes and headers of the first, per content coding', async () => {
    const url = `/api/products/${watchId}?kept=1`;
    for (const acceptEncoding of [undefined, 'gzip, deflate, br', 'gzip']) {
      const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      const before = t.app.catalogue.stats.responseHits;
      const first = await get(url, headers);
      expect(t.app.catalogue.stats.responseHits).toBe(before);
      const second = await get(url, headers);
      expect(t.app.catalogue.stats.responseHits, acceptEncoding).toBe(before + 1);
      expect(second.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(sameHeaders(second.headers)).toEqual(sameHeaders(first.headers));
      expect(second.headers['content-encoding']).toBe(first.headers['content-encoding']);
    }
  });

  it('never answers a request with a token or a conditional request from it, and forgets it at the next catalogue version', async () => {
    const url = `/api/products/${watchId}?kept=2`;
    const anonymous = await get(url);
    await get(url);
    const hits = t.app.catalogue.stats.responseHits;
    const { headers } = await signUpAndLogIn(t.app, 'kept');
    const withToken = await get(url, headers);
    expect(withToken.headers['cache-control']).toBe('private, no-store');
    expect(withToken.headers.etag).toBeUndefined();
    expect((await get(url, { 'if-none-match': String(anonymous.headers.etag) })).statusCode).toBe(304);
    expect(t.app.catalogue.stats.responseHits).toBe(hits);

    const price = anonymous.json<Product>().currentPrice;
    await importFeed(t.database.db, { store, source: watchFeed(String(price - 100)) });
    const next = await get(url);
    expect(next.json<Product>().currentPrice).toBe(price - 100);
    expect(next.headers.etag).not.toBe(anonymous.headers.etag);
    expect(t.app.catalogue.stats.responseHits).toBe(hits);
  });

  it('keeps a server-rendered page like a JSON answer (same bytes, same headers), and not a page that is not found', async () => {
    const pages = await buildTestApp();
    try {
      const page = (url: string) => pages.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const first = await page('/products/electronics');
      const second = await page('/products/electronics');
      expect(second.statusCode).toBe(200);
      expect(pages.app.catalogue.stats.responseHits).toBe(1);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(sameHeaders(second.headers)).toEqual(sameHeaders(first.headers));
      expect(second.headers['content-security-policy']).toContain("script-src 'self'");
      await page('/product/99999999');
      expect((await page('/product/99999999')).statusCode).toBe(404);
      expect(pages.app.catalogue.stats.responseHits).toBe(1);
      // Headers that hooks add after the page is sent (the console's robots and no-store) are kept too.
      const console1 = await page('/admin');
      const console2 = await page('/admin');
      expect(pages.app.catalogue.stats.responseHits).toBe(2);
      expect(console2.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(sameHeaders(console2.headers)).toEqual(sameHeaders(console1.headers));
    } finally {
      await pages.close();
    }
  });

  it('drops a kept response with its answer when the bounded cache evicts it (memory stays bounded)', async () => {
    const small = await buildTestApp({ catalogueCache: { maxBytes: 4_000 } });
    try {
      const [first, second] = await Promise.all([insertProduct(small.database.db, { name: 'Evicted Phone A' }), insertProduct(small.database.db, { name: 'Evicted Phone B' })]);
      const ask = (id: number) => small.app.inject({ method: 'GET', url: `/api/products/${id}` });
      const { stats } = small.app.catalogue;
      const size = (await ask(first)).rawPayload.length;
      expect(size * 3).toBeLessThan(4_000); // one answer fits (kept at three times its body), two do not
      expect(size * 6).toBeGreaterThan(4_000);
      await ask(first);
      expect(stats.responseHits).toBe(1);
      expect(stats.keptResponses).toBe(1);
      await ask(second); // the cache holds one product answer: the first one's goes, and its kept response with it
      expect(stats.keptResponses).toBe(1);
      const misses = stats.misses;
      expect((await ask(first)).json<Product>().name).toBe('Evicted Phone A');
      expect(stats.misses).toBe(misses + 1);
      expect(stats.responseHits).toBe(1);
    } finally {
      await small.close();
    }
  });

  it('does not count its answers against the request limit (they cost less than counting), but counts them in /metrics', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_MAX: '3', METRICS_TOKEN: 'metrics-token-for-tests' }, metrics: createMetrics() });
    try {
      const ask = (url: string) => limited.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      const kept: number[] = [];
      for (let i = 0; i < 6; i++) kept.push((await ask('/api/products/all?pageSize=2')).statusCode);
      expect(kept).toEqual([200, 200, 200, 200, 200, 200]);
      // Every answer that has to be computed counts: the first above, then two more, then the limit.
      const computed: number[] = [];
      for (let page = 2; page <= 4; page++) computed.push((await ask(`/api/products/all?pageSize=2&page=${page}`)).statusCode);
      expect(computed).toEqual([200, 200, 429]);
      const metrics = await limited.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-tests' } });
      expect(metrics.body).toMatch(/bachat_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/all",status_code="200"\} 8/);
    } finally {
      await limited.close();
    }
  });
});

describe('personal answers', () => {
  it('keeps wishlists, alerts and profiles private, no-store, and each user sees only their own', async () => {
    const productA = await insertProduct(t.database.db, { name: 'Private Phone A' });
    const productB = await insertProduct(t.database.db, { name: 'Private Phone B' });
    const asha = await signUpAndLogIn(t.app, 'asha');
    const ravi = await signUpAndLogIn(t.app, 'ravi');
    const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect((await inject('POST', '/api/wishlist', asha.headers, { productId: productA })).statusCode).toBeLessThan(300);
    expect((await inject('POST', '/api/wishlist', ravi.headers, { productId: productB })).statusCode).toBeLessThan(300);
    expect((await inject('POST', '/api/price-alerts', asha.headers, { productId: productA, targetPrice: 9000 })).statusCode).toBeLessThan(300);
    expect((await inject('POST', '/api/price-alerts', ravi.headers, { productId: productB, targetPrice: 8000 })).statusCode).toBeLessThan(300);

    for (const url of ['/api/wishlist', '/api/price-alerts', '/api/auth/profile', '/api/comparisons', '/api/notifications']) {
      const forAsha = await inject('GET', url, asha.headers);
      const forRavi = await inject('GET', url, ravi.headers);
      expect(forAsha.statusCode, url).toBe(200);
      expect(forAsha.headers['cache-control'], url).toBe('private, no-store');
      expect(forRavi.headers['cache-control'], url).toBe('private, no-store');
      expect(forAsha.headers.etag, url).toBeUndefined();
      if (url !== '/api/comparisons' && url !== '/api/notifications') expect(forAsha.body, url).not.toBe(forRavi.body);
    }
    const ashaWishlist = (await inject('GET', '/api/wishlist', asha.headers)).body;
    expect(ashaWishlist).toContain('Private Phone A');
    expect(ashaWishlist).not.toContain('Private Phone B');
    const raviAlerts = (await inject('GET', '/api/price-alerts', ravi.headers)).body;
    expect(raviAlerts).toContain('Private Phone B');
    expect(raviAlerts).not.toContain('Private Phone A');
    expect((await inject('GET', '/api/auth/profile', asha.headers)).body).toContain(asha.user.email);
    expect((await inject('GET', '/api/auth/profile', ravi.headers)).body).not.toContain(asha.user.email);
  });

  it('answers a request with a token privately, with exactly what it would compute, never a stale cached answer', async () => {
    const { headers } = await signUpAndLogIn(t.app, 'tokened');
    const anonymous = await get(`/api/products/${watchId}`);
    const withToken = await get(`/api/products/${watchId}`, headers);
    expect(withToken.headers['cache-control']).toBe('private, no-store');
    expect(withToken.headers.etag).toBeUndefined();
    const computed = await t.app.productRepository.findById(watchId);
    expect(withToken.json()).toEqual(JSON.parse(JSON.stringify(computed)));
    expect(withToken.body).toBe(anonymous.body);
    // A token never turns an If-None-Match into a 304 from the shared answer.
    const conditional = await get(`/api/products/${watchId}`, { ...headers, 'if-none-match': String(anonymous.headers.etag) });
    expect(conditional.statusCode).toBe(200);
  });

  it('marks other API answers no-store and error answers uncacheable', async () => {
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
    const missing = await get('/api/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('cache keys and header parsing', () => {
  it('gives equal keys to listings that must be equal, and different keys otherwise', () => {
    const page = { page: 1, pageSize: 24, sort: 'relevance' as const };
    expect(listingKey({ q: 'Samsung  Galaxy', brand: 'SONY' }, page)).toBe(listingKey({ q: 'samsung galaxy', brand: 'sony' }, page));
    expect(listingKey({ exclude: [3, 1, 3] }, page)).toBe(listingKey({ exclude: [1, 3] }, page));
    expect(listingKey({ price: 'all' }, page)).toBe(listingKey({}, page));
    expect(listingKey({ q: '%%' }, page)).not.toBe(listingKey({}, page));
    expect(listingKey({}, { ...page, page: 2 })).not.toBe(listingKey({}, page));
    expect(listingKey({ path: { category: 'electronics' } }, page)).not.toBe(listingKey({}, page));
  });

  it("compresses with brotli's window no larger than the body needs, as small as with its default window", () => {
    // A page-like body: repeated markup with some variety, 190 KB (a listing page's size).
    const body = Buffer.from(
      Array.from({ length: 1200 }, (_, i) => `<li class="card"><a href="/product/${i}">${randomBytes(24).toString('hex')}</a></li>`).join(''),
    );
    const bits = brotliOptions(body.length).params[zlibConstants.BROTLI_PARAM_LGWIN] ?? 0;
    expect(2 ** bits - 16).toBeGreaterThanOrEqual(body.length);
    expect(2 ** (bits - 1) - 16).toBeLessThan(body.length);
    const small = brotliCompressSync(body, brotliOptions(body.length));
    const { [zlibConstants.BROTLI_PARAM_LGWIN]: _window, ...defaults } = brotliOptions(body.length).params;
    // Only the header, which names the window, may differ.
    expect(Math.abs(small.length - brotliCompressSync(body, { params: defaults }).length)).toBeLessThanOrEqual(2);
    expect(brotliDecompressSync(small).equals(body)).toBe(true);
    expect(brotliOptions(10).params[zlibConstants.BROTLI_PARAM_LGWIN]).toBe(zlibConstants.BROTLI_MIN_WINDOW_BITS);
    expect(brotliOptions(64 << 20).params[zlibConstants.BROTLI_PARAM_LGWIN]).toBe(zlibConstants.BROTLI_MAX_WINDOW_BITS);
  });

  it('reads Accept-Encoding and If-None-Match as RFC 9110 says', () => {
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.5, br')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(etagMatches('"abc", "def-br"', 'def')).toBe(true);
    expect(etagMatches('W/"abc"', 'abc')).toBe(true);
    expect(etagMatches('*', 'abc')).toBe(true);
    expect(etagMatches('"abcd"', 'abc')).toBe(false);
  });
});
