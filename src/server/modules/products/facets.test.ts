import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetGroup, ProductPage } from '@/shared/contracts/product';
import { facetsFor } from '@/shared/facet-config';
import { offers, productAttributes, products, stores } from '@/server/db/schema';
import { seedDemoCatalogue } from '@/server/db/seed/seed';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { eq } from 'drizzle-orm';

/**
 * Facet counts against a brute-force count (issue 15): the demo catalogue is seeded, every product's attributes,
 * brand, price, rating, discount, stock and stores are read back, and each count the API answers is recomputed
 * here by filtering that list in plain code.
 */
let t: TestApp;
type Row = { id: number; brand: string; price: number; rating: number; discount: number; inStock: boolean; stores: Set<string>; attrs: { name: string; key: string; num: number | null }[] };
const catalogue = new Map<string, Row[]>();

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  // Mobiles and three apparel leaves: enough values to combine, few enough to seed quickly on PGlite.
  await seedDemoCatalogue(db, { include: (p) => p.subcategory === 'mobiles' || ['dresses', 'jeans', 'tops'].includes(p.subSubcategory ?? '') });
  const productRows = await db.select().from(products);
  const attributeRows = await db.select().from(productAttributes);
  const offerRows = await db.select({ productId: offers.productId, slug: stores.slug }).from(offers).innerJoin(stores, eq(stores.id, offers.storeId));
  const rows = new Map<number, Row & { path: string[] }>();
  for (const p of productRows) {
    rows.set(p.id, {
      id: p.id,
      brand: p.brand,
      price: Number(p.currentPrice),
      rating: Number(p.rating),
      discount: p.discount,
      inStock: p.inStock,
      stores: new Set(),
      attrs: [],
      path: [p.category, p.subcategory, p.subSubcategory].filter((s): s is string => Boolean(s)),
    });
  }
  for (const a of attributeRows) rows.get(a.productId)?.attrs.push({ name: a.name, key: a.valueKey, num: a.num === null ? null : Number(a.num) });
  for (const o of offerRows) rows.get(o.productId)?.stores.add(o.slug);
  for (const row of rows.values()) {
    for (let depth = 1; depth <= row.path.length; depth++) {
      const key = row.path.slice(0, depth).join('/');
      catalogue.set(key, [...(catalogue.get(key) ?? []), row]);
    }
  }
}, 120_000);
afterAll(async () => t?.close());

type Selection = { attrs: Record<string, string[]>; brands?: string[]; stores?: string[]; inStock?: boolean; minDiscount?: number; rating?: number };

function pathOf(scope: string) {
  const [category, subcategory, subSubcategory] = scope.split('/');
  return { category, subcategory, subSubcategory };
}

/** Does a product pass one group's selection? (Brute force: no SQL.) */
function passes(row: Row, scope: string, group: string, selection: Selection): boolean {
  const definitions = facetsFor(pathOf(scope));
  if (group === 'brand') return !selection.brands?.length || selection.brands.some((b) => b.toLowerCase() === row.brand.toLowerCase());
  if (group === 'store') return !selection.stores?.length || selection.stores.some((s) => row.stores.has(s));
  if (group === 'availability') return !selection.inStock || row.inStock;
  if (group === 'discount') return selection.minDiscount === undefined || row.discount >= selection.minDiscount;
  if (group === 'rating') return selection.rating === undefined || row.rating >= selection.rating;
  const values = selection.attrs[group];
  if (!values?.length) return true;
  const definition = definitions.find((d) => d.name === group);
  return values.some((value) => {
    const range = definition?.type === 'ranges' ? definition.ranges.find((r) => r.key === value) : undefined;
    return row.attrs.some((a) => {
      if (a.name !== group) return false;
      if (!range) return a.key === value;
      return a.num !== null && (range.min === null || a.num >= range.min) && (range.max === null || a.num < range.max);
    });
  });
}

function groupsOf(selection: Selection): string[] {
  return ['brand', 'store', 'availability', 'discount', 'rating', ...Object.keys(selection.attrs)];
}

function bruteCount(scope: string, selection: Selection, except: string | null = null): Row[] {
  return (catalogue.get(scope) ?? []).filter((row) => groupsOf(selection).every((group) => group === except || passes(row, scope, group, selection)));
}

function urlOf(scope: string, selection: Selection): string {
  const params = new URLSearchParams({ pageSize: '100' });
  const tokens = Object.entries(selection.attrs).flatMap(([name, values]) => values.map((value) => `${name}.${value}`));
  if (tokens.length) params.set('f', tokens.join(','));
  if (selection.brands?.length) params.set('brand', selection.brands.join(','));
  if (selection.stores?.length) params.set('store', selection.stores.join(','));
  if (selection.inStock) params.set('inStock', 'true');
  if (selection.minDiscount !== undefined) params.set('minDiscount', String(selection.minDiscount));
  if (selection.rating !== undefined) params.set('rating', String(selection.rating));
  return `/api/products/browse/${scope}?${params}`;
}

