import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCatalogueChanged } from '@/server/db/catalogue-version';
import { clickEvents, offers, stores } from '@/server/db/schema';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';
import { signUpOperator } from '@/server/test/operator';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let t: TestApp;
let ip = 0;
/** The last test closes the app itself (shutdown); the database goes afterwards. */
let appClosed = false;

beforeAll(async () => {
  t = await buildTestApp({ env: { GO_RATE_LIMIT_MAX: '5' } });
});
afterAll(async () => {
  if (appClosed) await t.database.dispose();
  else await t.close();
});

/** Each call from its own address, so the /go/ rate limit only bites where a test wants it to. */
function go(url: string, headers: Record<string, string> = {}, remoteAddress = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`) {
  return t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress });
}

async function offerOf(productId: number) {
  const [offer] = await t.database.db.select().from(offers).where(eq(offers.productId, productId));
  if (!offer) throw new Error('no offer');
  return offer;
}

async function clicksOf(offerId: number) {
  await t.app.clickLog.flush();
  return t.database.db.select().from(clickEvents).where(eq(clickEvents.offerId, offerId));
}

describe('GET /go/:offerId', () => {
  it('logs exactly one click and redirects to the offer URL with the store’s affiliate tag', async () => {
    const productId = await insertProduct(t.database.db, { offers: [{ store: 'tagged-store', price: 999, affiliateUrl: 'https://shop.example/p/42?color=red' }] });
    await t.database.db.update(stores).set({ affiliateTagTemplate: 'tag=bachat-21' }).where(eq(stores.slug, 'tagged-store'));
    const offer = await offerOf(productId);

    const before = Date.now();
    const response = await go(`/go/${offer.id}?from=product`);
    const after = Date.now();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example/p/42?color=red&tag=bachat-21');
    expect(response.headers['cache-control']).toBe('no-store');

    const clicks = await clicksOf(offer.id);
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ offerId: offer.id, storeId: offer.storeId, productId, sourcePage: 'product', userId: null });
    // The moment of the click, to the millisecond.
    expect(clicks[0]?.clickedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(clicks[0]?.clickedAt.getTime()).toBeLessThanOrEqual(after);
    // No raw address: a hash of the network, not "10.0.x.y".
    expect(clicks[0]?.ipHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const raw = await t.database.db.execute(sql`select count(*)::int as n from click_events where ip_hash like '10.%'`);
    expect(JSON.stringify(raw)).toContain('"n":0');
  });

  it('follows no URL from the query or the path (no open redirect)', async () => {
    const productId = await insertProduct(t.database.db, { offers: [{ store: 'plain-store', price: 500, affiliateUrl: 'https://plain.example/item/7' }] });
    const offer = await offerOf(productId);
    for (const query of [
      'url=https://evil.example',
      'redirect=https%3A%2F%2Fevil.example',
      'to=//evil.example&next=https://evil.example&u=https://evil.example',
      'from=https://evil.example',
    ]) {
      const response = await go(`/go/${offer.id}?${query}`);
      expect(response.statusCode, query).toBe(302);
      expect(response.headers.location, query).toBe('https://plain.example/item/7');
    }
    for (const path of ['/go/%2F%2Fevil.example', '/go/https:%2F%2Fevil.example', `/go/${offer.id}evil.example`, '/go/-1', '/go/0']) {
      const response = await go(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers.location, path).toBeUndefined();
    }
  });

  it('answers 404 for an unknown offer and 410 with a link back to the product for a delisted one', async () => {
    const unknown = await go('/go/987654', { accept: 'application/json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'This offer does not exist.' });

    const productId = await insertProduct(t.database.db, { offers: [{ store: 'gone-store', price: 700, inStock: false }] });
    const offer = await offerOf(productId);
    const gone = await go(`/go/${offer.id}`, { accept: 'text/html,application/xhtml+xml' });
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toContain('text/html');
    expect(gone.body).toContain(`<a href="/product/${productId}">Back to the product</a>`);
    const goneJson = await go(`/go/${offer.id}`, { accept: 'application/json' });
    expect(goneJson.statusCode).toBe(410);
    expect(goneJson.json()).toMatchObject({ product: `/product/${productId}` });
    expect(await clicksOf(offer.id)).toHaveLength(0);
  });

  it('redirects crawlers, link previews and prefetches without counting them', async () => {
    const productId = await insertProduct(t.database.db, { offers: [{ store: 'bot-store', price: 300, affiliateUrl: 'https://bots.example/x' }] });
    const offer = await offerOf(productId);
    const notCounted: Record<string, string>[] = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' },
      { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { 'user-agent': '' },
      { 'sec-purpose': 'prefetch' },
      { purpose: 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
    ];
    for (const headers of notCounted) {
      const response = await go(`/go/${offer.id}`, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(302);
      expect(response.headers.location).toBe('https://bots.example/x');
    }
    const head = await t.app.inject({ method: 'HEAD', url: `/go/${offer.id}`, headers: { 'user-agent': BROWSER }, remoteAddress: '10.9.9.9' });
    expect(head.statusCode).toBe(302);
    expect(await clicksOf(offer.id)).toHaveLength(0);
    await go(`/go/${offer.id}`);
    expect(await clicksOf(offer.id)).toHaveLength(1);
  });

  it('attributes a click to the signed-in shopper through a click ticket, and a forged ticket to no one', async () => {
    const productId = await insertProduct(t.database.db, { offers: [{ store: 'ticket-store', price: 800 }] });
    const offer = await offerOf(productId);
    const shopper = await signUpAndLogIn(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/clicks/ticket' })).statusCode).toBe(401);
    const issued = await t.app.inject({ method: 'GET', url: '/api/clicks/ticket', headers: shopper.headers });
    expect(issued.statusCode).toBe(200);
    const { ticket } = issued.json<{ ticket: string }>();
    // The ticket is no sign-in token.
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlist', headers: { authorization: `Bearer ${ticket}` } })).statusCode).toBe(401);

    await go(`/go/${offer.id}?from=compare&u=${encodeURIComponent(ticket)}`);
    await go(`/go/${offer.id}?from=nowhere&u=${encodeURIComponent(shopper.token)}`);
    const clicks = await clicksOf(offer.id);
    expect(clicks).toHaveLength(2);
    const [first, second] = [...clicks].sort((a, b) => a.id - b.id);
    expect(first?.userId).toBeGreaterThan(0);
    expect(first?.sourcePage).toBe('compare');
    expect(second?.userId).toBeNull();
    expect(second?.sourcePage).toBe('other');
  });

  it('is rate-limited per client address', async () => {
    const productId = await insertProduct(t.database.db, { offers: [{ store: 'busy-store', price: 100 }] });
    const offer = await offerOf(productId);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await go(`/go/${offer.id}`, {}, '10.200.0.1')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([302, 302, 302, 302, 302]);
    expect(statuses[6]).toBe(429);
    expect(await clicksOf(offer.id)).toHaveLength(5);
  });

  it('reads an offer once per catalogue version: a change (delisting, a new tag) shows from the next click', async () => {
    const productId = await insertProduct(t.database.db, { offers: [{ store: 'cached-store', price: 450, affiliateUrl: 'https://cached.example/p/1' }] });
    const offer = await offerOf(productId);
    expect((await go(`/go/${offer.id}`)).headers.location).toBe('https://cached.example/p/1');

    // The same change without a new catalogue version is not seen (the answer is cached) ...
    await t.database.db.update(stores).set({ affiliateTagTemplate: 'tag=cached-21' }).where(eq(stores.slug, 'cached-store'));
    expect((await go(`/go/${offer.id}`)).headers.location).toBe('https://cached.example/p/1');
    // ... and with one (as every import, store edit and merge makes), it is, at once.
    await markCatalogueChanged(t.database.db);
    expect((await go(`/go/${offer.id}`)).headers.location).toBe('https://cached.example/p/1?tag=cached-21');
    await t.database.db.update(offers).set({ inStock: false }).where(eq(offers.id, offer.id));
    await markCatalogueChanged(t.database.db);
    expect((await go(`/go/${offer.id}`)).statusCode).toBe(410);
    expect(await clicksOf(offer.id)).toHaveLength(3);
  });

  it('writes a click queued while its product was merged away to the survivor', async () => {
    const survivor = await insertProduct(t.database.db, { offers: [{ store: 'merge-a', price: 100 }] });
    const merged = await insertProduct(t.database.db, { offers: [{ store: 'merge-b', price: 110 }] });
    const offer = await offerOf(merged);
    const operator = await signUpOperator(t.app, t.database.db);
    await go(`/go/${offer.id}`); // queued, not yet written
    const merge = await t.app.inject({ method: 'POST', url: '/api/admin/products/merge', headers: operator.headers, payload: { survivorId: survivor, mergedId: merged } });
    expect(merge.statusCode).toBe(200);
    const clicks = await clicksOf(offer.id);
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.productId).toBe(survivor);
  });

  it('writes the clicks still queued when the app shuts down', async () => {
    const productId = await insertProduct(t.database.db, { offers: [{ store: 'closing-store', price: 200 }] });
    const offer = await offerOf(productId);
    for (let i = 0; i < 3; i++) expect((await go(`/go/${offer.id}`)).statusCode).toBe(302);
    await t.app.close();
    appClosed = true;
    const rows = await t.database.db.select().from(clickEvents).where(eq(clickEvents.offerId, offer.id));
    expect(rows).toHaveLength(3);
  });
});
