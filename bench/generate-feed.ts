/**
 * Synthetic Google Merchant Center feeds (XML or TSV) for import benchmarks and tests.
 *
 * Deterministic: item n of a given seed is the same product (GTIN, brand, model, category)
 * in every store's feed, so feeds of two stores match up the way real ones do; the store
 * slug only varies ids, prices, stock and wording. Re-running with the same options yields
 * the same file; `priceShift` moves every price to simulate a re-import with new prices.
 *
 *   tsx bench/generate-feed.ts --format tsv --items 1000000 --out /tmp/feed.tsv
 *   (options: --store <slug> --seed <n> --price-shift <fraction> --price-shift-every <n> --invalid-every <n>; .gz → gzipped)
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';

import { ELECTRONICS_SUBCATEGORIES, FRIENDLY_NAMES, INDIAN_FUSION_WEAR, WESTERN_WEAR } from '@/shared/catalog';

export type SyntheticFeedFormat = 'xml' | 'tsv';

export type SyntheticFeedOptions = {
  format: SyntheticFeedFormat;
  items: number;
  storeSlug: string;
  seed?: number;
  /** Fraction applied to every price: 0.05 = 5 % dearer, -0.1 = 10 % cheaper. */
  priceShift?: number;
  /** Apply priceShift to every nth item (1-based) only: a day's worth of price moves, not a repricing. */
  priceShiftEvery?: number;
  /** Every nth item (1-based) gets a USD price, to exercise the row-error path. */
  invalidEvery?: number;
};

export type WriteFeedOptions = SyntheticFeedOptions & { path: string };

export type SyntheticItem = {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  availability: 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder';
  price: string;
  salePrice: string | null;
  brand: string;
  gtin: string | null;
  mpn: string | null;
  itemGroupId: string | null;
  color: string | null;
  size: string | null;
  productType: string;
  googleProductCategory: string;
  shipping: string | null;
};

const TSV_COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'mpn',
  'item_group_id',
  'color',
  'size',
  'product_type',
  'google_product_category',
  'shipping',
] as const;

type ElectronicsSpec = { brands: string[]; models: string[]; extras: string[]; min: number; max: number; gpc: string };

const ELECTRONICS: Record<(typeof ELECTRONICS_SUBCATEGORIES)[number], ElectronicsSpec> = {
  mobiles: {
    brands: ['Samsung', 'Xiaomi', 'OnePlus', 'Realme', 'vivo', 'OPPO', 'Apple', 'Motorola'],
    models: ['Galaxy M35', 'Redmi Note 13', 'Nord CE4', 'Narzo 70', 'Y58', 'A79', 'iPhone 15', 'Edge 50'],
    extras: ['8GB RAM, 128GB Storage', '6GB RAM, 128GB Storage', '12GB RAM, 256GB Storage'],
    min: 7999,
    max: 89999,
    gpc: 'Electronics > Communications > Telephony > Mobile Phones',
  },
  tablets: {
    brands: ['Apple', 'Samsung', 'Lenovo', 'Xiaomi'],
    models: ['iPad 10th Gen', 'Galaxy Tab S9 FE', 'Tab M11', 'Pad 6'],
    extras: ['Wi-Fi, 64GB', 'Wi-Fi + 5G, 128GB', 'Wi-Fi, 256GB'],
    min: 11999,
    max: 79999,
    gpc: 'Electronics > Computers > Tablet Computers',
  },
  'cameras-photography': {
    brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm', 'GoPro'],
    models: ['EOS R50', 'Z30', 'Alpha ZV-E10', 'X-T30 II', 'HERO12'],
    extras: ['with 18-45mm Lens', 'Body Only', 'Vlogger Kit'],
    min: 24999,
    max: 149999,
    gpc: 'Cameras & Optics > Cameras > Digital Cameras',
  },
  'computers-accessories': {
    brands: ['HP', 'Dell', 'Lenovo', 'ASUS', 'Acer', 'Logitech'],
    models: ['Pavilion 15', 'Inspiron 3520', 'IdeaPad Slim 3', 'Vivobook 16', 'Aspire Lite', 'MX Master 3S'],
    extras: ['Intel Core i5, 16GB, 512GB SSD', 'AMD Ryzen 5, 8GB, 512GB SSD', 'Wireless'],
    min: 1499,
    max: 99999,
    gpc: 'Electronics > Computers > Laptops',
  },
  'home-audio': {
    brands: ['JBL', 'Sony', 'boAt', 'Marshall', 'Bose'],
    models: ['Flip 6', 'SRS-XB100', 'Stone 1200', 'Emberton II', 'SoundLink Flex'],
    extras: ['Bluetooth Speaker', 'Portable Speaker, IP67', 'Party Speaker'],
    min: 1299,
    max: 34999,
    gpc: 'Electronics > Audio > Audio Components > Speakers',
  },
  'home-theater-tv-video': {
    brands: ['Samsung', 'LG', 'Sony', 'TCL', 'Xiaomi'],
    models: ['Crystal 4K', 'UR7500', 'Bravia 2', 'C655', 'X Series'],
    extras: ['43 inch 4K Smart TV', '55 inch 4K Smart TV', '65 inch QLED TV'],
    min: 17999,
    max: 189999,
    gpc: 'Electronics > Video > Televisions',
  },
  'wearable-technology': {
    brands: ['Noise', 'boAt', 'Fire-Boltt', 'Amazfit', 'Apple'],
    models: ['ColorFit Pro 5', 'Wave Sigma', 'Phoenix Ultra', 'Active 2', 'Watch SE'],
    extras: ['1.85 inch AMOLED', 'Bluetooth Calling', 'GPS, 44mm'],
    min: 1299,
    max: 44999,
    gpc: 'Electronics > Wearable Technology > Smart Watches',
  },
  'headphones-earbuds-accessories': {
    brands: ['boAt', 'Sony', 'JBL', 'OnePlus', 'Sennheiser'],
    models: ['Airdopes 141', 'WH-1000XM5', 'Tune 770NC', 'Buds 3', 'Momentum 4'],
    extras: ['Wireless Earbuds', 'Noise Cancelling Headphones', 'Over-Ear, Bluetooth'],
    min: 999,
    max: 34999,
    gpc: 'Electronics > Audio > Audio Components > Headphones & Headsets',
  },
  'car-vehicle-electronics': {
    brands: ['Qubo', '70mai', 'Portronics', 'Pioneer'],
    models: ['Dash Cam Pro', 'A500S', 'Car Power 4', 'MVH-S215BT'],
    extras: ['Full HD, Night Vision', 'Dual Channel', '4 USB Ports'],
    min: 799,
    max: 14999,
    gpc: 'Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Electronics',
  },
};

