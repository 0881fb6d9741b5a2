import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCatalogueChanged } from '@/server/db/catalogue-version';
import { offers, products } from '@/server/db/schema';
import { productImagePath } from '@/server/db/seed/seed';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { SITE_CARD_PATH } from './page-head';

/** The raw HTML the server sends, as a search engine's first pass or a link-preview bot sees it (no browser). */
let t: TestApp;
let phoneId: number;
let dressId: number;
const ORIGIN = 'https://bachat.example.in';

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, any>);
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&#x27;/g, "'");
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: `${ORIGIN}/` } });
  phoneId = await insertProduct(t.database.db, {
    name: 'Pixel Raga 9 Pro',
    brand: 'Googol',
    reviewCount: 42,
    rating: 4.5,
    offers: [
      { store: 'amazon-in', price: 74_999, original: 79_999 },
      { store: 'flipkart', price: 72_499, original: 79_999 },
      { store: 'croma', price: 77_000, inStock: false },
    ],
  });
  dressId = await insertProduct(t.database.db, { name: 'Chikankari Midi Dress', brand: 'Lucknowi', category: 'ladies-apparels', reviewCount: 0 });
  await t.database.db.update(products).set({ image: productImagePath('chikankari', 0), slug: 'chikankari' }).where(eq(products.id, dressId));
  await markCatalogueChanged(t.database.db);
  for (let i = 0; i < 3; i += 1) await insertProduct(t.database.db, { name: `Budget Phone ${i}`, brand: 'Nokla', offers: [{ store: 'amazon-in', price: 5_000 + i }] });
});
afterAll(() => t.close());

describe('product page HTML', () => {
  it('holds the name, the best price in ₹, every offer, canonical, Open Graph and Product JSON-LD', async () => {
    const response = await t.app.inject({ url: `/product/${phoneId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-IN">/);
    expect(html).toContain('<h1 class="text-2xl leading-tight font-bold tracking-tight text-balance sm:text-3xl">Pixel Raga 9 Pro</h1>');
    expect(html).toContain('₹72,499');
    // Every store's offer with its price and stock.
    for (const price of ['₹72,499', '₹74,999', '₹77,000']) expect(html).toContain(price);
    expect(html).toMatch(/Out of stock/i);
    expect(head(html)).toContain('<title>Pixel Raga 9 Pro – Best price on Bachat</title>');
    expect(head(html)).toContain(`<link rel="canonical" href="${ORIGIN}/product/${phoneId}"/>`);
    expect(meta(html, 'description')).toContain('lowest price ₹72,499');
    expect(meta(html, 'description')).toContain('3 stores');
    expect(meta(html, 'og:title')).toBe('Pixel Raga 9 Pro – Best price on Bachat');
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/product/${phoneId}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const image = meta(html, 'og:image') ?? '';
    expect(image.startsWith(`${ORIGIN}/`)).toBe(true);
    expect(image).not.toMatch(/\.svg$/);

    const [product, breadcrumbs] = jsonLd(head(html));
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Pixel Raga 9 Pro',
      brand: { '@type': 'Brand', name: 'Googol' },
      offers: { '@type': 'AggregateOffer', priceCurrency: 'INR', lowPrice: 72_499, highPrice: 77_000, offerCount: 3 },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 42 },
    });
    expect(product?.image[0]).toBe(image);
    const offers = product?.offers.offers as { price: number; availability: string; url: string; seller: { name: string } }[];
    expect(offers.map((offer) => offer.price).sort()).toEqual([72_499, 74_999, 77_000]);
    expect(offers.find((offer) => offer.price === 77_000)?.availability).toBe('https://schema.org/OutOfStock');
    expect(offers.every((offer) => offer.url.startsWith('https://') && offer.seller.name)).toBe(true);
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${ORIGIN}/` },
        { position: 2, item: `${ORIGIN}/products/electronics` },
        { position: 3, name: 'Pixel Raga 9 Pro', item: `${ORIGIN}/product/${phoneId}` },
      ],
    });
    // The browser's query cache starts with the product: nothing is fetched twice.
    const state = JSON.parse(/<script type="application\/json" id="bachat-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(state.queries.queries.map((query: { queryKey: unknown }) => query.queryKey)).toContainEqual(['products', phoneId]);
  });

  it('names the GTIN and MPN in the JSON-LD when they are known, and leaves them out when not', async () => {
    const before = jsonLd(head((await t.app.inject({ url: `/product/${phoneId}` })).body))[0];
    expect(before).not.toHaveProperty('gtin');
    expect(before).not.toHaveProperty('mpn');
    await t.database.db.update(products).set({ gtin: '08901234567897', mpn: 'GR9P-256' }).where(eq(products.id, phoneId));
    await markCatalogueChanged(t.database.db);
    const [product] = jsonLd(head((await t.app.inject({ url: `/product/${phoneId}` })).body));
    expect(product).toMatchObject({ gtin: '08901234567897', mpn: 'GR9P-256' });
  });

  it('has no aggregateRating without reviews, and a PNG behind og:image', async () => {
    const html = (await t.app.inject({ url: `/product/${dressId}` })).body;
    const [product] = jsonLd(head(html));
    expect(product?.name).toBe('Chikankari Midi Dress');
    expect(product).not.toHaveProperty('aggregateRating');
    const image = new URL(meta(html, 'og:image') ?? '');
    expect(image.pathname).toBe('/api/media/products/chikankari/0.png');
    expect(product?.image).toEqual([image.href]);
    const png = await t.app.inject({ url: image.pathname });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 404 with a not-found page for an unknown or malformed product', async () => {
    for (const url of ['/product/999999', '/product/abc']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Product Not Found');
      expect(meta(response.body, 'robots')).toBe('noindex');
    }
  });
});

