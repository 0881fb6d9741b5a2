import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@/shared/contracts/product';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

let t: TestApp;
let product: number;
beforeAll(async () => {
  t = await buildTestApp();
  product = await insertProduct(t.database.db, { name: 'boAt Airdopes', rating: 4, reviewCount: 3 });
});
afterAll(async () => t?.close());

const review = { rating: 5, title: 'Great value', body: 'Battery lasts all week.' };

describe('reviews', () => {
  it('adds a review, updates rating and count, and allows one per user per product', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const created = await t.app.inject({ method: 'POST', url: `/api/products/${product}/reviews`, headers, payload: review });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ rating: 5, title: 'Great value', author: 'Asha V.', mine: true });

    const updated = (await t.app.inject({ method: 'GET', url: `/api/products/${product}` })).json<Product>();
    expect(updated.reviews).toBe(4);
    expect(updated.rating).toBe(4.25); // (4 × 3 + 5) / 4

    const again = await t.app.inject({ method: 'POST', url: `/api/products/${product}/reviews`, headers, payload: review });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You have already reviewed this product' });

    const list = await t.app.inject({ method: 'GET', url: `/api/products/${product}/reviews`, headers });
    expect(list.json()).toMatchObject({ total: 1, reviews: 4, rating: 4.25, items: [{ title: 'Great value', mine: true }] });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/products/${product}/reviews` });
    expect(anonymous.json()).toMatchObject({ items: [{ mine: false }] });
  });

  it('validates rating 1–5, title and text, and needs sign-in', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const bad = await t.app.inject({ method: 'POST', url: `/api/products/${product}/reviews`, headers, payload: { rating: 6, title: '', body: '' } });
    expect(bad.statusCode).toBe(400);
    const { detail } = bad.json<{ detail: string }>();
    expect(detail).toContain('body.rating: Rating must be 1 to 5');
    expect(detail).toContain('body.title: Title is required');
    expect((await t.app.inject({ method: 'POST', url: `/api/products/${product}/reviews`, payload: review })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/products/777777/reviews`, headers, payload: review })).statusCode).toBe(404);
  });

  it('deletes my own review and restores the rating and count; another user cannot', async () => {
    const writer = await signUpAndLogIn(t.app, 'writer');
    const other = await signUpAndLogIn(t.app, 'other');
    const fresh = await insertProduct(t.database.db, { name: 'Noise ColorFit', rating: 3, reviewCount: 1 });
    await t.app.inject({ method: 'POST', url: `/api/products/${fresh}/reviews`, headers: writer.headers, payload: { ...review, rating: 5 } });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${fresh}` })).json<Product>()).toMatchObject({ rating: 4, reviews: 2 });

    const notMine = await t.app.inject({ method: 'DELETE', url: `/api/products/${fresh}/reviews/mine`, headers: other.headers });
    expect(notMine.statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'DELETE', url: `/api/products/${fresh}/reviews/mine`, headers: writer.headers });
    expect(mine.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${fresh}` })).json<Product>()).toMatchObject({ rating: 3, reviews: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${fresh}/reviews/mine` })).statusCode).toBe(401);
  });
});
