import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WishlistItem } from '@/shared/contracts/account';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

let t: TestApp;
let phone: number;
let dress: number;
beforeAll(async () => {
  t = await buildTestApp();
  phone = await insertProduct(t.database.db, { name: 'Nothing Phone' });
  dress = await insertProduct(t.database.db, { name: 'Wrap Dress', category: 'ladies-apparels' });
});
afterAll(async () => t?.close());

describe('wishlist', () => {
  it('adds, lists newest first with the product, refuses a duplicate, and removes', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const add = await t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { productId: phone } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ productId: phone, product: { id: phone, name: 'Nothing Phone' } });
    await t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { productId: dress } });

    const duplicate = await t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { productId: phone } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ detail: 'Already in wishlist' });

    const list = await t.app.inject({ method: 'GET', url: '/api/wishlist', headers });
    expect(list.json<WishlistItem[]>().map((item) => item.product.name)).toEqual(['Wrap Dress', 'Nothing Phone']);

    const remove = await t.app.inject({ method: 'DELETE', url: `/api/wishlist/${phone}`, headers });
    expect(remove.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/wishlist/${phone}`, headers });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlist', headers })).json<WishlistItem[]>()).toHaveLength(1);
  });

  it('answers 404 for an unknown product and 400 naming the field for a bad body', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { productId: 987654 } });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/wishlist', headers, payload: { productId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/^body\.productId: /);
  });

  it('needs a token', async () => {
    for (const [method, url] of [['GET', '/api/wishlist'], ['POST', '/api/wishlist'], ['DELETE', `/api/wishlist/${phone}`]] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? { productId: phone } : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
    }
  });

  it('keeps each user’s wishlist to that user', async () => {
    const alice = await signUpAndLogIn(t.app, 'alice');
    const bob = await signUpAndLogIn(t.app, 'bob');
    await t.app.inject({ method: 'POST', url: '/api/wishlist', headers: alice.headers, payload: { productId: dress } });
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlist', headers: bob.headers })).json()).toEqual([]);
    const steal = await t.app.inject({ method: 'DELETE', url: `/api/wishlist/${dress}`, headers: bob.headers });
    expect(steal.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlist', headers: alice.headers })).json<WishlistItem[]>()).toHaveLength(1);
  });
});
