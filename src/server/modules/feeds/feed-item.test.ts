import { describe, expect, it } from 'vitest';

import {
  canonicalFeedKey,
  compareDecimal,
  feedItemSchema,
  gtinKey,
  normalizeFeedRecord,
  type FeedItem,
  type RawFeedRecord,
} from '@/server/modules/feeds/feed-item';

const base: RawFeedRecord = {
  'g:id': 'SKU-1',
  'g:title': 'Redmi Note 13 5G',
  'g:link': 'https://shop.example.in/p/sku-1',
  'g:image_link': 'https://img.shop.example.in/sku-1.jpg',
  'g:availability': 'in_stock',
  'g:price': '12999.00 INR',
};

function item(extra: RawFeedRecord): FeedItem {
  const result = normalizeFeedRecord({ ...base, ...extra }, 1);
  if (!result.ok) throw new Error(`unexpected row error: ${result.error.reason}`);
  return result.item;
}

function reason(extra: RawFeedRecord): string {
  const result = normalizeFeedRecord({ ...base, ...extra }, 7);
  if (result.ok) throw new Error('expected a row error');
  expect(result.error.position).toBe(7);
  return result.error.reason;
}

describe('normalizeFeedRecord', () => {
  it('normalizes a minimal item with defaults for the optional attributes', () => {
    const result = normalizeFeedRecord(base, 3);
    expect(result).toEqual({
      ok: true,
      position: 3,
      item: {
        id: 'SKU-1',
        title: 'Redmi Note 13 5G',
        description: '',
        link: 'https://shop.example.in/p/sku-1',
        imageLink: 'https://img.shop.example.in/sku-1.jpg',
        additionalImageLinks: [],
        availability: 'in_stock',
        inStock: true,
        price: '12999.00',
        salePrice: null,
        brand: null,
        gtin: null,
        mpn: null,
        itemGroupId: null,
        color: null,
        size: null,
        productType: [],
        googleProductCategory: null,
        shippingCost: null,
        details: [],
        material: null,
        gender: null,
        ageGroup: null,
      },
    });
    if (result.ok) expect(feedItemSchema.parse(result.item)).toEqual(result.item);
  });

  it('accepts attribute names with or without g: and the TSV header spellings', () => {
    const result = normalizeFeedRecord(
      {
        id: 'A1',
        Title: 'Kurta',
        link: 'https://s.example.in/a1',
        'image link': 'https://s.example.in/a1.jpg',
        'Additional Image Link': 'https://s.example.in/a1-2.jpg',
        availability: 'in stock',
        price: '999 INR',
        'sale price': '799 INR',
        'item group id': 'G1',
        'product type': 'Apparel & Accessories > Clothing > Kurtas & Suits',
        'google_product_category': '2271',
        EAN: '8905550001113',
      },
      2,
    );
    expect(result.ok && result.item).toMatchObject({
      imageLink: 'https://s.example.in/a1.jpg',
      additionalImageLinks: ['https://s.example.in/a1-2.jpg'],
      availability: 'in_stock',
      salePrice: '799.00',
      itemGroupId: 'G1',
      productType: ['Apparel & Accessories', 'Clothing', 'Kurtas & Suits'],
      googleProductCategory: '2271',
      gtin: '8905550001113',
    });
    expect(canonicalFeedKey('g:Image-Link')).toBe('image_link');
    expect(canonicalFeedKey('sale price')).toBe('sale_price');
  });

  it('prefers the g: value when a plain RSS element says otherwise', () => {
    expect(item({ title: 'RSS title', 'g:title': 'Merchant title' }).title).toBe('Merchant title');
  });

  it('keeps prices exact decimal strings with two places', () => {
    expect(item({ 'g:price': '12999 INR' }).price).toBe('12999.00');
    expect(item({ 'g:price': '12999.5 INR' }).price).toBe('12999.50');
    expect(item({ 'g:price': '0012999.000 inr' }).price).toBe('12999.00');
    expect(item({ 'g:price': '9999999999.99 INR' }).price).toBe('9999999999.99');
  });

  it('rejects prices that are not "<amount> INR"', () => {
    expect(reason({ 'g:price': '199.99 USD' })).toBe('price: currency USD is not INR');
    expect(reason({ 'g:price': '' })).toBe('price: missing');
    // Thousands separators and a leading code or ₹ are accepted (feed-shapes.test.ts); malformed ones are not.
    expect(reason({ 'g:price': '12.999,00 INR' })).toBe("price: invalid amount '12.999,00 INR' (expected e.g. '12999.00 INR')");
    expect(reason({ 'g:price': 'INR 12999 INR' })).toBe("price: invalid amount 'INR 12999 INR' (expected e.g. '12999.00 INR')");
    expect(reason({ 'g:price': '₹12,99' })).toContain('price: invalid amount');
    expect(reason({ 'g:price': '12999' })).toBe("price: missing currency in '12999' (expected e.g. '12999.00 INR')");
    expect(reason({ 'g:price': '12.999 INR' })).toBe("price: more than 2 decimal places in '12.999 INR'");
    expect(reason({ 'g:price': '0 INR' })).toBe('price: must be greater than 0');
    expect(reason({ 'g:price': '99999999999 INR' })).toContain('price: amount too large');
  });

  it('checks the sale price like the price and against it', () => {
    expect(item({ 'g:sale_price': '10999.00 INR' }).salePrice).toBe('10999.00');
    expect(item({ 'g:sale_price': '12999 INR' }).salePrice).toBe('12999.00');
    expect(reason({ 'g:sale_price': '99 USD' })).toBe('sale_price: currency USD is not INR');
    expect(reason({ 'g:sale_price': '13999.00 INR' })).toBe('sale_price: 13999.00 is greater than price 12999.00');
  });

  it('maps availability values and rejects unknown ones', () => {
    expect(item({ 'g:availability': 'out_of_stock' })).toMatchObject({ availability: 'out_of_stock', inStock: false });
    expect(item({ 'g:availability': 'Preorder' })).toMatchObject({ availability: 'preorder', inStock: false });
    expect(item({ 'g:availability': 'backorder' })).toMatchObject({ availability: 'backorder', inStock: false });
    expect(reason({ 'g:availability': 'soon' })).toBe("availability: unknown value 'soon'");
    expect(reason({ 'g:availability': ' ' })).toBe('availability: missing');
  });

  it('accepts GTIN-8/12/13/14 with a valid check digit only', () => {
    expect(item({ 'g:gtin': '96385074' }).gtin).toBe('96385074');
    expect(item({ 'g:gtin': '036000291452' }).gtin).toBe('036000291452');
    expect(item({ 'g:gtin': '8901234567890' }).gtin).toBe('8901234567890');
    expect(item({ 'g:gtin': '10890123456788' }).gtin).toBe('10890123456788');
    expect(reason({ 'g:gtin': '12345' })).toBe("gtin: must be 8, 12, 13 or 14 digits, got '12345'");
    expect(reason({ 'g:gtin': '890-1234-567890' })).toContain('gtin: must be 8, 12, 13 or 14 digits');
    expect(reason({ 'g:gtin': '8901234567891' })).toBe("gtin: invalid check digit in '8901234567891'");
    expect(gtinKey('036000291452')).toBe('00036000291452');
  });

  it('takes the cheapest nationwide Indian shipping entry', () => {
    expect(item({ 'g:shipping': 'IN:::49.00 INR' }).shippingCost).toBe('49.00');
    expect(item({ 'g:shipping': ':::0 INR' }).shippingCost).toBe('0.00');
    expect(item({ 'g:shipping': '40 INR' }).shippingCost).toBe('40.00');
    expect(item({ 'g:shipping': 'US:::9.99 USD,IN::Express:99 INR,IN:::59 INR' }).shippingCost).toBe('59.00');
    expect(item({ 'g:shipping': ['IN:MH::29 INR', 'IN:::79 INR'] }).shippingCost).toBe('79.00');
    expect(item({ 'g:shipping': 'IN:KA::29 INR' }).shippingCost).toBe('29.00');
    expect(item({ 'g:shipping': 'US:::9.99 USD' }).shippingCost).toBeNull();
    expect(reason({ 'g:shipping': 'IN:::9.99 USD' })).toBe('shipping: currency USD is not INR');
    expect(reason({ 'g:shipping': 'IN:49 INR' })).toBe("shipping: invalid value 'IN:49 INR' (expected e.g. 'IN:::49.00 INR')");
  });

  it('reports every problem of a row at once, with its id', () => {
    const result = normalizeFeedRecord({ 'g:id': 'X9', 'g:price': '5 EUR', 'g:link': 'ftp://x', 'g:availability': 'soon' }, 4);
    expect(result).toEqual({
      ok: false,
      error: {
        position: 4,
        id: 'X9',
        reason:
          "title: missing; link: not an http(s) URL 'ftp://x'; image_link: missing; availability: unknown value 'soon'; price: currency EUR is not INR",
      },
    });
    const noId = normalizeFeedRecord({ 'g:title': 'T' }, 5);
    if (noId.ok) throw new Error('expected a row error');
    expect('id' in noId.error).toBe(false);
    expect(noId.error.reason).toMatch(/^id: missing; /);
  });

  it('cuts over-long free text and rejects over-long identifiers', () => {
    const long = item({ 'g:title': `${'a'.repeat(149)}😀 tail` });
    expect(long.title).toBe('a'.repeat(149));
    expect(item({ 'g:title': '  Lots \n of\t space ' }).title).toBe('Lots of space');
    expect(reason({ 'g:id': 'x'.repeat(51) })).toBe('id: longer than 50 characters');
  });

  it('splits product_type and drops invalid or surplus additional images', () => {
    expect(item({ 'g:product_type': ' Electronics >  Mobiles > ' }).productType).toEqual(['Electronics', 'Mobiles']);
    const links = Array.from({ length: 12 }, (_, i) => `https://img.example.in/${i},${i}.jpg`);
    const images = item({ additional_image_link: [`not a url,${links.join(',')}`] }).additionalImageLinks;
    expect(images).toEqual(links.slice(0, 10));
  });

  it('compares decimals exactly', () => {
    expect(compareDecimal('999.99', '1000.00')).toBe(-1);
    expect(compareDecimal('1000.01', '1000.00')).toBe(1);
    expect(compareDecimal('5.00', '5.00')).toBe(0);
  });
});
