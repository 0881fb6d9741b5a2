import { drain, fixture } from '@/server/modules/feeds/feed-test-helpers';
/**
 * Feeds as stores publish them (issue 14): Atom 1.0 with the g: namespace, comma-separated CSV with quoted
 * fields, the price and availability spellings Merchant Center accepts, sale_price_effective_date, other
 * currencies rejected, and unsafe XML (external entities, entity expansion) refused cleanly.
 */
import { describe, expect, it } from 'vitest';
import { openFeed } from '@/server/modules/feeds/detect-format';
import { FeedFormatError } from '@/server/modules/feeds/feed-errors';
import { type FeedRecordResult, parseInrAmount, saleWindowIsOpen } from '@/server/modules/feeds/feed-item';


const items = (results: FeedRecordResult[]) => results.flatMap((r) => (r.ok ? [r.item] : []));
const errors = (results: FeedRecordResult[]) => results.flatMap((r) => (r.ok ? [] : [r.error]));

describe('Atom 1.0 feed with the g: namespace', () => {
  it('reads entries, their alternate link, summary, price spellings and availability', async () => {
    const { results, thrown } = await drain(openFeed(fixture('atom.xml')));
    expect(thrown).toBeNull();
    const [phone, buds] = items(results);
    expect(phone).toMatchObject({
      id: 'AT-1',
      title: 'Redmi Note 14 5G (Titan Black, 8GB, 256GB)',
      description: 'AMOLED display, 5110 mAh battery.',
      link: 'https://atom.example.in/p/at-1',
      price: '1299.00',
      salePrice: null,
      availability: 'in_stock',
      inStock: true,
    });
    // INR 2499 with a sale price (₹1,999) whose window closed in 2020: the sale price is not current.
    expect(buds).toMatchObject({ id: 'AT-2', link: 'https://atom.example.in/p/at-2', price: '2499.00', salePrice: null, availability: 'preorder', inStock: false });
    expect(errors(results)).toEqual([
      { position: 3, line: 32, id: 'AT-3', reason: 'price: currency USD is not INR' },
    ]);
  });
});

describe('comma-separated CSV feed', () => {
  it('reads quoted fields (commas, doubled quotes, line breaks) and every spelling', async () => {
    const { results, thrown } = await drain(openFeed(fixture('products.csv')));
    expect(thrown).toBeNull();
    const byId = new Map(items(results).map((item) => [item.id, item]));
    expect(byId.get('CS-1')).toMatchObject({ title: 'Samsung 55" Crystal 4K TV, 2026', description: 'Big, bright "Crystal" panel', price: '1299.00', inStock: true });
    expect(byId.get('CS-2')).toMatchObject({ description: 'Line one\nline two', price: '1299.00', salePrice: '1099.00', availability: 'in_stock' });
    expect(byId.get('CS-3')).toMatchObject({ price: '12999.00', availability: 'preorder', inStock: false });
    expect(byId.get('CS-4')).toMatchObject({ price: '12999.00', availability: 'out_of_stock', inStock: false });
    expect(errors(results)).toEqual([
      { position: 7, id: 'CS-5', reason: 'price: currency USD is not INR' },
      { position: 8, id: 'CS-6', reason: 'price: currency EUR is not INR' },
    ]);
  });
});

describe('price spellings', () => {
  const parse = (value: string) => {
    const problems: string[] = [];
    return { amount: parseInrAmount('price', value, problems, false), problems };
  };
  it('accepts the ways stores write rupees', () => {
    for (const [value, amount] of [
      ['1299.00 INR', '1299.00'],
      ['1,299.00 INR', '1299.00'],
      ['INR 1299', '1299.00'],
      ['₹1,299', '1299.00'],
      ['₹ 1,29,999.50', '129999.50'],
      ['Rs. 1,299', '1299.00'],
      ['1299 inr', '1299.00'],
    ] as const) {
      expect(parse(value), value).toEqual({ amount, problems: [] });
    }
  });
  it('rejects other currencies and malformed numbers with a reason', () => {
    expect(parse('$19.99').problems).toEqual(['price: currency USD is not INR']);
    expect(parse('USD 19.99').problems).toEqual(['price: currency USD is not INR']);
    expect(parse('€19').problems).toEqual(['price: currency EUR is not INR']);
    expect(parse('1,2,99 INR').problems[0]).toMatch(/^price: invalid amount/);
    expect(parse('INR 1299 INR').problems[0]).toMatch(/^price: invalid amount/);
    expect(parse('1,299').problems[0]).toMatch(/^price: missing currency/);
  });
});

describe('sale_price_effective_date', () => {
  const now = Date.parse('2026-11-25T12:00:00+05:30');
  it('is open only inside its window', () => {
    expect(saleWindowIsOpen('2026-11-01T00:00+05:30/2026-11-30T23:59+05:30', [], now)).toBe(true);
    expect(saleWindowIsOpen('2026-11-26/2026-11-30', [], now)).toBe(false);
    expect(saleWindowIsOpen('2026-11-01/2026-11-25', [], now)).toBe(true);
    expect(saleWindowIsOpen('2026-10-01T00:00Z/2026-10-31T00:00Z', [], now)).toBe(false);
  });
  it('rejects a malformed window', () => {
    const problems: string[] = [];
    expect(saleWindowIsOpen('next week', problems, now)).toBe(false);
    expect(problems[0]).toMatch(/^sale_price_effective_date: invalid value 'next week'/);
  });
});

describe('unsafe XML', () => {
  it('refuses a feed with external entities (XXE) before reading any item', async () => {
    const { results, thrown } = await drain(openFeed(fixture('xxe.xml')));
    expect(results).toEqual([]);
    expect(thrown).toBeInstanceOf(FeedFormatError);
    expect((thrown as Error).message).toBe(
      'unsafe XML feed: a DOCTYPE declaration is not allowed (external entities and entity expansion are refused) (line 5)',
    );
    expect((thrown as Error).message).not.toContain('root:');
  });

  it('refuses an entity-expansion bomb (billion laughs) without expanding it', async () => {
    const before = process.memoryUsage().heapUsed;
    const { results, thrown } = await drain(openFeed(fixture('billion-laughs.xml')));
    expect(results).toEqual([]);
    expect(thrown).toBeInstanceOf(FeedFormatError);
    expect((thrown as Error).message).toMatch(/^unsafe XML feed: a DOCTYPE declaration is not allowed/);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });
});