describe('listing and search HTML', () => {
  it('lists the filtered first page with the count, links and prices, and the breadcrumbs as JSON-LD', async () => {
    await t.database.db.update(products).set({ image: productImagePath('budget-phone', 0) }).where(eq(products.brand, 'Nokla'));
    await markCatalogueChanged(t.database.db);
    const response = await t.app.inject({ url: '/products/electronics/mobiles?sort=price-low&brand=Nokla' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    for (let i = 0; i < 3; i += 1) {
      expect(html).toContain(`Budget Phone ${i}`);
      expect(html).toContain(`₹5,00${i}`);
    }
    expect(html).not.toContain('Pixel Raga 9 Pro');
    expect(html).toMatch(/href="\/product\/\d+"/);
    // The cards' pictures reserve their box; those in the first view load at once, at high priority.
    const pictures = [...html.matchAll(/<img [^>]*alt="Budget Phone \d"[^>]*>/g)].map((m) => m[0]);
    expect(pictures).toHaveLength(3);
    for (const img of pictures) expect(img).toMatch(/width="400" height="400" loading="eager" fetchPriority="high"/i);
    expect(html).toMatch(/3 products/);
    // A sorted, filtered view points search engines at the listing itself.
    expect(head(html)).toContain(`<link rel="canonical" href="${ORIGIN}/products/electronics/mobiles"/>`);
    const [breadcrumbs] = jsonLd(head(html));
    expect(breadcrumbs?.itemListElement.map((item: { item: string }) => item.item)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/products/electronics`,
      `${ORIGIN}/products/electronics/mobiles`,
    ]);
  });

  it('renders the apparels alias with the canonical category URL', async () => {
    const response = await t.app.inject({ url: '/products/apparels' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Chikankari Midi Dress');
    expect(head(response.body)).toContain(`<link rel="canonical" href="${ORIGIN}/products/ladies-apparels"/>`);
  });

  it('renders search results and keeps them out of the index', async () => {
    const response = await t.app.inject({ url: '/search?q=pixel' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Pixel Raga 9 Pro');
    expect(meta(response.body, 'robots')).toBe('noindex, follow');
  });

  it('home has the WebSite SearchAction, and trending and featured products', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Pixel Raga 9 Pro');
    const [site] = jsonLd(head(response.body));
    expect(site).toMatchObject({
      '@type': 'WebSite',
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` } },
    });
    const card = await t.app.inject({ url: SITE_CARD_PATH });
    expect(card.headers['content-type']).toBe('image/png');
  });
});

