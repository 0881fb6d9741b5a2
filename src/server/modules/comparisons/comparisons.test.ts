import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparison } from '@/shared/contracts/account';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

let t: TestApp;
let a: number;
let b: number;
let c: number;
let dress: number;
beforeAll(async () => {
  t = await buildTestApp();
  a = await insertProduct(t.database.db, { name: 'Phone A' });
  b = await insertProduct(t.database.db, { name: 'Phone B' });
  c = await insertProduct(t.database.db, { name: 'Phone C' });
  dress = await insertProduct(t.database.db, { name: 'Dress', category: 'ladies-apparels' });
});
afterAll(async () => t?.close());

describe('saved comparisons', () => {
  it('saves 2–3 products in order and lists them newest first with products', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const first = await t.app.inject({ method: 'POST', url: '/api/comparisons', headers, payload: { name: 'electronics Comparison', productIds: [b, a] } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'electronics Comparison', productIds: [b, a] });
    await t.app.inject({ method: 'POST', url: '/api/comparisons', headers, payload: { name: 'Second', productIds: [a, b, c] } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/comparisons', headers })).json<Comparison[]>();
    expect(list.map((x) => x.name)).toEqual(['Second', 'electronics Comparison']);
    expect(list[1]?.products.map((p) => p.name)).toEqual(['Phone B', 'Phone A']);
  });

  it('applies the comparison rules on the server too', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const post = (productIds: number[]) => t.app.inject({ method: 'POST', url: '/api/comparisons', headers, payload: { name: 'x', productIds } });
    const one = await post([a]);
    expect(one.statusCode).toBe(400);
    expect(one.json<{ detail: string }>().detail).toContain('Add at least 2 products to save a comparison.');
    expect((await post([a, b, c, dress])).json<{ detail: string }>().detail).toContain('Maximum 3 products allowed');
    expect((await post([a, a])).json<{ detail: string }>().detail).toContain('Product already added');
    const mixed = await post([a, dress]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ detail: 'Only products of the same category can be compared' });
    expect((await post([a, 999999])).statusCode).toBe(404);
  });

  it('keeps comparisons private to their owner', async () => {
    const owner = await signUpAndLogIn(t.app, 'cmpowner');
    const other = await signUpAndLogIn(t.app, 'cmpother');
    const saved = (await t.app.inject({ method: 'POST', url: '/api/comparisons', headers: owner.headers, payload: { name: 'Mine', productIds: [a, b] } })).json<Comparison>();
    expect((await t.app.inject({ method: 'GET', url: '/api/comparisons', headers: other.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/comparisons/${saved.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/comparisons/${saved.id}`, headers: owner.headers })).statusCode).toBe(204);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/comparisons' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/comparisons', payload: { name: 'x', productIds: [a, b] } })).statusCode).toBe(401);
  });
});
