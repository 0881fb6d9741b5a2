import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, CategoryMapping, CategoryMappingsResponse } from '@/shared/contracts/admin';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { signUpOperator } from '@/server/test/operator';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = (await signUpOperator(t.app, t.database.db)).headers;
});
afterAll(async () => t?.close());

describe('category mapping in the console', () => {
  it('lists built-in mappings and the catalogue targets, sets, remaps and removes a mapping, with audit entries', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/category-mappings', headers })).json<CategoryMappingsResponse>();
    expect(list.items.some((row) => row.builtIn && row.target === 'electronics/mobiles')).toBe(true);
    expect(list.targets).toContain('ladies-apparels/western-wear/dresses');
    expect(list.targets).toContain('electronics/mobiles');

    const set = await t.app.inject({ method: 'PUT', url: '/api/admin/category-mappings', headers, payload: { source: 'Gadgets >  Smart  Watches', target: 'electronics/wearable-technology' } });
    expect(set.statusCode).toBe(200);
    expect(set.json<CategoryMapping>()).toEqual({ source: 'gadgets > smart watches', target: 'electronics/wearable-technology', builtIn: false });
    const remap = await t.app.inject({ method: 'PUT', url: '/api/admin/category-mappings', headers, payload: { source: 'gadgets > smart watches', target: 'ladies-apparels/indian-fusion-wear/watches-wearables' } });
    expect(remap.json<CategoryMapping>().target).toBe('ladies-apparels/indian-fusion-wear/watches-wearables');

    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/category-mappings', headers, payload: { source: 'x', target: 'electronics/toasters' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('is not a catalogue category');

    const builtIn = list.items.find((row) => row.builtIn);
    const removeBuiltIn = await t.app.inject({ method: 'DELETE', url: `/api/admin/category-mappings?source=${encodeURIComponent(builtIn?.source ?? '')}`, headers });
    expect(removeBuiltIn.statusCode).toBe(400);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/admin/category-mappings?source=${encodeURIComponent('Gadgets > Smart Watches')}`, headers });
    expect(remove.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/category-mappings?source=${encodeURIComponent('Gadgets > Smart Watches')}`, headers });
    expect(again.statusCode).toBe(404);

    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?entityType=category-mapping', headers })).json<AuditPage>();
    expect(audit.items.map((row) => row.action)).toEqual(['category-mapping.remove', 'category-mapping.set', 'category-mapping.set']);
    expect(audit.items[1]?.summary).toContain('(was electronics/wearable-technology)');
  });
});
