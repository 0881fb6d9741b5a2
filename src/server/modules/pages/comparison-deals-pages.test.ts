import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCatalogueChanged } from '@/server/db/catalogue-version';
import { offers, priceHistory } from '@/server/db/schema';
import { refreshDeals } from '@/server/modules/deals/refresh-deals';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

/**
 * The raw HTML of the deals page and of a shared comparison (`/comparison?products=1,2`), as a link-preview bot or a
 * browser without JavaScript gets it: the data in the page, the head naming it, and the query state the browser
 * hydrates from (so it asks for nothing again).
 */
let t: TestApp;
const ORIGIN = 'https://bachat.example.in';
const ids: Record<'pixel' | 'galaxy' | 'candidate' | 'dress' | 'deal', number> = { pixel: 0, galaxy: 0, candidate: 0, dress: 0, deal: 0 };
const DAY = 86_400_000;

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&#x27;/g, "'");
const titles = (html: string) => [...html.slice(0, html.indexOf('</head>')).matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
/** The page's text as a reader sees it: React's text separators (`<!-- -->`) and tags taken out. */
const text = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'))
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
const state = (html: string) =>
  JSON.parse(/<script type="application\/json" id="bachat-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    queries: { queries: { queryKey: unknown[]; state: { status: string } }[] };
  };

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: `${ORIGIN}/` } });
  const db = t.database.db;
  ids.pixel = await insertProduct(db, { name: 'Pixel Raga 9', brand: 'Googol', offers: [{ store: 'amazon-in', price: 72_499, original: 79_999 }] });
  ids.galaxy = await insertProduct(db, { name: 'Galaxy Tara S5', brand: 'Samsang', offers: [{ store: 'flipkart', price: 64_999, original: 69_999 }] });
  ids.candidate = await insertProduct(db, { name: 'Nokla Budget 3', brand: 'Nokla', offers: [{ store: 'croma', price: 7_999 }] });
  ids.dress = await insertProduct(db, { name: 'Chikankari Midi Dress', brand: 'Lucknowi', category: 'ladies-apparels', offers: [{ store: 'myntra', price: 2_499 }] });
  // A real drop: ₹10,000 for months, ₹8,000 now.
  ids.deal = await insertProduct(db, { name: 'Real Drop Earbuds', brand: 'Boat', offers: [{ store: 'amazon-in', price: 8_000, original: 8_000 }] });
  const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.productId, ids.deal));
  if (!offer) throw new Error('no offer');
  await db.delete(priceHistory).where(inArray(priceHistory.offerId, [offer.id]));
  const now = Date.now();
  await db.insert(priceHistory).values(
    [
      [120, 10_000],
      [100, 10_000],
      [0, 8_000],
    ].map(([days, price]) => ({ offerId: offer.id, price: (price as number).toFixed(2), recordedAt: new Date(now - (days as number) * DAY) })),
  );
  await refreshDeals(db, new Date(now));
  await markCatalogueChanged(db);
});
afterAll(() => t.close());