const APPAREL_LEAVES = [...INDIAN_FUSION_WEAR, ...WESTERN_WEAR].filter((leaf) => leaf !== 'watches-wearables');
const APPAREL_BRANDS = ['Libas', 'W for Woman', 'BIBA', 'Aurelia', 'ONLY', 'Vero Moda', 'H&M', 'Zara', 'AND', 'Global Desi'];
const APPAREL_STYLES = ['Floral Print', 'Solid', 'Embroidered', 'Striped', 'Printed', 'Chikankari', 'Tie-Dye', 'Checked'];
const COLORS = ['Black', 'Navy Blue', 'Maroon', 'Mustard', 'White', 'Olive', 'Pink', 'Teal'];
const SIZES = ['S', 'M', 'L', 'XL'];
const AVAILABILITY_ROLL: SyntheticItem['availability'][] = [
  ...Array<SyntheticItem['availability']>(17).fill('in_stock'),
  'out_of_stock',
  'preorder',
  'backorder',
];

/** 32-bit mix of a few integers: a cheap stateless hash so item n never depends on item n-1. */
function hash(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function pick<T>(list: readonly T[], roll: number): T {
  return list[roll % list.length] as T;
}

/** Whole paise → "12999.00": integer arithmetic, so generated prices are exact too. */
function rupees(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

function gtin13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (body12.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return body12 + String((10 - (sum % 10)) % 10);
}

export function syntheticItem(index: number, options: SyntheticFeedOptions): SyntheticItem {
  const seed = options.seed ?? 1;
  const store = hashString(options.storeSlug);
  const storeCode = options.storeSlug.replace(/[^a-z0-9]/gi, '').slice(0, 8).toUpperCase() || 'STORE';
  // Blocks of 4 indices form one model: apparel blocks are the 4 sizes of one garment.
  const block = Math.floor(index / 4);
  const slot = index % 4;
  const model = hash(seed, block);
  const product = hash(seed, index, 7);
  const offer = hash(store, seed, index);
  const apparel = model % 5 < 2;

  const id = `${storeCode}-${String(index + 1).padStart(7, '0')}`;
  const host = `${options.storeSlug}.example.in`;
  let title: string;
  let description: string;
  let brand: string;
  let productType: string;
  let gpc: string;
  let basePaise: number;
  let itemGroupId: string | null = null;
  let color: string | null = null;
  let size: string | null = null;
  let mpn: string | null = null;

  if (apparel) {
    const leaf = pick(APPAREL_LEAVES, model >>> 3);
    const leafName = FRIENDLY_NAMES[leaf] ?? leaf;
    const singular = leafName.replace(/s$/, '');
    brand = pick(APPAREL_BRANDS, model >>> 7);
    const style = pick(APPAREL_STYLES, model >>> 11);
    color = pick(COLORS, model >>> 15);
    size = SIZES[slot] ?? 'M';
    itemGroupId = `${storeCode}-G${block + 1}`;
    title = `${brand} Women ${style} ${singular} - ${color}, Size ${size}`;
    description = `${style} ${singular.toLowerCase()} by ${brand} in ${color.toLowerCase()}. Regular fit, breathable fabric, easy care. Model wears size M.`;
    productType = `Apparel & Accessories > Clothing > ${leafName}`;
    gpc = 'Apparel & Accessories > Clothing';
    basePaise = (299 + ((model >>> 4) % 97) * 100) * 100;
  } else {
    // Pairs of indices share a subcategory; a pair of mobiles is one phone in two colours.
    const pair = hash(seed, Math.floor(index / 2), 3);
    const sub = pick(ELECTRONICS_SUBCATEGORIES, pair >>> 3);
    const spec = ELECTRONICS[sub];
    const variantOf = sub === 'mobiles' ? pair : product;
    const pickIndex = (variantOf >>> 9) % spec.brands.length;
    brand = spec.brands[pickIndex] ?? 'Generic';
    const modelName = spec.models[pickIndex % spec.models.length] ?? 'Model';
    const extra = pick(spec.extras, variantOf >>> 13);
    const generation = 1 + ((variantOf >>> 17) % 9);
    if (sub === 'mobiles') {
      color = pick(COLORS, (pair >>> 21) + slot);
      itemGroupId = `${storeCode}-M${Math.floor(index / 2) + 1}`;
    }
    title = `${brand} ${modelName} (Gen ${generation}) ${extra}${color ? `, ${color}` : ''}`;
    description = `${brand} ${modelName}, ${extra}. 1 year manufacturer warranty. GST invoice included.`;
    productType = `Electronics > ${FRIENDLY_NAMES[sub] ?? sub}`;
    gpc = spec.gpc;
    mpn = product % 10 < 6 ? `${brand.slice(0, 3).toUpperCase()}-${(product >>> 5) % 100000}` : null;
    basePaise = (spec.min + ((variantOf >>> 4) % Math.max(1, Math.floor((spec.max - spec.min) / 100))) * 100) * 100;
  }

  // Store price: ±8 % around the base, ending in 9 rupees (or ,50 paise now and then).
  const factor = 0.92 + ((offer >>> 8) % 1600) / 10000;
  let paise = Math.round((basePaise * factor) / 1000) * 1000 - 100 + ((offer >>> 4) % 10 === 0 ? 50 : 0);
  const shifted = options.priceShiftEvery === undefined || (index + 1) % options.priceShiftEvery === 0;
  if (options.priceShift && shifted) paise = Math.round(paise * (1 + options.priceShift));
  paise = Math.max(paise, 100);
  const onSale = offer % 10 < 3;
  const salePaise = onSale ? Math.max(100, paise - Math.round((paise * (5 + ((offer >>> 12) % 36))) / 100 / 100) * 100) : null;
  const invalid = options.invalidEvery !== undefined && (index + 1) % options.invalidEvery === 0;
  const finalPaise = salePaise ?? paise;
  const shipping = offer % 10 === 9 ? null : finalPaise >= 49900 ? 'IN:::0.00 INR' : 'IN:::49.00 INR';

  return {
    id,
    title,
    description,
    link: `https://${host}/p/${id.toLowerCase()}`,
    imageLink: `https://img.${host}/${id.toLowerCase()}/1.jpg`,
    additionalImageLinks: offer % 2 === 0 ? [`https://img.${host}/${id.toLowerCase()}/2.jpg`] : [],
    availability: pick(AVAILABILITY_ROLL, offer >>> 20),
    price: invalid ? `${rupees(paise)} USD` : `${rupees(paise)} INR`,
    salePrice: salePaise === null ? null : `${rupees(salePaise)} INR`,
    brand,
    // 90 % carry a GTIN; it depends on the product only, so every store agrees on it.
    gtin: product % 10 === 0 ? null : gtin13(`890${String(product % 1_000_000_000).padStart(9, '0')}`),
    mpn,
    itemGroupId,
    color,
    size,
    productType,
    googleProductCategory: gpc,
    shipping,
  };
}

function xmlEscape(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

function tsvField(text: string): string {
  return /[\t\n\r"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function xmlItem(item: SyntheticItem): string {
  const el = (name: string, value: string | null): string => (value === null ? '' : `<g:${name}>${xmlEscape(value)}</g:${name}>\n`);
  const shipping = item.shipping?.split(':');
  return (
    '<item>\n' +
    el('id', item.id) +
    el('title', item.title) +
    el('description', item.description) +
    el('link', item.link) +
    el('image_link', item.imageLink) +
    item.additionalImageLinks.map((link) => el('additional_image_link', link)).join('') +
    el('availability', item.availability) +
    el('price', item.price) +
    el('sale_price', item.salePrice) +
    el('brand', item.brand) +
    el('gtin', item.gtin) +
    el('mpn', item.mpn) +
    el('item_group_id', item.itemGroupId) +
    el('color', item.color) +
    el('size', item.size) +
    el('product_type', item.productType) +
    el('google_product_category', item.googleProductCategory) +
    (shipping
      ? `<g:shipping><g:country>${shipping[0]}</g:country><g:service>Standard</g:service><g:price>${shipping[3]}</g:price></g:shipping>\n`
      : '') +
    '</item>\n'
  );
}

function tsvRow(item: SyntheticItem): string {
  return (
    [
      item.id,
      item.title,
      item.description,
      item.link,
      item.imageLink,
      item.additionalImageLinks.join(','),
      item.availability,
      item.price,
      item.salePrice ?? '',
      item.brand,
      item.gtin ?? '',
      item.mpn ?? '',
      item.itemGroupId ?? '',
      item.color ?? '',
      item.size ?? '',
      item.productType,
      item.googleProductCategory,
      item.shipping ?? '',
    ]
      .map(tsvField)
      .join('\t') + '\n'
  );
}

/** The feed as ~64 KB text chunks, generated lazily: a million items never sit in memory. */
export function* feedChunks(options: SyntheticFeedOptions): Generator<string> {
  const xml = options.format === 'xml';
  let buffer = xml
    ? '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
      `<title>${xmlEscape(options.storeSlug)}</title>\n<link>https://${options.storeSlug}.example.in/</link>\n` +
      '<description>Product feed</description>\n'
    : TSV_COLUMNS.join('\t') + '\n';
  for (let i = 0; i < options.items; i++) {
    const item = syntheticItem(i, options);
    buffer += xml ? xmlItem(item) : tsvRow(item);
    if (buffer.length >= 64 * 1024) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer + (xml ? '</channel>\n</rss>\n' : '');
}

/** Writes the feed with backpressure (gzipped when the path ends in .gz). */
export async function writeFeed(options: WriteFeedOptions): Promise<{ items: number; bytes: number }> {
  const file = createWriteStream(options.path);
  const gzip = options.path.endsWith('.gz') ? createGzip() : null;
  if (gzip) gzip.pipe(file);
  const out = gzip ?? file;
  let bytes = 0;
  const failed = new Promise<never>((_, reject) => {
    file.once('error', reject);
    gzip?.once('error', reject);
  });
  failed.catch(() => {}); // observed below; avoid an unhandled rejection meanwhile
  for (const chunk of feedChunks(options)) {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  }
  out.end();
  await Promise.race([once(file, 'close'), failed]);
  return { items: options.items, bytes };
}

function parseArgs(argv: string[]): WriteFeedOptions {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (!key?.startsWith('--') || value === undefined) throw new Error(`bad argument near ${key ?? '(end)'}`);
    args.set(key.slice(2), value);
  }
  const format = args.get('format') ?? 'tsv';
  if (format !== 'xml' && format !== 'tsv') throw new Error('--format must be xml or tsv');
  const number = (name: string, fallback: number): number => {
    const raw = args.get(name);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(value)) throw new Error(`--${name} must be a number`);
    return value;
  };
  const invalidEvery = args.has('invalid-every') ? number('invalid-every', 0) : undefined;
  return {
    format,
    items: number('items', 1000),
    path: args.get('out') ?? `/tmp/feed.${format}`,
    storeSlug: args.get('store') ?? 'demo-store',
    seed: number('seed', 1),
    priceShift: number('price-shift', 0),
    ...(args.has('price-shift-every') ? { priceShiftEvery: number('price-shift-every', 1) } : {}),
    ...(invalidEvery ? { invalidEvery } : {}),
  };
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const started = performance.now();
    const { items, bytes } = await writeFeed(options);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `wrote ${items} items (${(bytes / 1e6).toFixed(1)} MB ${options.format}) to ${options.path} in ${seconds.toFixed(1)} s`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
