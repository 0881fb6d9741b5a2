import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '@/shared/contracts/product';
import { markCatalogueChanged } from '@/server/db/catalogue-version';
import { priceHistory } from '@/server/db/schema';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  // Prices straddle the filter bounds: 4150 belongs to 4,150–8,300, 83000 to 83,000+.
  ids.cheap = await insertProduct(db, { name: 'Redmi Budget', brand: 'Xiaomi', offers: [{ store: 'amazon-in', price: 4149, original: 5000 }], rating: 3.9, reviewCount: 50 });
  ids.edge = await insertProduct(db, { name: 'Realme Edge', brand: 'Realme', offers: [{ store: 'flipkart', price: 4150 }], rating: 4.1, reviewCount: 5 });
  ids.mid = await insertProduct(db, { name: 'Samsung Galaxy M', brand: 'Samsung', offers: [{ store: 'croma', price: 18000, original: 24000 }, { store: 'amazon-in', price: 17500, original: 22000 }, { store: 'flipkart', price: 16000, inStock: false }], rating: 4.5, reviewCount: 900, trending: true });
  ids.top = await insertProduct(db, { name: 'Apple iPhone Pro', brand: 'Apple', offers: [{ store: 'amazon-in', price: 83000, original: 83000 }], rating: 4.8, reviewCount: 300 });
  ids.laptop = await insertProduct(db, { name: 'Lenovo IdeaPad', brand: 'Lenovo', subcategory: 'computers-accessories', offers: [{ store: 'croma', price: 52000, original: 65000 }] });
  ids.dress = await insertProduct(db, { name: 'Floral Midi Dress', brand: 'ONLY', category: 'ladies-apparels', subcategory: 'western-wear', subSubcategory: 'dresses', offers: [{ store: 'myntra', price: 1499, original: 2999 }] });
  ids.kurta = await insertProduct(db, { name: 'Cotton Kurta Set', brand: 'Biba', category: 'ladies-apparels', subcategory: 'indian-fusion-wear', subSubcategory: 'kurtas-suits', offers: [{ store: 'ajio', price: 1299, original: 1999 }] });
});
afterAll(async () => t?.close());

const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json<T>() };
};
const names = (page: ProductPage) => page.items.map((p) => p.name);

