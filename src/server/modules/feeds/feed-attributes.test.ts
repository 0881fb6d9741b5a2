import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@/shared/contracts/product';
import { buildTestApp, type TestApp } from '@/server/test/build-test-app';
import { parseProductDetails } from './feed-item';
import { importFeed } from './import-feed';
import { queryRows } from './sql-rows';
import { createStoreRepository, type StoreRow } from './store-repository';

let t: TestApp;
let shop: StoreRow;

const item = (id: string, title: string, extra: string) => `<item>
  <g:id>${id}</g:id><g:title>${title}</g:title><g:description>d</g:description>
  <g:link>https://shop.example.in/p/${id}</g:link><g:image_link>https://img.shop.example.in/${id}.jpg</g:image_link>
  <g:availability>in_stock</g:availability><g:price>19999.00 INR</g:price><g:brand>Acme</g:brand>
  ${extra}
</item>`;
const detail = (name: string, value: string) =>
  `<g:product_detail><g:section_name>General</g:section_name><g:attribute_name>${name}</g:attribute_name><g:attribute_value>${value}</g:attribute_value></g:product_detail>`;
const feed = (items: string[]) => ({
  input: [`<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${items.join('')}</channel></rss>`],
  name: 'attrs.xml',
});
const phone = '<g:product_type>Electronics &gt; Mobiles</g:product_type>';
const dress = '<g:google_product_category>Apparel &amp; Accessories &gt; Clothing &gt; Dresses</g:google_product_category><g:item_group_id>DR-1</g:item_group_id><g:material>Georgette</g:material><g:gender>female</g:gender><g:age_group>adult</g:age_group><g:color>Maroon</g:color>';

async function browse(path: string): Promise<ProductPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/browse/${path}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await buildTestApp();
  shop = await createStoreRepository(t.database.db).add({ slug: 'attr-shop', name: 'Attr Shop', homepage: 'https://shop.example.in' });
});
afterAll(async () => t?.close());

describe('product_detail', () => {
  it('reads TSV cells with several entries, keeping commas inside a value', () => {
    expect(parseProductDetails(['General:RAM:8 GB,General:Battery:5000 mAh, 45W charging', 'Display:Screen Size:6.7 in'])).toEqual([
      { name: 'RAM', value: '8 GB' },
      { name: 'Battery', value: '5000 mAh, 45W charging' },
      { name: 'Screen Size', value: '6.7 in' },
    ]);
  });
});

describe("a feed item's attributes become facets", () => {
  it('imports product_detail, title-only memory, and variant sizes, material, gender and age group', async () => {
    const summary = await importFeed(t.database.db, {
      store: shop,
      source: feed([
        item('P-1', 'Acme Nova 5G Phone', `${phone}${detail('RAM', '8GB')}${detail('Internal Storage', '256 gb')}${detail('Battery Capacity', '6000 mAh')}`),
        item('P-2', 'Acme Lite Phone (4GB RAM, 64GB)', phone),
        item('D-S', 'Acme Georgette Dress Maroon S', `${dress}<g:size>S</g:size>`),
        item('D-M', 'Acme Georgette Dress Maroon M', `${dress}<g:size>M</g:size>`),
      ]),
    });
    expect(summary.status).toBe('succeeded');
    expect(summary.errors).toEqual([]);

    const mobiles = await browse('electronics/mobiles');
    const facet = (name: string) => mobiles.facets?.find((g) => g.name === name)?.options.map((o) => `${o.key}:${o.count}`);
    expect(facet('ram')).toEqual(['4-gb:1', '8-gb:1']);
    expect(facet('storage')).toEqual(['64-gb:1', '256-gb:1']);
    expect(facet('battery')).toContain('6000-plus:1');
    expect(facet('network')).toEqual(['5g:1']);

    const eight = await browse('electronics/mobiles?f=ram.8-gb');
    expect(eight.items.map((p) => p.name)).toEqual(['Acme Nova 5G Phone']);
    const four = await browse('electronics/mobiles?f=ram.4-gb,storage.64-gb');
    expect(four.items.map((p) => p.name)).toEqual(['Acme Lite Phone (4GB RAM, 64GB)']);

    const dresses = await browse('ladies-apparels/western-wear/dresses');
    expect(dresses.total).toBe(1);
    expect(dresses.facets?.find((g) => g.name === 'size')?.options.map((o) => o.key)).toEqual(['s', 'm']);
    expect(dresses.facets?.find((g) => g.name === 'fabric')?.options.map((o) => o.label)).toEqual(['Georgette']);
    const rows = await queryRows<{ name: string; value: string }>(
      t.database.db,
      sql`select name, value from product_attributes where name in ('gender', 'age-group') order by name`,
    );
    expect(rows).toEqual([{ name: 'age-group', value: 'adult' }, { name: 'gender', value: 'female' }]);
  });

  it('a re-import replaces what the store said before', async () => {
    await importFeed(t.database.db, {
      store: shop,
      partial: true,
      source: feed([item('P-1', 'Acme Nova 5G Phone', `${phone}${detail('RAM', '12 GB')}${detail('Internal Storage', '256 gb')}`)]),
    });
    const mobiles = await browse('electronics/mobiles?f=ram.12-gb');
    expect(mobiles.items.map((p) => p.name)).toEqual(['Acme Nova 5G Phone']);
    expect((await browse('electronics/mobiles?f=ram.8-gb')).total).toBe(0);
  });
});
