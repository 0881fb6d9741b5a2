import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { FeedFormatError } from '@/server/modules/feeds/feed-errors';
import type { FeedRecordResult } from '@/server/modules/feeds/feed-item';
import { parseXmlFeed } from '@/server/modules/feeds/parse-xml';

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Everything the parser yields, plus what it threw (if anything) after that. */
async function drain(records: AsyncIterable<FeedRecordResult>): Promise<{ results: FeedRecordResult[]; thrown: unknown }> {
  const results: FeedRecordResult[] = [];
  try {
    for await (const record of records) results.push(record);
    return { results, thrown: null };
  } catch (error) {
    return { results, thrown: error };
  }
}

describe('parseXmlFeed', () => {
  it('parses the fixture feed item by item, reporting bad items with number, line and reason', async () => {
    // 7-byte reads split tags, entities and multi-byte characters across chunks.
    const { results, thrown } = await drain(parseXmlFeed(createReadStream(fixture('products.xml'), { highWaterMark: 7 })));
    expect(thrown).toBeNull();
    expect(results.map((r) => (r.ok ? r.position : -r.error.position))).toEqual([1, 2, 3, -4, -5, -6, -7, 8, -9, 10]);

    const [phone, dressS, dressM] = results.flatMap((r) => (r.ok ? [r.item] : []));
    expect(phone).toEqual({
      id: 'PH-1001',
      title: 'Samsung Galaxy M35 5G (Moonlight Blue, 8GB RAM, 128GB Storage)',
      description: '6.6 inch sAMOLED display & 6000 mAh battery.',
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
    expect(dressS).toMatchObject({
      itemGroupId: 'DR-2001',
      size: 'S',
      description: 'Rayon dress with <b>flared</b> hem & tie-up waist.',
      price: '1499.00',
      shippingCost: '49.00',
      details: [],
      material: null,
      gender: null,
      ageGroup: null,
      productType: ['Apparel & Accessories', 'Clothing', 'Dresses'],
    });
    expect(dressM).toMatchObject({ itemGroupId: 'DR-2001', size: 'M', availability: 'out_of_stock', inStock: false });

    expect(results.flatMap((r) => (r.ok ? [] : [r.error]))).toEqual([
      { position: 4, line: 63, id: 'HP-3001', reason: 'price: currency USD is not INR' },
      { position: 5, line: 72, id: 'HP-3002', reason: 'price: missing' },
      { position: 6, line: 80, id: 'TV-4001', reason: "availability: unknown value 'soon'" },
      { position: 7, line: 88, id: 'CM-5001', reason: "gtin: must be 8, 12, 13 or 14 digits, got '12345'" },
      { position: 9, line: 121, id: 'TB-7001', reason: "gtin: invalid check digit in '8901234567891'" },
    ]);

    const speaker = results[7];
    // Plain RSS title/link/description; nested g:shipping with US, regional and nationwide IN entries.
    expect(speaker?.ok && speaker.item).toMatchObject({
      id: 'SP-6001',
      title: 'JBL Flip 6 Portable Speaker',
      description: 'Plain RSS elements work too.',
      link: 'https://shop.example.in/p/sp-6001',
      availability: 'preorder',
      price: '9999.50',
      gtin: '036000291452',
      brand: null,
      shippingCost: '99.00',
      details: [],
      material: null,
      gender: null,
      ageGroup: null,
    });
    const kurta = results[9];
    expect(kurta?.ok && kurta.item).toMatchObject({
      title: 'W for Woman Chikankari Kurta — हरा',
      availability: 'backorder',
      shippingCost: '0.00',
      details: [],
      material: null,
      gender: null,
      ageGroup: null,
    });
  });

  it('yields the complete items of a truncated feed, then fails with the line where it broke', async () => {
    const { results, thrown } = await drain(parseXmlFeed(createReadStream(fixture('truncated.xml'))));
    expect(results.map((r) => r.ok && r.item.id)).toEqual(['PH-1001', 'DR-2001-S']);
    expect(thrown).toBeInstanceOf(FeedFormatError);
    expect((thrown as FeedFormatError).message).toBe('malformed or truncated XML feed: unclosed tag: g:id (line 48)');
    expect((thrown as FeedFormatError).line).toBe(48);
  });

  it('refuses an HTML page', async () => {
    const { results, thrown } = await drain(parseXmlFeed(createReadStream(fixture('not-a-feed.html'))));
    expect(results).toEqual([]);
    expect(thrown).toBeInstanceOf(FeedFormatError);
    expect((thrown as Error).message).toBe('not an RSS or Atom product feed: root element is <html> (line 2)');
  });

  it('fails on malformed markup, an empty document and trailing garbage', async () => {
    const cases: [string, RegExp][] = [
      ['<rss><channel><item><g:id>1</g:title></item></channel></rss>', /unexpected close tag|unmatched/],
      ['', /empty or not XML/],
      ['   \n  ', /empty or not XML/],
      ['<rss><channel></channel></rss>garbage', /text data outside of root node/],
      ['<rss><channel><item><g:title>A &bogus; B</g:title></item></channel></rss>', /undefined entity/],
    ];
    for (const [xml, message] of cases) {
      const { thrown } = await drain(parseXmlFeed([xml]));
      expect(thrown, xml).toBeInstanceOf(FeedFormatError);
      expect((thrown as Error).message, xml).toMatch(message);
    }
  });

  it('tolerates blank lines before the XML declaration and still reports true line numbers', async () => {
    const xml = '\n\n<?xml version="1.0"?>\n<rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n<item><g:id>A</g:id></item>\n<item>';
    const { results, thrown } = await drain(parseXmlFeed(['\n', xml]));
    expect(results).toEqual([{ ok: false, error: expect.objectContaining({ position: 1, line: 6, id: 'A' }) }]);
    expect((thrown as FeedFormatError).line).toBe(7); // the unclosed <item> at the end
  });

  it('reads Atom feeds, a renamed Google prefix and common HTML entities', async () => {
    const atom = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:google="http://base.google.com/ns/1.0">
  <title>Store</title>
  <entry>
    <google:id>AT-1</google:id>
    <title>Noise ColorFit&nbsp;Pro 5</title>
    <summary>Smart watch</summary>
    <link rel="self" href="https://shop.example.in/feed/at-1"/>
    <link href="https://shop.example.in/p/at-1"/>
    <google:image_link>https://img.shop.example.in/at-1.jpg</google:image_link>
    <google:availability>in_stock</google:availability>
    <google:price>3999 INR</google:price>
  </entry>
</feed>`;
    const { results, thrown } = await drain(parseXmlFeed([Buffer.from(atom)]));
    expect(thrown).toBeNull();
    expect(results).toHaveLength(1);
    expect(results[0]?.ok && results[0].item).toMatchObject({
      id: 'AT-1',
      title: 'Noise ColorFit Pro 5',
      description: 'Smart watch',
      link: 'https://shop.example.in/p/at-1',
      price: '3999.00',
    });
  });

  it('ignores items outside channel and elements nested deeper than attributes', async () => {
    const xml = `<rss xmlns:g="http://base.google.com/ns/1.0"><item><g:id>stray</g:id></item><channel>
      <item><g:id>OK-1</g:id><g:title>T</g:title><g:link>https://s.example.in/1</g:link>
      <g:image_link>https://s.example.in/1.jpg</g:image_link><g:availability>in_stock</g:availability>
      <g:price>10 INR</g:price><g:installment><g:months>6</g:months><g:amount>2 INR</g:amount></g:installment></item>
    </channel></rss>`;
    const { results } = await drain(parseXmlFeed([xml]));
    expect(results.map((r) => r.ok && r.item.id)).toEqual(['OK-1']);
  });

  it('skips an oversized item without buffering it', async () => {
    const huge = 'x'.repeat(1_100_000);
    const xml = [
      '<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>BIG</g:id><g:description>',
      huge,
      '</g:description></item></channel></rss>',
    ];
    const { results, thrown } = await drain(parseXmlFeed(xml));
    expect(thrown).toBeNull();
    expect(results).toEqual([
      { ok: false, error: { position: 1, line: 1, id: 'BIG', reason: 'item larger than 1,000,000 characters' } },
    ]);
  });
});