describe('product JSON', () => {
  it('shows the best in-stock offer in the flat fields and every offer cheapest first', async () => {
    const { status, body } = await get<Product>(`/api/products/${ids.mid}`);
    expect(status).toBe(200);
    expect(body.store).toBe('Amazon In');
    expect(body.currentPrice).toBe(17500);
    expect(body.originalPrice).toBe(22000);
    expect(body.discount).toBe(20); // (22000 - 17500) / 22000 = 20.45% → 20
    expect(body.category).toBe('electronics');
    expect(body.subcategory).toBe('mobiles');
    expect(body.subSubcategory).toBeNull();
    expect(body.inStock).toBe(true);
    expect(body.offers.map((o) => [o.storeSlug, o.currentPrice, o.inStock])).toEqual([
      ['amazon-in', 17500, true],
      ['croma', 18000, true],
      ['flipkart', 16000, false],
    ]);
    expect(body.priceHistory).toEqual([{ price: 17500, date: expect.any(String) }]);
    const alias = await get<Product>(`/api/products/single/${ids.mid}`);
    expect(alias.body).toEqual(body);
  });

  it('gives priceHistory of the best offer, oldest first', async () => {
    const product = await get<Product>(`/api/products/${ids.laptop}`);
    const offerId = product.body.offers[0]?.id ?? 0;
    const db = t.database.db;
    await db.delete(priceHistory).where(eq(priceHistory.offerId, offerId));
    const day = 24 * 60 * 60 * 1000;
    await db.insert(priceHistory).values([
      { offerId, price: '56000.00', recordedAt: new Date(Date.now() - 20 * day) },
      { offerId, price: '54000.00', recordedAt: new Date(Date.now() - 10 * day) },
      { offerId, price: '52000.00', recordedAt: new Date(Date.now() - 1 * day) },
    ]);
    // Written behind the app's back: as any catalogue change must, it bumps the catalogue version.
    await markCatalogueChanged(db);
    const { body } = await get<Product>(`/api/products/${ids.laptop}`);
    expect(body.priceHistory.map((p) => p.price)).toEqual([56000, 54000, 52000]);
  });

  it('reads one product (one statement) exactly as listings read it, history window, shipping and times included', async () => {
    const db = t.database.db;
    const product = await get<Product>(`/api/products/${ids.cheap}`);
    const offerId = product.body.offers[0]?.id ?? 0;
    const day = 24 * 60 * 60 * 1000;
    await db.insert(priceHistory).values([
      // Outside the 180-day window: never shown.
      { offerId, price: '4999.00', recordedAt: new Date(Date.now() - 200 * day) },
      { offerId, price: '4599.50', recordedAt: new Date(new Date(Date.now() - 30 * day).setUTCHours(5, 30, 0, 123)) },
    ]);
    await markCatalogueChanged(db);
    const repository = t.app.productRepository;
    for (const id of Object.values(ids)) {
      const one = await repository.findById(id);
      const [listed] = await repository.findByIds([id]);
      expect(one).toEqual(listed);
      expect(one?.offers.length).toBeGreaterThan(0);
    }
    const cheap = await repository.findById(ids.cheap ?? 0);
    expect(cheap?.priceHistory.map((point) => point.price)).toEqual([4599.5, 4149]);
    expect(cheap?.priceHistory[0]?.date).toMatch(/^\d{4}-\d\d-\d\dT05:30:00\.123Z$/);
    expect(await repository.findById(999_999)).toBeNull();
    // Several at once (a listing page): in the order asked, unknown ids left out.
    const wanted = Object.values(ids).reverse();
    expect((await repository.findByIds([999_999, ...wanted])).map((p) => p.id)).toEqual(wanted);
  });

  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    expect(await get(`/api/products/999999`)).toEqual({ status: 404, body: { detail: 'Product not found' } });
    const bad = await get<{ detail: string }>(`/api/products/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^path\.id: /);
  });
});

describe('listing by category path', () => {
  it('lists a top category, a subcategory and a sub-subcategory with the total', async () => {
    const electronics = await get<ProductPage>('/api/products/browse/electronics?pageSize=100');
    expect(electronics.body.total).toBe(5);
    const laptops = await get<ProductPage>('/api/products/browse/electronics/computers-accessories');
    expect(names(laptops.body)).toEqual(['Lenovo IdeaPad']);
    const dresses = await get<ProductPage>('/api/products/browse/ladies-apparels/western-wear/dresses');
    expect(names(dresses.body)).toEqual(['Floral Midi Dress']);
  });

  it('treats apparels as an alias of ladies-apparels', async () => {
    const alias = await get<ProductPage>('/api/products/browse/apparels');
    const canonical = await get<ProductPage>('/api/products/browse/ladies-apparels');
    expect(alias.body.total).toBe(2);
    expect(names(alias.body)).toEqual(names(canonical.body));
    const group = await get<ProductPage>('/api/products/browse/apparels/indian-fusion-wear');
    expect(names(group.body)).toEqual(['Cotton Kurta Set']);
  });

  it('answers 404 with a detail for an unknown path', async () => {
    for (const path of ['gadgets', 'electronics/spaceships', 'electronics/mobiles/extra', 'apparels/western-wear/kurtas-suits']) {
      const { status, body } = await get<{ detail: string }>(`/api/products/browse/${path}`);
      expect(status, path).toBe(404);
      expect(body.detail).toContain('Category not found');
    }
  });

  it('filters by the rupee price ranges, lower bound inclusive', async () => {
    const range = async (price: string) => names((await get<ProductPage>(`/api/products/browse/electronics?price=${encodeURIComponent(price)}&sort=price-low`)).body);
    expect(await range('0-50')).toEqual(['Redmi Budget']);
    expect(await range('50-100')).toEqual(['Realme Edge']);
    expect(await range('100-500')).toEqual(['Samsung Galaxy M']);
    expect(await range('500-1000')).toEqual(['Lenovo IdeaPad']);
    expect(await range('1000+')).toEqual(['Apple iPhone Pro']);
    expect((await get(`/api/products/browse/electronics?price=cheap`)).status).toBe(400);
  });

  it('sorts by each option', async () => {
    const sorted = async (sort: string) => names((await get<ProductPage>(`/api/products/browse/electronics/mobiles?sort=${sort}`)).body);
    expect(await sorted('price-low')).toEqual(['Redmi Budget', 'Realme Edge', 'Samsung Galaxy M', 'Apple iPhone Pro']);
    expect(await sorted('price-high')).toEqual(['Apple iPhone Pro', 'Samsung Galaxy M', 'Realme Edge', 'Redmi Budget']);
    expect(await sorted('rating')).toEqual(['Apple iPhone Pro', 'Samsung Galaxy M', 'Realme Edge', 'Redmi Budget']);
    expect(await sorted('discount')).toEqual(['Samsung Galaxy M', 'Redmi Budget', 'Realme Edge', 'Apple iPhone Pro']);
    expect((await sorted('relevance'))[0]).toBe('Samsung Galaxy M'); // trending first
  });

  it('filters by brand case-insensitively and paginates on the server', async () => {
    const brand = await get<ProductPage>('/api/products/browse/electronics?brand=samsung');
    expect(names(brand.body)).toEqual(['Samsung Galaxy M']);
    const page1 = await get<ProductPage>('/api/products/browse/electronics?sort=price-low&pageSize=2&page=1');
    const page3 = await get<ProductPage>('/api/products/browse/electronics?sort=price-low&pageSize=2&page=3');
    expect(page1.body).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(names(page1.body)).toEqual(['Redmi Budget', 'Realme Edge']);
    expect(names(page3.body)).toEqual(['Apple iPhone Pro']);
    expect((await get('/api/products/browse/electronics?pageSize=1000')).status).toBe(400);
  });
});

describe('other product calls', () => {
  it('GET /products/all pages through everything', async () => {
    const { body } = await get<ProductPage>('/api/products/all?pageSize=3');
    expect(body.total).toBe(7);
    expect(body.items).toHaveLength(3);
  });

  it('GET /products filters by query params, including search text and trending', async () => {
    const trending = await get<ProductPage>('/api/products?trending=true');
    expect(names(trending.body)).toEqual(['Samsung Galaxy M']);
    const search = await get<ProductPage>('/api/products?q=ideapad');
    expect(names(search.body)).toEqual(['Lenovo IdeaPad']);
    const pastTheEnd = await get<ProductPage>('/api/products?q=ideapad&page=2');
    expect(pastTheEnd.body).toMatchObject({ items: [], total: 1, page: 2 });
    const nothing = await get<ProductPage>('/api/products?q=zzzqqq');
    expect(nothing.body).toMatchObject({ items: [], total: 0 });
    const byStore = await get<ProductPage>('/api/products?q=myntra');
    expect(names(byStore.body)).toEqual(['Floral Midi Dress']);
    const byPath = await get<ProductPage>('/api/products?category=apparels&subcategory=western-wear');
    expect(names(byPath.body)).toEqual(['Floral Midi Dress']);
  });

  it('GET /products/category/{category} answers comparison candidates, excluding ids, the subcategory first', async () => {
    const { status, body } = await get<Product[]>(`/api/products/category/electronics?exclude=${ids.mid},${ids.top}&subcategory=computers-accessories`);
    expect(status).toBe(200);
    expect(body[0]?.name).toBe('Lenovo IdeaPad');
    // Then the rest of the category fills the list, and nothing comes twice.
    expect(body.length).toBeGreaterThan(1);
    expect(body.slice(1).every((p) => p.subcategory !== 'computers-accessories')).toBe(true);
    expect(new Set(body.map((p) => p.id)).size).toBe(body.length);
    expect(body.map((p) => p.id)).not.toContain(ids.mid);
    expect(body.every((p) => p.category === 'electronics')).toBe(true);
    expect((await get('/api/products/category/electronics?exclude=1,x')).status).toBe(400);
    expect((await get('/api/products/category/gadgets')).status).toBe(404);
    const limited = await get<Product[]>('/api/products/category/electronics');
    expect(limited.body.length).toBeLessThanOrEqual(6);
  });
});
