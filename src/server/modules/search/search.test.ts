import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@/shared/contracts/product';
import type { SearchSuggestion } from '@/shared/contracts/search';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await insertProduct(db, { name: 'Samsung Galaxy S25 Ultra 5G', brand: 'Samsung', reviewCount: 900, offers: [{ store: 'amazon-in', price: 129999, original: 134999 }] });
  await insertProduct(db, { name: 'Samsung 80 cm (32 inch) HD Ready Smart LED TV', brand: 'Samsung', subcategory: 'home-theater-tv-video', reviewCount: 50, offers: [{ store: 'croma', price: 13990 }] });
  await insertProduct(db, { name: 'Apple iPhone 16', brand: 'Apple', reviewCount: 400, offers: [{ store: 'flipkart', price: 79900 }] });
  await insertProduct(db, { name: 'Apple iPhone 16 Pro Max', brand: 'Apple', reviewCount: 200, offers: [{ store: 'reliance-digital', price: 144900 }] });
  await insertProduct(db, { name: 'OnePlus Nord CE4', brand: 'OnePlus', reviewCount: 700, offers: [{ store: 'amazon-in', price: 24999 }] });
  await insertProduct(db, { name: 'Floral Midi Dress', brand: 'ONLY', category: 'ladies-apparels', subcategory: 'western-wear', subSubcategory: 'dresses', offers: [{ store: 'myntra', price: 1499, original: 2999 }] });
  await insertProduct(db, { name: '50% Off Sale Tee', brand: 'Roadster', category: 'ladies-apparels', subcategory: 'western-wear', subSubcategory: 'tshirts', offers: [{ store: 'ajio', price: 499 }] });
});
afterAll(async () => t?.close());

const suggest = async (q: string, extra = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}${extra}` });
  return { status: response.statusCode, body: response.json<SearchSuggestion[]>() };
};
const search = async (q: string, extra = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}${extra}` });
  return response.json<ProductPage>();
};

describe('GET /search/suggest', () => {
  it('answers the matches with id, name, brand, category, image and current price', async () => {
    const { status, body } = await suggest('galaxy');
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: expect.any(Number),
        name: 'Samsung Galaxy S25 Ultra 5G',
        brand: 'Samsung',
        category: 'electronics',
        subcategory: 'mobiles',
        image: expect.any(String),
        currentPrice: 129999,
      },
    ]);
  });

  it('tolerates small typos: "samsng" finds Samsung, "iphne" finds iPhone', async () => {
    const samsung = await suggest('samsng');
    expect(samsung.body.map((s) => s.brand)).toEqual(['Samsung', 'Samsung']);
    const iphone = await suggest('iphne');
    expect(iphone.body.map((s) => s.name).sort()).toEqual(['Apple iPhone 16', 'Apple iPhone 16 Pro Max']);
    const oneplus = await suggest('onepls nord');
    expect(oneplus.body.map((s) => s.name)).toEqual(['OnePlus Nord CE4']);
  });

  it('matches brand, model words, store and category, every word of the query', async () => {
    expect((await suggest('myntra')).body.map((s) => s.name)).toEqual(['Floral Midi Dress']);
    expect((await suggest('western wear dresses')).body.map((s) => s.name)).toEqual(['Floral Midi Dress']);
    expect((await suggest('samsung tv')).body.map((s) => s.name)).toEqual(['Samsung 80 cm (32 inch) HD Ready Smart LED TV']);
    expect((await suggest('apple pro max')).body.map((s) => s.name)).toEqual(['Apple iPhone 16 Pro Max']);
  });

  it('ranks the name that starts with the query first', async () => {
    const { body } = await suggest('apple iphone 16');
    expect(body[0]?.name).toBe('Apple iPhone 16');
  });

  it('answers nothing for empty or punctuation-only text, treats LIKE wildcards literally, and limits the list', async () => {
    expect((await suggest('')).body).toEqual([]);
    expect((await suggest('   ')).body).toEqual([]);
    expect((await suggest('%%')).body).toEqual([]);
    expect((await suggest('50%')).body.map((s) => s.name)).toEqual(['50% Off Sale Tee']);
    expect((await suggest('zzzzqqq')).body).toEqual([]);
    expect((await suggest('a', '&limit=2')).body.length).toBeLessThanOrEqual(2);
    expect((await suggest('x'.repeat(101))).status).toBe(400);
    expect((await suggest('phone', '&limit=99')).status).toBe(400);
  });
});

describe('GET /products?q= (the search results page)', () => {
  it('is tolerant of typos and counts all matches', async () => {
    const page = await search('samsng');
    expect(page.total).toBe(2);
    expect(page.items.every((p) => p.brand === 'Samsung')).toBe(true);
    const iphone = await search('iphne');
    expect(iphone.total).toBe(2);
  });

  it('sorts results by price when asked', async () => {
    const page = await search('apple', '&sort=price-high');
    expect(page.items.map((p) => p.currentPrice)).toEqual([144900, 79900]);
  });
});
