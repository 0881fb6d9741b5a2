import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { feedChunks, syntheticItem, writeFeed } from './generate-feed';
import { openFeed, parseFeed } from '@/server/modules/feeds/detect-format';
import type { FeedItem, FeedRecordResult } from '@/server/modules/feeds/feed-item';

async function items(chunks: AsyncIterable<FeedRecordResult>): Promise<FeedItem[]> {
  const out: FeedItem[] = [];
  for await (const record of chunks) {
    if (!record.ok) throw new Error(`row error at ${record.error.position}: ${record.error.reason}`);
    out.push(record.item);
  }
  return out;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bachat-gen-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('synthetic feeds', () => {
  it('are deterministic and describe the same products across stores', () => {
    const a = { format: 'tsv' as const, items: 100, storeSlug: 'alpha-mart', seed: 3 };
    const b = { ...a, storeSlug: 'beta-bazaar' };
    expect([...feedChunks(a)].join('')).toBe([...feedChunks(a)].join(''));
    for (let i = 0; i < 100; i++) {
      const x = syntheticItem(i, a);
      const y = syntheticItem(i, b);
      expect(y.gtin).toBe(x.gtin);
      expect(y.brand).toBe(x.brand);
      expect(y.productType).toBe(x.productType);
      expect(y.id).not.toBe(x.id);
    }
  });

  it('parse cleanly in both formats, with variants, GTINs and Bachat-mappable product types', async () => {
    for (const format of ['xml', 'tsv'] as const) {
      const parsed = await items(parseFeed(feedChunks({ format, items: 2000, storeSlug: 'demo', seed: 1 })));
      expect(parsed).toHaveLength(2000);
      const withGtin = parsed.filter((i) => i.gtin !== null).length;
      expect(withGtin / parsed.length).toBeGreaterThan(0.8);
      const groups = new Map<string, FeedItem[]>();
      for (const item of parsed) if (item.itemGroupId) groups.set(item.itemGroupId, [...(groups.get(item.itemGroupId) ?? []), item]);
      expect(groups.size).toBeGreaterThan(100);
      for (const variants of groups.values()) {
        expect(variants.length).toBeGreaterThan(1);
        expect(new Set(variants.map((v) => v.productType.join(' > '))).size).toBe(1);
        expect(new Set(variants.map((v) => `${v.color}/${v.size}`)).size).toBe(variants.length);
      }
      const tops = new Set(parsed.map((i) => i.productType.slice(0, 2).join(' > ')));
      expect([...tops].sort()).toEqual(expect.arrayContaining(['Apparel & Accessories > Clothing', 'Electronics > Mobiles']));
      expect(parsed.some((i) => i.productType.join(' > ') === 'Apparel & Accessories > Clothing > Dresses')).toBe(true);
      expect(parsed.some((i) => i.salePrice !== null && i.shippingCost !== null && !i.inStock)).toBe(true);
    }
  });

  it('shift prices on demand and inject invalid rows on demand', async () => {
    const base = syntheticItem(5, { format: 'xml', items: 10, storeSlug: 's', seed: 1 });
    const shifted = syntheticItem(5, { format: 'xml', items: 10, storeSlug: 's', seed: 1, priceShift: 0.1 });
    const rupees = (p: string): number => Number(p.split(' ')[0]);
    expect(rupees(shifted.price)).toBeCloseTo(rupees(base.price) * 1.1, 1);
    const bad = syntheticItem(9, { format: 'xml', items: 10, storeSlug: 's', seed: 1, invalidEvery: 10 });
    expect(bad.price).toMatch(/ USD$/);
  });

  it('write files with backpressure, gzipped when asked', async () => {
    for (const name of ['feed.xml', 'feed.tsv.gz']) {
      const path = join(dir, name);
      const format = name.includes('xml') ? 'xml' : 'tsv';
      const written = await writeFeed({ path, format, items: 5000, storeSlug: 'file-store', seed: 2 });
      expect(written.items).toBe(5000);
      expect(await items(openFeed(path))).toHaveLength(5000);
    }
  });
});