async function listing(scope: string, selection: Selection): Promise<ProductPage & { facets: FacetGroup[] }> {
  const response = await t.app.inject({ method: 'GET', url: urlOf(scope, selection) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A selection with group `group` set to just `key` (what clicking only that option would show). */
function withOnly(selection: Selection, group: string, key: string): Selection {
  if (group === 'brand') return { ...selection, brands: [key] };
  if (group === 'store') return { ...selection, stores: [key] };
  if (group === 'availability') return { ...selection, inStock: true };
  if (group === 'discount') return { ...selection, minDiscount: Number(key) };
  if (group === 'rating') return { ...selection, rating: Number(key) };
  return { ...selection, attrs: { ...selection.attrs, [group]: [key] } };
}

const CASES: [scope: string, selection: Selection][] = [
  ['electronics/mobiles', { attrs: {} }],
  ['electronics/mobiles', { attrs: { ram: ['8-gb'] } }],
  ['electronics/mobiles', { attrs: { ram: ['8-gb', '12-gb'], storage: ['256-gb'] } }],
  ['electronics/mobiles', { attrs: { ram: ['8-gb', '12-gb'], storage: ['256-gb', '512-gb'], battery: ['5000-5999'] } }],
  ['electronics/mobiles', { attrs: { storage: ['128-gb'], 'screen-size': ['6.5-plus'] }, brands: ['Redmi', 'Realme'], inStock: true }],
  ['ladies-apparels/western-wear/dresses', { attrs: { size: ['m', 'xl'] } }],
  ['ladies-apparels/western-wear/dresses', { attrs: { size: ['xxl'], fabric: ['polyester', 'georgette'] }, minDiscount: 20 }],
  ['ladies-apparels', { attrs: { size: ['s'], colour: ['beige', 'rust', 'mustard', 'black'], pattern: ['solid', 'striped'] }, stores: ['myntra', 'ajio'], rating: 4 }],
];

describe('facet counts (brute-force checked)', () => {
  it.each(CASES)('%s %j: total and every count match a brute-force count', async (scope, selection) => {
    const page = await listing(scope, selection);
    const expected = bruteCount(scope, selection);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));

    const configured = facetsFor(pathOf(scope)).map((d) => d.name);
    expect(page.facets.filter((g) => g.kind === 'attr').map((g) => g.name)).toEqual(configured.filter((name) => page.facets.some((g) => g.name === name)));
    let checked = 0;
    for (const group of page.facets) {
      if (group.kind === 'price') continue;
      const name = group.kind === 'attr' ? group.name : group.kind;
      for (const option of group.options) {
        const only = withOnly(selection, name, option.key);
        expect(option.count, `${group.name}=${option.key}`).toBe(bruteCount(scope, only).length);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('a facet count equals the total of the listing with that value chosen', async () => {
    const selection: Selection = { attrs: { ram: ['8-gb', '12-gb'], storage: ['256-gb'] } };
    const page = await listing('electronics/mobiles', selection);
    const ram = page.facets.find((g) => g.name === 'ram');
    const storage = page.facets.find((g) => g.name === 'storage');
    expect(ram?.options.find((o) => o.key === '8-gb')?.selected).toBe(true);
    expect(ram?.options.length).toBeGreaterThan(3);
    // OR within a facet: 8 GB or 12 GB leaves at least as many as either alone.
    for (const option of [...(ram?.options ?? []).slice(0, 3), ...(storage?.options ?? []).slice(0, 3)]) {
      const group = ram?.options.includes(option) ? 'ram' : 'storage';
      const narrowed = await listing('electronics/mobiles', withOnly(selection, group, option.key));
      expect(narrowed.total, `${group}=${option.key}`).toBe(option.count);
    }
    // Numeric values list in numeric order: 4 GB before 12 GB.
    const keys = ram?.options.map((o) => o.key) ?? [];
    expect(keys.indexOf('4-gb')).toBeLessThan(keys.indexOf('12-gb'));
  });

  it('answers 400 with a detail for junk filters, never 5xx', async () => {
    for (const query of ['f=ram', 'f=RAM.8%20GB', 'f=ram.8-gb;drop', 'minDiscount=15', 'inStock=yes', 'rating=5', 'store=Amazon%20In', `f=${'a.b,'.repeat(600)}a.b`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/products/browse/electronics/mobiles?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/query\./);
    }
    // An unknown facet or value is no error: it just matches nothing.
    const unknown = await listing('electronics/mobiles', { attrs: { warp: ['9'] } });
    expect(unknown.total).toBe(0);
  });

  it('search pages get facets too when asked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products?q=redmi&category=electronics&subcategory=mobiles&facets=true&f=ram.8-gb' });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ProductPage>();
    expect(page.facets?.find((g) => g.name === 'ram')?.options.length).toBeGreaterThan(0);
    expect(page.items.every((p) => p.name.toLowerCase().includes('redmi'))).toBe(true);
    const brand = page.facets?.find((g) => g.kind === 'brand');
    expect(brand?.options.reduce((sum, o) => sum + o.count, 0)).toBe(page.total);
  });
});

describe('typed attributes for the comparison', () => {
  it('answers each asked product’s typed attributes in the order asked, leaving out unknown ids', async () => {
    const mobiles = (catalogue.get('electronics/mobiles') ?? []).filter((row) => row.attrs.some((a) => a.name === 'ram')).slice(0, 2);
    const [first, second] = mobiles;
    if (!first || !second) throw new Error('no seeded mobiles with RAM');
    const response = await t.app.inject({ method: 'GET', url: `/api/products/attributes?ids=${second.id},987654,${first.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ productId: number; attributes: { name: string; valueKey: string; num: number | null }[] }[]>();
    expect(body.map((item) => item.productId)).toEqual([second.id, first.id]);
    for (const [item, row] of [[body[0], second], [body[1], first]] as const) {
      const got = (item?.attributes ?? []).map((a) => `${a.name}=${a.valueKey}=${a.num}`).sort();
      expect(got).toEqual(row.attrs.map((a) => `${a.name}=${a.key}=${a.num}`).sort());
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/products/attributes?ids=' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/attributes?ids=1,2,3,4,5,6,7,8,9,10,11' })).json()).toHaveProperty('detail');
  });
});
