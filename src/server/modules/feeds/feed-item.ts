/**
 * One Google Merchant Center product, normalized from either feed format (XML `g:` elements
 * or TSV columns). Money stays an exact decimal string ("12999.00"): it goes straight into a
 * numeric column, so no float ever touches a price.
 */
import { z } from 'zod';

export const FEED_AVAILABILITIES = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
export type FeedAvailability = (typeof FEED_AVAILABILITIES)[number];

/** Merchant Center limits; identity fields over them are errors, free text is cut. */
const LIMITS = {
  id: 50,
  title: 150,
  description: 5000,
  url: 2000,
  brand: 70,
  mpn: 70,
  itemGroupId: 50,
  color: 100,
  size: 100,
  productType: 750,
  googleProductCategory: 750,
  additionalImageLinks: 10,
} as const;

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const DECIMAL = /^\d{1,10}\.\d{2}$/;
const GTIN = /^(?:\d{8}|\d{12,14})$/;

const decimal = z.string().regex(DECIMAL);
const httpUrl = z.string().max(LIMITS.url).regex(HTTP_URL);

export const feedItemSchema = z.object({
  id: z.string().min(1).max(LIMITS.id),
  title: z.string().min(1).max(LIMITS.title),
  description: z.string().max(LIMITS.description),
  link: httpUrl,
  imageLink: httpUrl,
  additionalImageLinks: z.array(httpUrl).max(LIMITS.additionalImageLinks),
  availability: z.enum(FEED_AVAILABILITIES),
  /** Only `in_stock`: preorder and backorder items cannot be bought today. */
  inStock: z.boolean(),
  /** The regular price, INR, two decimals. */
  price: decimal,
  salePrice: decimal.nullable(),
  brand: z.string().min(1).max(LIMITS.brand).nullable(),
  gtin: z.string().regex(GTIN).nullable(),
  mpn: z.string().min(1).max(LIMITS.mpn).nullable(),
  itemGroupId: z.string().min(1).max(LIMITS.itemGroupId).nullable(),
  color: z.string().min(1).max(LIMITS.color).nullable(),
  size: z.string().min(1).max(LIMITS.size).nullable(),
  /** `"Electronics > Mobiles"` → `["Electronics", "Mobiles"]`. */
  productType: z.array(z.string().min(1)),
  googleProductCategory: z.string().min(1).nullable(),
  /** Shipping to India (an `IN` or country-less entry), INR; null when the feed gives none. */
  shippingCost: decimal.nullable(),
  /** `product_detail` entries ("General:RAM:8 GB"): the item's specifications (issue 15). */
  details: z.array(z.object({ name: z.string(), value: z.string() })),
  material: z.string().nullable(),
  gender: z.string().nullable(),
  ageGroup: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export type RawFeedRecord = Record<string, string | string[]>;

export type FeedRowError = {
  /** Item number (XML, 1-based) or line number (TSV, header is line 1). */
  position: number;
  /** Line where the XML item starts; TSV positions already are lines. */
  line?: number;
  id?: string;
  reason: string;
};

export type FeedRecordResult = { ok: true; position: number; item: FeedItem } | { ok: false; error: FeedRowError };

// Old Merchant Center attribute names that mean a GTIN.
const KEY_ALIASES: Record<string, string> = { ean: 'gtin', upc: 'gtin', isbn: 'gtin', jan: 'gtin' };
const keyCache = new Map<string, string>();

/** `g:image_link`, `image link`, `Image-Link` → `image_link`. */
export function canonicalFeedKey(key: string): string {
  const cached = keyCache.get(key);
  if (cached !== undefined) return cached;
  let k = key.trim().toLowerCase();
  if (k.startsWith('g:')) k = k.slice(2);
  k = k.replace(/[\s-]+/g, '_');
  k = KEY_ALIASES[k] ?? k;
  // Bounded: a hostile feed could otherwise grow the cache with unique column names.
  if (keyCache.size < 1000) keyCache.set(key, k);
  return k;
}

export function normalizeFeedRecord(raw: RawFeedRecord, position: number): FeedRecordResult {
  const fields = collectFields(raw);
  const errors: string[] = [];

  const rawId = first(fields, 'id');
  const id = rawId ?? '';
  if (rawId === null) errors.push('id: missing');
  else if (rawId.length > LIMITS.id) errors.push(`id: longer than ${LIMITS.id} characters`);

  const rawTitle = first(fields, 'title');
  const title = rawTitle === null ? '' : cut(collapse(rawTitle), LIMITS.title);
  if (title === '') errors.push('title: missing');

  const description = cut(first(fields, 'description') ?? '', LIMITS.description);
  const link = requiredUrl(fields, 'link', errors);
  const imageLink = requiredUrl(fields, 'image_link', errors);
  const additionalImageLinks = additionalImages(all(fields, 'additional_image_link'));

  const availability = parseAvailability(first(fields, 'availability'), errors);

  const rawPrice = first(fields, 'price');
  let price: string | null = null;
  if (rawPrice === null) errors.push('price: missing');
  else price = parseInrAmount('price', rawPrice, errors, false);

  const rawSale = first(fields, 'sale_price');
  let salePrice: string | null = null;
  if (rawSale !== null) {
    salePrice = parseInrAmount('sale_price', rawSale, errors, false);
    if (salePrice !== null && price !== null && compareDecimal(salePrice, price) > 0) {
      errors.push(`sale_price: ${salePrice} is greater than price ${price}`);
    }
    // Outside its window a sale price is not the current price (checked when the feed is imported).
    const window = first(fields, 'sale_price_effective_date');
    if (window !== null && salePrice !== null && !saleWindowIsOpen(window, errors)) salePrice = null;
  }

  const gtin = parseGtin(first(fields, 'gtin'), errors);
  const mpn = limitedIdentity(fields, 'mpn', LIMITS.mpn, errors);
  const itemGroupId = limitedIdentity(fields, 'item_group_id', LIMITS.itemGroupId, errors);
  const shippingCost = parseShipping(all(fields, 'shipping'), errors);

  if (errors.length > 0) {
    const error: FeedRowError = { position, reason: errors.join('; ') };
    if (rawId !== null) error.id = rawId.slice(0, LIMITS.id);
    return { ok: false, error };
  }

  const productType = (first(fields, 'product_type') ?? '')
    .slice(0, LIMITS.productType)
    .split('>')
    .map((part) => collapse(part))
    .filter((part) => part !== '');

  const item: FeedItem = {
    id,
    title,
    description,
    link: link ?? '',
    imageLink: imageLink ?? '',
    additionalImageLinks,
    availability: availability ?? 'out_of_stock',
    inStock: availability === 'in_stock',
    price: price ?? '0.00',
    salePrice,
    brand: optionalText(fields, 'brand', LIMITS.brand),
    gtin,
    mpn,
    itemGroupId,
    color: optionalText(fields, 'color', LIMITS.color),
    size: optionalText(fields, 'size', LIMITS.size),
    productType,
    googleProductCategory: optionalText(fields, 'google_product_category', LIMITS.googleProductCategory),
    shippingCost,
    details: parseProductDetails(all(fields, 'product_detail')),
    material: optionalText(fields, 'material', LIMITS.size),
    gender: optionalText(fields, 'gender', LIMITS.size),
    ageGroup: optionalText(fields, 'age_group', LIMITS.size),
  };
  return { ok: true, position, item };
}

type Fields = Map<string, string | string[]>;

/**
 * Canonical key → non-empty trimmed value(s). When both `title` (plain RSS) and `g:title`
 * are present the `g:` value comes first: it is the one written for Merchant Center.
 * A single value stays a bare string: this runs a million times per feed.
 */
function collectFields(raw: RawFeedRecord): Fields {
  const fields: Fields = new Map();
  let unprefixed = false;
  for (const rawKey in raw) {
    if (rawKey.charCodeAt(1) === 58 && (rawKey.charCodeAt(0) | 32) === 103) addValues(fields, rawKey, raw[rawKey]);
    else unprefixed = true;
  }
  if (unprefixed) {
    for (const rawKey in raw) {
      if (!(rawKey.charCodeAt(1) === 58 && (rawKey.charCodeAt(0) | 32) === 103)) addValues(fields, rawKey, raw[rawKey]);
    }
  }
  return fields;
}

function addValues(fields: Fields, rawKey: string, value: string | string[] | undefined): void {
  if (value === undefined) return;
  const key = canonicalFeedKey(rawKey);
  if (typeof value === 'string') addField(fields, key, value);
  else for (const v of value) addField(fields, key, v);
}

function addField(fields: Fields, key: string, value: string): void {
  const trimmed = value.trim();
  if (trimmed === '') return;
  const existing = fields.get(key);
  if (existing === undefined) fields.set(key, trimmed);
  else if (typeof existing === 'string') fields.set(key, [existing, trimmed]);
  else existing.push(trimmed);
}

function first(fields: Fields, key: string): string | null {
  const value = fields.get(key);
  return value === undefined ? null : typeof value === 'string' ? value : (value[0] ?? null);
}

function all(fields: Fields, key: string): string[] | undefined {
  const value = fields.get(key);
  return typeof value === 'string' ? [value] : value;
}

const MESSY_SPACE = /\s\s|[\t\n\r\f\v\u00a0]/;

function collapse(text: string): string {
  return MESSY_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

/** Cuts to `max` UTF-16 units without leaving half a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max).trimEnd();
}

/** Quotes a raw value in a reason, short enough to keep error reports bounded. */
function quote(value: string): string {
  return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
}

function requiredUrl(fields: Fields, key: string, errors: string[]): string | null {
  const value = first(fields, key);
  if (value === null) {
    errors.push(`${key}: missing`);
    return null;
  }
  if (value.length > LIMITS.url) {
    errors.push(`${key}: longer than ${LIMITS.url} characters`);
    return null;
  }
  if (!HTTP_URL.test(value)) {
    errors.push(`${key}: not an http(s) URL ${quote(value)}`);
    return null;
  }
  return value;
}

/**
 * TSV feeds put all extra images in one comma-separated column; split only before a new
 * `http`, since a comma is legal inside a URL. Invalid or surplus images are dropped: they
 * are decoration, not a reason to lose the product.
 */
function additionalImages(values: string[] | undefined): string[] {
  if (values === undefined) return [];
  const links: string[] = [];
  for (const value of values) {
    for (const part of value.split(/,(?=\s*https?:\/\/)/i)) {
      const url = part.trim();
      if (url.length <= LIMITS.url && HTTP_URL.test(url) && links.length < LIMITS.additionalImageLinks) {
        links.push(url);
      }
    }
  }
  return links;
}

function parseAvailability(value: string | null, errors: string[]): FeedAvailability | null {
  if (value === null) {
    errors.push('availability: missing');
    return null;
  }
  if ((FEED_AVAILABILITIES as readonly string[]).includes(value)) return value as FeedAvailability;
  // Merchant Center still accepts the older spaced spelling ("in stock").
  const normalized = value.toLowerCase().replace(/[\s-]+/g, '_');
  if ((FEED_AVAILABILITIES as readonly string[]).includes(normalized)) return normalized as FeedAvailability;
  errors.push(`availability: unknown value ${quote(value)}`);
  return null;
}

const AMOUNT = /^(\d+)(?:\.(\d+))?\s*([A-Za-z]{3})?$/;
/**
 * The other ways stores write a price: a currency code or symbol first (`INR 1299`, `₹1,299`, `Rs. 1,299`),
 * thousands separators (`1,299.00 INR`, Indian `1,29,999`). Only tried when AMOUNT does not match.
 */
const SPELLED_AMOUNT = /^(?:([A-Za-z]{3}|Rs\.?|[^\d\s.,A-Za-z])\s*)?(\d[\d,]*)(?:\.(\d+))?\s*(?:([A-Za-z]{3}|[^\d\s.,A-Za-z])\.?)?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+$|^\d{1,2}(?:,\d{2})*,\d{3}$/;
const SYMBOLS: Record<string, string> = { '₹': 'INR', rs: 'INR', 'rs.': 'INR', $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '৳': 'BDT' };

/** `₹1,299` → ['1299', '', 'INR']; null when it is no amount at all. */
function spelledAmount(value: string): [string, string, string | undefined] | null {
  const match = SPELLED_AMOUNT.exec(value);
  if (match === null) return null;
  const [, before, digits = '', frac = '', after] = match;
  if (before !== undefined && after !== undefined) return null;
  if (digits.includes(',') && !GROUPED.test(digits)) return null;
  const mark = before ?? after;
  const currency = mark === undefined ? undefined : (SYMBOLS[mark.toLowerCase()] ?? (/^[A-Za-z]{3}$/.test(mark) ? mark : `'${mark}'`));
  return [digits.replaceAll(',', ''), frac, currency];
}

/**
 * "12999.00 INR", "12999 INR", "1,299.00 INR", "INR 1299", "₹1,299" → "12999.00" / "1299.00". Anything else
 * (a malformed number, no currency, another currency) is an error with a reason, so a misread price never
 * reaches shoppers.
 */
export function parseInrAmount(field: string, value: string, errors: string[], allowZero: boolean): string | null {
  const trimmed = value.trim();
  const match = AMOUNT.exec(trimmed);
  const parts: [string, string, string | undefined] | null = match === null ? spelledAmount(trimmed) : [match[1] ?? '', match[2] ?? '', match[3]];
  if (parts === null) {
    errors.push(`${field}: invalid amount ${quote(value)} (expected e.g. '12999.00 INR')`);
    return null;
  }
  const [intDigits, fracDigits, currency] = parts;
  if (currency === undefined) {
    errors.push(`${field}: missing currency in ${quote(value)} (expected e.g. '12999.00 INR')`);
    return null;
  }
  const code = currency.toUpperCase();
  if (code !== 'INR') {
    errors.push(`${field}: currency ${code} is not INR`);
    return null;
  }
  if (fracDigits.length > 2 && !/^0+$/.test(fracDigits.slice(2))) {
    errors.push(`${field}: more than 2 decimal places in ${quote(value)}`);
    return null;
  }
  const int = intDigits.replace(/^0+(?=\d)/, '');
  if (int.length > 10) {
    errors.push(`${field}: amount too large ${quote(value)}`);
    return null;
  }
  const amount = `${int}.${fracDigits.slice(0, 2).padEnd(2, '0')}`;
  if (!allowZero && amount === '0.00') {
    errors.push(`${field}: must be greater than 0`);
    return null;
  }
  return amount;
}

/**
 * `sale_price_effective_date`: an ISO 8601 interval, `2026-11-01T00:00+05:30/2026-11-30T23:59+05:30` (either end
 * may be a plain date; a date-time without an offset is India time). True when `now` is inside it.
 */
export function saleWindowIsOpen(value: string, errors: string[], now = Date.now()): boolean {
  const ends = value.split('/');
  const parse = (text: string | undefined, end: boolean): number => {
    const t = (text ?? '').trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return Date.parse(`${t}T${end ? '23:59:59.999' : '00:00:00'}+05:30`);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.test(t)) return Number.NaN;
    const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/.test(t) ? t : `${t}+05:30`;
    return Date.parse(withZone.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  };
  const start = parse(ends[0], false);
  const finish = parse(ends[1], true);
  if (ends.length !== 2 || Number.isNaN(start) || Number.isNaN(finish) || finish < start) {
    errors.push(`sale_price_effective_date: invalid value ${quote(value)} (expected e.g. '2026-11-01T00:00+05:30/2026-11-30T23:59+05:30')`);
    return false;
  }
  return now >= start && now <= finish;
}

/** Compares two normalized decimals ("12999.00") exactly, by length then digits. */
export function compareDecimal(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function parseGtin(value: string | null, errors: string[]): string | null {
  if (value === null) return null;
  if (!GTIN.test(value)) {
    errors.push(`gtin: must be 8, 12, 13 or 14 digits, got ${quote(value)}`);
    return null;
  }
  // A wrong GTIN would merge this offer into another product, so the check digit matters.
  if (!hasValidCheckDigit(value) || /^0+$/.test(value)) {
    errors.push(`gtin: invalid check digit in ${quote(value)}`);
    return null;
  }
  return value;
}

/** GS1 mod-10: weights 3,1,3,… from the digit left of the check digit. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (body.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

function hasValidCheckDigit(gtin: string): boolean {
  return gtinCheckDigit(gtin.slice(0, -1)) === gtin.charCodeAt(gtin.length - 1) - 48;
}

/** GTIN-8/12/13/14 zero-padded to 14 digits: the same product under a UPC and an EAN matches. */
export function gtinKey(gtin: string): string {
  return gtin.padStart(14, '0');
}

function limitedIdentity(fields: Fields, key: string, max: number, errors: string[]): string | null {
  const value = first(fields, key);
  if (value === null) return null;
  if (value.length > max) {
    errors.push(`${key}: longer than ${max} characters`);
    return null;
  }
  return value;
}

function optionalText(fields: Fields, key: string, max: number): string | null {
  const value = first(fields, key);
  if (value === null) return null;
  const text = cut(collapse(value), max);
  return text === '' ? null : text;
}

/**
 * `country:region:service:price` entries ("IN:::49.00 INR"), several per value in TSV
 * (comma-separated). Only India-bound (or country-less) entries count; of those the
 * cheapest nationwide one wins, since that is what a shopper anywhere in India pays.
 */
function parseShipping(values: string[] | undefined, errors: string[]): string | null {
  if (values === undefined) return null;
  let nationwide: string | null = null;
  let regional: string | null = null;
  for (const value of values) {
    for (const entry of value.split(',')) {
      const text = entry.trim();
      if (text === '') continue;
      const parts = text.split(':');
      const country = parts.length === 1 ? '' : (parts[0] ?? '').trim().toUpperCase();
      if (country !== '' && country !== 'IN') continue;
      if (parts.length !== 1 && parts.length < 4) {
        errors.push(`shipping: invalid value ${quote(text)} (expected e.g. 'IN:::49.00 INR')`);
        return null;
      }
      const cost = parseInrAmount('shipping', parts.length === 1 ? text : (parts[3] ?? ''), errors, true);
      if (cost === null) return null;
      const region = parts.length === 1 ? '' : (parts[1] ?? '').trim();
      if (region === '') nationwide = nationwide === null || compareDecimal(cost, nationwide) < 0 ? cost : nationwide;
      else regional = regional === null || compareDecimal(cost, regional) < 0 ? cost : regional;
    }
  }
  return nationwide ?? regional;
}

/** At most this many product_detail entries are read per item (Merchant Center allows 1000; specs need far fewer). */
const MAX_DETAILS = 100;

/**
 * `product_detail` values, "section:name:value" each (XML elements are composed to that by the parser); a TSV
 * cell may hold several, comma-separated ("General:RAM:8 GB,General:Storage:128 GB"): a comma starts a new entry
 * only where the text after it has the two colons of one, so "5000 mAh, 45W" stays one value.
 */
export function parseProductDetails(values: readonly string[] | undefined): { name: string; value: string }[] {
  const details: { name: string; value: string }[] = [];
  for (const raw of values ?? []) {
    const entries: string[] = [];
    for (const part of raw.split(',')) {
      if (entries.length > 0 && (part.match(/:/g) ?? []).length < 2) entries[entries.length - 1] += `,${part}`;
      else entries.push(part);
    }
    for (const entry of entries) {
      const [, name = '', ...rest] = entry.split(':');
      const value = rest.join(':').trim();
      if (name.trim() && value && details.length < MAX_DETAILS) details.push({ name: collapse(name).slice(0, 100), value: collapse(value).slice(0, 200) });
    }
  }
  return details;
}