describe('a shared comparison', () => {
  it('holds its products, prices, table and candidates, named in the title and the preview', async () => {
    const response = await t.app.inject({ url: `/comparison?products=${ids.pixel},${ids.galaxy}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const page = text(html);
    expect(page).toContain('Current Comparison (2/3)');
    for (const value of ['Pixel Raga 9', 'Galaxy Tara S5', '₹72,499', '₹64,999', 'Best Price', 'Highest Rated', 'Amazon In', 'Flipkart']) {
      expect(page).toContain(value);
    }
    expect(html).toContain(`href="/product/${ids.pixel}"`);
    // The candidates to add come with it: the same category, the compared ones left out.
    const candidates = page.slice(page.indexOf('Add Products to Compare'));
    expect(candidates).toContain('Nokla Budget 3');
    expect(candidates).not.toContain('Chikankari Midi Dress');

    expect(titles(html)).toEqual(['Compare Pixel Raga 9 vs Galaxy Tara S5 – Bachat']);
    expect(meta(html, 'og:title')).toBe('Compare Pixel Raga 9 vs Galaxy Tara S5 – Bachat');
    expect(meta(html, 'og:description')).toBe(
      'Pixel Raga 9 (₹72,499) and Galaxy Tara S5 (₹64,999) side by side: the best price across Indian stores, ratings and specifications on Bachat.',
    );
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/comparison?products=${ids.pixel},${ids.galaxy}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/.+\\.png$`));
    // Any set of ids makes a URL: previews yes, the index no; its links are followed.
    expect(meta(html, 'robots')).toBe('noindex, follow');

    // What the browser hydrates: each product, the candidates and the key specs, so it fetches none of them again.
    const keys = state(html).queries.queries.map((query) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['products', 'detail', ids.pixel],
        ['products', 'detail', ids.galaxy],
        ['products', 'comparison-candidates', 'electronics', 'mobiles', [ids.pixel, ids.galaxy]],
        ['products', 'attributes', [ids.pixel, ids.galaxy].sort((a, b) => a - b)],
      ]),
    );
  });

  it('stays a 200 with the products that exist when an id does not, and applies the category rule', async () => {
    const unknown = await t.app.inject({ url: `/comparison?products=${ids.pixel},987654321` });
    expect(unknown.statusCode).toBe(200);
    expect(text(unknown.body)).toContain('Current Comparison (1/3)');
    expect(titles(unknown.body)).toEqual(['Compare Pixel Raga 9 – Bachat']);
    expect(meta(unknown.body, 'og:url')).toBe(`${ORIGIN}/comparison?products=${ids.pixel}`);
    // The unknown id's 404 goes with the page, so the browser drops it with its toast instead of asking again.
    const failed = state(unknown.body).queries.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(['products', 'detail', 987654321]));
    expect(failed?.state.status).toBe('error');

    const mixed = await t.app.inject({ url: `/comparison?products=${ids.pixel},${ids.dress}` });
    expect(mixed.statusCode).toBe(200);
    expect(titles(mixed.body)).toEqual(['Compare Pixel Raga 9 – Bachat']);
    expect(text(mixed.body)).toContain('Current Comparison (1/3)');
  });

  it('without products offers the first products of the catalogue', async () => {
    const response = await t.app.inject({ url: '/comparison' });
    expect(response.statusCode).toBe(200);
    expect(titles(response.body)).toEqual(['Product Comparison – Bachat']);
    const page = text(response.body);
    expect(page).toContain('Current Comparison (0/3)');
    expect(page).toContain('No Products Selected');
    for (const name of ['Pixel Raga 9', 'Galaxy Tara S5', 'Chikankari Midi Dress']) expect(page).toContain(name);
  });
});

describe('the deals page', () => {
  it('lists each deal with its drop, and has its canonical URL, description and breadcrumbs', async () => {
    const response = await t.app.inject({ url: '/deals' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const page = text(html);
    expect(page).toContain('Real Drop Earbuds');
    expect(page).toContain('₹8,000 at Amazon In');
    expect(page).toContain('₹2,000 below its 90-day typical price');
    expect(page).toContain('1 deal');
    expect(page).not.toContain('Pixel Raga 9');
    expect(html).toContain(`href="/product/${ids.deal}"`);

    expect(titles(html)).toEqual(['Deals – real price drops on Bachat']);
    expect(canonical(html)).toBe(`${ORIGIN}/deals`);
    expect(meta(html, 'robots')).toBeUndefined();
    expect(meta(html, 'og:title')).toBe('Deals – real price drops on Bachat');
    expect(meta(html, 'description')).toBe(
      '1 product priced well below its own 90-day typical price across Indian stores: real price drops, not inflated “original prices”.',
    );
    expect(html).toContain(`"itemListElement":[{"@type":"ListItem","position":1,"name":"Home","item":"${ORIGIN}/"},{"@type":"ListItem","position":2,"name":"Deals","item":"${ORIGIN}/deals"}]`);
    expect(state(html).queries.queries.map((query) => query.queryKey)).toContainEqual(['deals', { category: null, minDrop: 5, page: 1 }]);
  });

  it('renders the filters of its URL, filtered views naming the deals page as canonical; a page past the last is a 404', async () => {
    const dresses = await t.app.inject({ url: '/deals?category=ladies-apparels&minDrop=10' });
    expect(dresses.statusCode).toBe(200);
    expect(text(dresses.body)).toContain('No deals right now');
    expect(text(dresses.body)).not.toContain('Real Drop Earbuds');
    expect(canonical(dresses.body)).toBe(`${ORIGIN}/deals`);

    const past = await t.app.inject({ url: '/deals?page=2' });
    expect(past.statusCode).toBe(404);
    expect(meta(past.body, 'robots')).toBe('noindex');
  });

  it('is in the sitemap', async () => {
    const response = await t.app.inject({ url: '/sitemaps/categories.xml' });
    expect(response.body).toContain(`<loc>${ORIGIN}/deals</loc>`);
  });
});
