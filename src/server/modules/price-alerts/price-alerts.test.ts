import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceAlert } from '@/shared/contracts/account';
import { buildTestApp, signUpAndLogIn, type TestApp } from '@/server/test/build-test-app';
import { insertProduct } from '@/server/test/fixtures';

let t: TestApp;
let product: number;
beforeAll(async () => {
  t = await buildTestApp();
  product = await insertProduct(t.database.db, { name: 'Sony WH-1000XM5', offers: [{ store: 'croma', price: 26990, original: 34990 }] });
});
afterAll(async () => t?.close());

describe('price alerts', () => {
  it('creates with the product and its current price, updates, toggles and deletes', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId: product, targetPrice: 24999.999 } });
    expect(created.statusCode).toBe(201);
    const alert = created.json<PriceAlert>();
    expect(alert).toMatchObject({ productId: product, targetPrice: 25000, currentPrice: 26990, isActive: true, kind: 'price', triggeredAt: null });
    expect(alert.product.name).toBe('Sony WH-1000XM5');

    const toggled = await t.app.inject({ method: 'PUT', url: `/api/price-alerts/${alert.id}`, headers, payload: { isActive: false } });
    expect(toggled.json()).toMatchObject({ isActive: false, targetPrice: 25000 });
    const edited = await t.app.inject({ method: 'PUT', url: `/api/price-alerts/${alert.id}`, headers, payload: { targetPrice: 23500.5, isActive: true } });
    expect(edited.json()).toMatchObject({ isActive: true, targetPrice: 23500.5 });

    const list = await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers });
    expect(list.json<PriceAlert[]>().map((a) => a.id)).toEqual([alert.id]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/price-alerts/${alert.id}`, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/price-alerts/${alert.id}`, headers })).statusCode).toBe(404);
  });

  it('rejects bad input with a field-named 400 and unknown products with 404', async () => {
    const { headers } = await signUpAndLogIn(t.app);
    const cases = [
      { payload: { productId: product }, field: 'body.targetPrice' },
      { payload: { productId: product, targetPrice: 'cheap' }, field: 'body.targetPrice' },
      { payload: { productId: product, targetPrice: -5 }, field: 'body.targetPrice' },
      { payload: { productId: 1.5, targetPrice: 100 }, field: 'body.productId' },
    ];
    for (const { payload, field } of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ detail: string }>().detail).toContain(field);
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers, payload: { productId: 424242, targetPrice: 100 } });
    expect(unknown.statusCode).toBe(404);
    const emptyUpdate = await t.app.inject({ method: 'PUT', url: '/api/price-alerts/1', headers, payload: {} });
    expect(emptyUpdate.statusCode).toBe(400);
  });

  it('never shows or changes another user’s alert', async () => {
    const owner = await signUpAndLogIn(t.app, 'owner');
    const other = await signUpAndLogIn(t.app, 'other');
    const alert = (await t.app.inject({ method: 'POST', url: '/api/price-alerts', headers: owner.headers, payload: { productId: product, targetPrice: 20000 } })).json<PriceAlert>();
    expect((await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: other.headers })).json()).toEqual([]);
    const update = await t.app.inject({ method: 'PUT', url: `/api/price-alerts/${alert.id}`, headers: other.headers, payload: { isActive: false } });
    expect(update.statusCode).toBe(404);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/price-alerts/${alert.id}`, headers: other.headers });
    expect(remove.statusCode).toBe(404);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: owner.headers })).json<PriceAlert[]>();
    expect(mine[0]).toMatchObject({ id: alert.id, isActive: true });
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/price-alerts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/price-alerts', payload: { productId: product, targetPrice: 1 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/price-alerts/1', payload: { isActive: true } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/price-alerts/1' })).statusCode).toBe(401);
  });
});