describe('status codes', () => {
  it('answers 404 for an unknown category or path, with a not-found page', async () => {
    const category = await t.app.inject({ url: '/products/gadgets' });
    expect(category.statusCode).toBe(404);
    expect(category.body).toContain('Category Not Found');
    const deep = await t.app.inject({ url: '/products/electronics/mobiles/nope' });
    expect(deep.statusCode).toBe(404);
    const path = await t.app.inject({ url: '/no/such/page' });
    expect(path.statusCode).toBe(404);
    expect(path.body).toContain('Page Not Found');
    expect(meta(path.body, 'robots')).toBe('noindex');
  });

  it('answers 404 for a page past the last page of a listing, which still shows its own empty view', async () => {
    const last = await t.app.inject({ url: '/products/electronics/mobiles' });
    expect(last.statusCode).toBe(200);
    const past = await t.app.inject({ url: '/products/electronics/mobiles?page=2' });
    expect(past.statusCode).toBe(404);
    expect(meta(past.body, 'robots')).toBe('noindex');
    expect(head(past.body)).not.toContain('rel="canonical"');
    // Filters that match nothing are a real answer on the first page.
    const none = await t.app.inject({ url: '/products/electronics/mobiles?brand=Nobody' });
    expect(none.statusCode).toBe(200);
  });

  it('keeps signed-in pages out of the index', async () => {
    for (const url of ['/wishlist', '/price-tracking', '/admin']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(meta(response.body, 'robots'), url).toBe('noindex');
    }
  });

  it('gives every page one <title>, the one its screen renders', async () => {
    const pages = {
      '/': "Bachat – Compare prices across India's top stores",
      [`/product/${phoneId}`]: 'Pixel Raga 9 Pro – Best price on Bachat',
      '/products/electronics/mobiles': 'Mobiles – Compare prices on Bachat',
      '/search?q=pixel': '“pixel” – Search on Bachat',
      '/deals': 'Deals – real price drops on Bachat',
      '/comparison': 'Product Comparison – Bachat',
      '/wishlist': 'My Wishlist – Bachat',
      '/price-tracking': 'Price Tracking – Bachat',
      '/admin': 'Operator console – Bachat',
      '/no-such-page': 'Page Not Found – Bachat',
    };
    for (const [url, title] of Object.entries(pages)) {
      const html = (await t.app.inject({ url })).body;
      const titles = [...head(html).matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]?.replace(/&#x27;/g, "'"));
      expect(titles, url).toEqual([title]);
    }
  });

  it('leaves unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: GET /api/nope' });
  });
});

describe('robots.txt and sitemaps', () => {
  it('names the sitemap; the index lists parts whose URLs cover every product', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.body).toMatch(/Disallow: \/wishlist/);

    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.headers['content-type']).toContain('application/xml');
    const parts = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(parts).toContain(`${ORIGIN}/sitemaps/categories.xml`);
    expect(parts).toContain(`${ORIGIN}/sitemaps/products-1.xml`);

    const productsPart = await t.app.inject({ url: '/sitemaps/products-1.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(productsPart.headers['content-encoding']).toBe('gzip');
    const xml = gunzipSync(productsPart.rawPayload).toString();
    const ids = [...xml.matchAll(/<loc>[^<]+\/product\/(\d+)<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(expect.arrayContaining([phoneId, dressId]));
    expect(ids).toHaveLength(5);

    const categories = await t.app.inject({ url: '/sitemaps/categories.xml' });
    expect(categories.body).toContain(`<loc>${ORIGIN}/products/electronics/mobiles</loc>`);
    expect(categories.body).toContain(`<loc>${ORIGIN}/products/ladies-apparels/western-wear/dresses</loc>`);
    expect((await t.app.inject({ url: '/sitemaps/products-9.xml' })).statusCode).toBe(404);
  });
});

describe('compression', () => {
  it('compresses pages and JSON with brotli or gzip', async () => {
    const page = await t.app.inject({ url: `/product/${phoneId}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers['content-encoding']).toBe('br');
    const api = await t.app.inject({ url: '/api/products/all?pageSize=5', headers: { 'accept-encoding': 'gzip' } });
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.rawPayload).toString()).items).toHaveLength(5);
  });
});

describe('rendered pages kept per catalogue version', () => {
  it('serves a page again without rendering it, revalidates it with a 304, and shows a new price on the next request after a change', async () => {
    const db = t.database.db;
    const id = await insertProduct(db, { name: 'Cached Page Phone', brand: 'Nokla', offers: [{ store: 'amazon-in', price: 9_999, original: 12_999 }] });
    await markCatalogueChanged(db);
    const url = `/product/${id}`;
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('₹9,999');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const misses = t.app.catalogue.stats.misses;
    const again = await t.app.inject({ url });
    expect(again.body).toBe(first.body);
    // Not rendered again: no page and no API answer behind it was computed.
    expect(t.app.catalogue.stats.misses).toBe(misses);

    const revalidated = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    // Compressed for a browser, and the same page once decompressed.
    const gzipped = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);

    await db.update(offers).set({ currentPrice: '8999.00' }).where(eq(offers.productId, id));
    await db.update(products).set({ currentPrice: '8999.00' }).where(eq(products.id, id));
    await markCatalogueChanged(db);
    const changed = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    // The new best price (the old one stays in its price history).
    expect(changed.body).toContain('₹8,999');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('keeps a not-found page as a 404 with no validators', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ url: '/product/987654321' });
      expect(response.statusCode).toBe(404);
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['content-type']).toContain('text/html');
    }
  });
});
