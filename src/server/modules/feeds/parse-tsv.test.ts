import { drain, fixture } from '@/server/modules/feeds/feed-test-helpers';
import { createReadStream } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { FeedFormatError } from '@/server/modules/feeds/feed-errors';
import { parseTsvFeed, splitFields } from '@/server/modules/feeds/parse-tsv';


const HEADER = 'id\ttitle\tlink\timage_link\tavailability\tprice';
const row = (id: string, price = '100 INR'): string =>
  `${id}\tTitle ${id}\thttps://s.example.in/${id}\thttps://s.example.in/${id}.jpg\tin_stock\t${price}`;

describe('parseTsvFeed', () => {
  it('parses the fixture feed, reporting bad rows with their line number and reason', async () => {
    const { results, thrown } = await drain(parseTsvFeed(createReadStream(fixture('products.tsv'), { highWaterMark: 11 })));
    expect(thrown).toBeNull();
    expect(results.map((r) => (r.ok ? r.position : -r.error.position))).toEqual([2, 3, 4, -5, -6, -7, -8, -9, 11, -12, 13]);

    const items = results.flatMap((r) => (r.ok ? [r.item] : []));
    expect(items[0]).toEqual({
      id: 'PH-1001',
      title: 'Samsung Galaxy M35 5G (Moonlight Blue, 8GB RAM, 128GB Storage)',
      description: '6.6" sAMOLED display\twith 6000 mAh battery',
      link: 'https://shop.example.in/p/ph-1001',
      imageLink: 'https://img.shop.example.in/ph-1001/1.jpg',
      additionalImageLinks: ['https://img.shop.example.in/ph-1001/2.jpg', 'https://img.shop.example.in/ph-1001/3.jpg'],
      availability: 'in_stock',
      inStock: true,
      price: '19999.00',
      salePrice: '16499.00',
      brand: 'Samsung',
      gtin: '8901234567890',
      mpn: 'SM-M356B',
      itemGroupId: null,
      color: 'Moonlight Blue',
      size: null,
      productType: ['Electronics', 'Mobiles'],
      googleProductCategory: 'Electronics > Communications > Telephony > Mobile Phones',
      shippingCost: '0.00',
      details: [],
      material: null,
      gender: null,
      ageGroup: null,
    });
    expect(items.filter((i) => i.itemGroupId === 'DR-2001').map((i) => [i.id, i.size, i.availability])).toEqual([
      ['DR-2001-S', 'S', 'in_stock'],
      ['DR-2001-M', 'M', 'out_of_stock'],
    ]);
    expect(items[3]).toMatchObject({ id: 'SP-6001', price: '9999.50', shippingCost: '79.00', gtin: '036000291452' });
    expect(items[4]).toMatchObject({
      id: 'KU-8001',
      title: 'W for Woman Chikankari Kurta — हरा',
      description: 'Hand embroidered.\nDry clean only.',
      shippingCost: '0.00',
      details: [],
      material: null,
      gender: null,
      ageGroup: null,
    });

    expect(results.flatMap((r) => (r.ok ? [] : [r.error]))).toEqual([
      { position: 5, id: 'HP-3001', reason: 'price: currency USD is not INR' },
      { position: 6, id: 'HP-3002', reason: 'price: missing' },
      { position: 7, id: 'TV-4001', reason: "availability: unknown value 'soon'" },
      { position: 8, id: 'CM-5001', reason: "gtin: must be 8, 12, 13 or 14 digits, got 'ABC-123'" },
      { position: 9, id: 'TB-7001', reason: 'expected 18 columns, got 4' },
      { position: 12, id: 'LP-9001', reason: "price: invalid amount '62.990,00 INR' (expected e.g. '12999.00 INR')" },
    ]);
  });

  it('handles CRLF, a UTF-8 BOM, a missing final newline and padding rows', async () => {
    const text = `\uFEFF${HEADER}\r\n${row('A')}\r\n\t\t\t\t\t\r\n${row('B')}`;
    const { results } = await drain(parseTsvFeed([Buffer.from(text)]));
    expect(results.map((r) => r.ok && [r.position, r.item.id, r.item.price])).toEqual([
      [2, 'A', '100.00'],
      [4, 'B', '100.00'],
    ]);
  });

  it('decodes UTF-16LE (Excel "Unicode text") feeds', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n${row('साड़ी-1')}\n`, 'utf16le')]);
    // Odd-sized chunks split the two-byte units.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) => bytes.subarray(i * 5, i * 5 + 5));
    const { results } = await drain(parseTsvFeed(chunks));
    expect(results.map((r) => r.ok && r.item.id)).toEqual(['साड़ी-1']);
  });

  it('recovers after an unterminated quote, re-reading the lines it swallowed', async () => {
    const broken = `X\t"Never closed\thttps://s.example.in/X\thttps://s.example.in/X.jpg\tin_stock\t1 INR`;
    const lines = [HEADER, row('A'), broken, ...Array.from({ length: 120 }, (_, i) => row(`R${i}`))];
    const { results, thrown } = await drain(parseTsvFeed([lines.join('\n')]));
    expect(thrown).toBeNull();
    expect(results[1]).toEqual({ ok: false, error: { position: 3, id: 'X', reason: 'unterminated quoted field' } });
    expect(results.filter((r) => r.ok)).toHaveLength(121);
    expect(results.at(-1)).toMatchObject({ ok: true, position: 123 });
  });

  it('reports an unterminated quote at the end of the file', async () => {
    const { results } = await drain(parseTsvFeed([`${HEADER}\n${row('A')}\nB\t"open\n`]));
    expect(results.map((r) => (r.ok ? r.position : r.error))).toEqual([
      2,
      { position: 3, id: 'B', reason: 'unterminated quoted field' },
    ]);
  });

  it('accepts repeated columns and Merchant Center header spellings', async () => {
    const text =
      'ID\tTitle\tLink\tImage Link\tAvailability\tPrice\tadditional image link\tadditional image link\n' +
      `${row('A')}\thttps://s.example.in/2.jpg\thttps://s.example.in/3.jpg\n`;
    const { results } = await drain(parseTsvFeed([text]));
    expect(results[0]?.ok && results[0].item.additionalImageLinks).toEqual([
      'https://s.example.in/2.jpg',
      'https://s.example.in/3.jpg',
    ]);
  });

  it('reports an over-long line and goes on with the next one', async () => {
    const { results } = await drain(parseTsvFeed([`${HEADER}\n${row('A')}\n`, 'x'.repeat(1_100_000), `\n${row('B')}\n`]));
    expect(results.map((r) => (r.ok ? r.item.id : r.error))).toEqual([
      'A',
      { position: 3, reason: 'line longer than 1,000,000 characters' },
      'B',
    ]);
  });

  it('fails on files that are not a text product feed', async () => {
    const cases: [Parameters<typeof parseTsvFeed>[0], string][] = [
      [[''], 'not a product feed: the file is empty'],
      [['\n\n  \n'], 'not a product feed: the file is empty'],
      [
        ['id;title;price\n1;a;2 INR\n'],
        'not a product feed: header row lacks id, title, price column(s) (the file looks semicolon-separated; text feeds are tab- or comma-separated) (line 1)',
      ],
      [['{"items": []}\n'], 'not a product feed: header row lacks id, title, price column(s) (line 1)'],
      [[Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08])], 'not a product feed: binary content (line 1)'],
      [['"id\ttitle\tprice\n'], 'not a product feed: unterminated quote in header row (line 1)'],
    ];
    for (const [input, message] of cases) {
      const { thrown } = await drain(parseTsvFeed(input));
      expect(thrown, message).toBeInstanceOf(FeedFormatError);
      expect((thrown as Error).message).toBe(message);
    }
  });
});

describe('splitFields', () => {
  it('splits on tabs and honors double-quoted fields', () => {
    expect(splitFields('a\tb\t\tc')).toEqual(['a', 'b', '', 'c']);
    expect(splitFields('"a\tb"\t"say ""hi"""\tc')).toEqual(['a\tb', 'say "hi"', 'c']);
    expect(splitFields('Samsung 55" TV\t"x"y\t')).toEqual(['Samsung 55" TV', 'xy', '']);
    expect(splitFields('a\t"open')).toBeNull();
  });
});
