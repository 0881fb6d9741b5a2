/**
 * The demo catalogue: Indian-market stores, products and 90 days of store prices, generated
 * deterministically (seeded PRNG, fixed `now`) so every seed run, test and screenshot sees
 * the same data. Pure: no DB I/O; the seed script writes this out.
 */
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES } from '@/shared/catalog';
import {
  APPAREL,
  APPAREL_COLOURS,
  type ApparelLeaf,
  type ApparelLeafSlug,
  BRAND_PRICE_LEVEL,
  DENIM_COLOURS,
  WATCH_COLOURS,
} from '@/server/db/seed/apparel-data';
import {
  ELECTRONICS,
  ELECTRONICS_KIND_INFO,
  type ElectronicsEntry,
  type VariantStep,
} from '@/server/db/seed/electronics-data';
import { buildPriceHistory, type PriceStyle, roundMrpUp, roundPrice, toMoney } from '@/server/db/seed/pricing';
import { createRng, type Rng } from '@/server/db/seed/random';

export type SeedStore = { slug: string; name: string; homepage: string };
export type SeedPricePoint = { price: string; at: Date };
export type SeedOffer = {
  storeSlug: string;
  currentPrice: string;
  originalPrice: string;
  inStock: boolean;
  stockQuantity: number;
  affiliateUrl: string | null;
  freeShipping: boolean;
  /** null = unknown (the UI shows NA). */
  shippingCost: string | null;
  /** Oldest first; the last point's price equals currentPrice; first point at now - 90 days. */
  history: SeedPricePoint[];
};
export type SeedVariant = { name: string; price: string; originalPrice: string };
export type SeedProduct = {
  slug: string;
  name: string;
  brand: string;
  model: string;
  category: 'electronics' | 'ladies-apparels';
  subcategory: string;
  subSubcategory: string | null;
  /** What renderProductSvg draws. */
  kind: string;
  /** Hex colour of the product. */
  color: string;
  /** The colour as stores name it ("Titanium Black", "Mustard"). */
  colorName: string;
  description: string;
  /** Newline-separated. */
  highlights: string;
  /** One of the three shapes SPEC point 3 allows: "Label: value" lines, an array, or an object. */
  specifications: unknown;
  /** string[] mostly; sometimes a newline-separated string or [{ title, description }]. */
  features: unknown;
  galleryCount: number;
  videoUrl: string | null;
  variants: SeedVariant[];
  rating: number;
  reviewCount: number;
  trending: boolean;
  gtin: string | null;
  mpn: string | null;
  offers: SeedOffer[];
};
export type SeedCatalogue = { stores: SeedStore[]; products: SeedProduct[] };

export const DEFAULT_SEED_NOW = new Date('2026-11-01T00:00:00Z');
export const PRODUCTS_PER_LEAF = 12;

export const SEED_STORES: readonly SeedStore[] = [
  { slug: 'amazon-in', name: 'Amazon.in', homepage: 'https://www.amazon.in' },
  { slug: 'flipkart', name: 'Flipkart', homepage: 'https://www.flipkart.com' },
  { slug: 'croma', name: 'Croma', homepage: 'https://www.croma.com' },
  { slug: 'reliance-digital', name: 'Reliance Digital', homepage: 'https://www.reliancedigital.in' },
  { slug: 'vijay-sales', name: 'Vijay Sales', homepage: 'https://www.vijaysales.com' },
  { slug: 'tata-cliq', name: 'Tata CLiQ', homepage: 'https://www.tatacliq.com' },
  { slug: 'myntra', name: 'Myntra', homepage: 'https://www.myntra.com' },
  { slug: 'ajio', name: 'AJIO', homepage: 'https://www.ajio.com' },
  { slug: 'nykaa-fashion', name: 'Nykaa Fashion', homepage: 'https://www.nykaafashion.com' },
];

/** Which stores carry a category, weighted by how often they list a given product. */
const STORE_WEIGHTS = {
  electronics: [
    ['amazon-in', 10],
    ['flipkart', 9],
    ['croma', 6],
    ['reliance-digital', 6],
    ['vijay-sales', 4],
    ['tata-cliq', 3],
  ],
  'ladies-apparels': [
    ['myntra', 10],
    ['ajio', 7],
    ['nykaa-fashion', 5],
    ['amazon-in', 6],
    ['flipkart', 5],
  ],
} as const satisfies Record<SeedProduct['category'], readonly (readonly [string, number])[]>;

/** What a category-specific builder produces; offers, ratings and shapes are added after. */
type Draft = {
  name: string;
  brand: string;
  model: string;
  category: SeedProduct['category'];
  subcategory: string;
  subSubcategory: string | null;
  kind: string;
  color: string;
  colorName: string;
  description: string;
  highlights: string[];
  specs: (readonly [label: string, value: string])[];
  /** "Title: detail" lines when `titledFeatures`, else plain lines. */
  features: string[];
  titledFeatures: boolean;
  price: number;
  mrp: number;
  variantSteps: readonly VariantStep[];
  gtin: string | null;
  mpn: string | null;
};

export function generateCatalogue({ now = DEFAULT_SEED_NOW }: { now?: Date } = {}): SeedCatalogue {
  const drafts: Draft[] = [];
  for (const subcategory of ELECTRONICS_SUBCATEGORIES) {
    const rng = createRng(`electronics/${subcategory}`);
    for (const entry of ELECTRONICS[subcategory]) drafts.push(electronicsDraft(rng, subcategory, entry));
  }
  for (const group of APPAREL_GROUPS) {
    for (const leaf of group.children) {
      const rng = createRng(`ladies-apparels/${group.slug}/${leaf}`);
      for (let i = 0; i < PRODUCTS_PER_LEAF; i++) drafts.push(apparelDraft(rng, group.slug, leaf, i));
    }
  }

  const usedSlugs = new Set<string>();
  const products = drafts.map((draft, index) => {
    let slug = slugify(draft.name);
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${slugify(draft.name)}-${n}`;
    usedSlugs.add(slug);
    return finishProduct(draft, slug, index, now);
  });
  return { stores: SEED_STORES.map((store) => ({ ...store })), products };
}

// ---------------------------------------------------------------------------------------
// Electronics

function electronicsDraft(rng: Rng, subcategory: string, entry: ElectronicsEntry): Draft {
  const info = ELECTRONICS_KIND_INFO[entry.kind];
  if (!info) throw new Error(`no kind info for ${entry.kind}`);
  const colours = entry.colours ?? [['Black', '#1f2023']];
  const main = rng.pick(colours);
  const orderedColours = [main, ...colours.filter((c) => c !== main)];
  const colourNames = orderedColours.map(([name]) => name);
  // Storage/size options when the product has them, otherwise the colours it comes in.
  const variantSteps: readonly VariantStep[] =
    entry.variants ?? (colours.length > 1 ? colourNames.map((name) => [name, 0] as const) : []);

  const name = `${entry.brand} ${entry.model}`;
  const mpn = modelNumber(rng, entry.brand);
  const facts = entry.facts.map(splitLabel);
  const availability =
    entry.variants && entry.variants.length > 1
      ? `Available as ${listJoin(entry.variants.map(([v]) => v))}, in ${listJoin(colourNames, 'or')}.`
      : colours.length > 1
        ? `It comes in ${listJoin(colourNames, 'and')}.`
        : `It comes in ${main[0].toLowerCase()}.`;
  const description = [entry.blurb, availability, `${entry.brand} India backs it with a ${info.warranty}.`].join(' ');

  const highlights = entry.facts.slice(0, rng.int(4, 5));
  if (highlights.length < 6 && rng.chance(0.5)) highlights.push(`Warranty: ${info.warranty}`);

  return {
    name,
    brand: entry.brand,
    model: shortModel(entry.model),
    category: 'electronics',
    subcategory,
    subSubcategory: null,
    kind: entry.kind,
    color: main[1],
    colorName: main[0],
    description,
    highlights,
    specs: [
      ['Brand', entry.brand],
      ['Model Name', shortModel(entry.model)],
      ['Model Number', mpn],
      ['Colour', main[0]],
      ...facts,
      ['In the Box', info.inTheBox],
      ['Warranty', info.warranty],
      ['Country of Origin', originOf(entry)],
    ],
    features: rng.sample(info.features, Math.min(info.features.length, rng.int(4, 5))),
    titledFeatures: true,
    price: entry.price,
    mrp: entry.mrp,
    variantSteps,
    gtin: ean13(rng, GTIN_PREFIX[entry.brand] ?? '890'),
    mpn,
  };
}

/** Words after which a store title stops naming the model and starts describing it. */
const MODEL_DESCRIPTORS =
  /\s+(?:with|Mirrorless|DSLR|Full-Frame|Action Camera|Instant Camera|Prime Lens|Portable (?:Bluetooth )?Speaker|Bluetooth|Party Speaker|Smart|Google TV|Home Speaker|True Wireless|Wireless|Laptop|Gaming|Monitor|Dash Cam|Tyre Inflator|Cordless|Single-DIN|Car Stereo|Car Speakers|Car Charger|Fitness Band|Smartwatch|Power Bank|\d+(?:\.\d+)+ch|\d+mAh|\d+(?:\.\d+)?-inch\b(?!.*\())\b.*$/;

/** "Pavilion 15 Laptop (13th Gen Intel Core i5)" -> "Pavilion 15"; TVs lose their size prefix. */
export function shortModel(model: string): string {
  const withoutSize = model.replace(/\d+ cm \(\d+ inch\)\s*/, '');
  return withoutSize.replace(MODEL_DESCRIPTORS, '').replace(/\s*\((?:\d+th Gen )?(?:Intel|AMD)[^)]*\)/, '').trim() || model;
}

/** GS1 company prefixes as the brands' boxes carry them (890 = India). */
const GTIN_PREFIX: Readonly<Record<string, string>> = {
  Samsung: '8806',
  LG: '8806',
  Apple: '0195949',
  Sony: '4548736',
  Canon: '4549292',
  Nikon: '4960759',
  Fujifilm: '4547410',
  Xiaomi: '6941812',
  Redmi: '6941812',
  Logitech: '5099206',
  JBL: '6925281',
  Bose: '0017817',
  SanDisk: '0619659',
};

const MADE_IN_INDIA_KINDS = new Set(['phone', 'tv', 'earbuds', 'neckband', 'watch', 'band', 'speaker', 'power-bank', 'car-charger']);

function originOf(entry: ElectronicsEntry): string {
  if (['camera', 'lens'].includes(entry.kind)) return ['Canon', 'Fujifilm'].includes(entry.brand) ? 'Japan' : 'Thailand';
  if (MADE_IN_INDIA_KINDS.has(entry.kind) && !['Bose', 'Marshall', 'Sennheiser', 'Sonos'].includes(entry.brand)) return 'India';
  return 'China';
}

function modelNumber(rng: Rng, brand: string): string {
  const code = (length: number) =>
    Array.from({ length }, () => rng.pick('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'.split(''))).join('');
  if (brand === 'Samsung') return `SM-${rng.pick(['S', 'A', 'M', 'X', 'R'])}${rng.int(100, 999)}${code(3)}INS`;
  if (brand === 'Apple') return `M${code(4)}HN/A`;
  const prefix = brand.replace(/[^A-Za-z0-9]/g, '').slice(0, 3).toUpperCase();
  return `${prefix}-${code(6)}`;
}

// ---------------------------------------------------------------------------------------
// Apparel

const LEAF_CODE = (leaf: string) =>
  leaf
    .split('-')
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

const PATTERN_PHRASES: Readonly<Record<string, string>> = {
  'Floral Printed': 'an all-over floral print',
  'Ethnic Motifs Printed': 'ethnic motifs printed all over',
  Embroidered: 'tonal thread embroidery',
  'Block Printed': 'hand-block-inspired prints',
  Chikankari: 'delicate chikankari work',
  Solid: 'a clean solid finish',
  'Bandhani Printed': 'a bandhani print',
  Striped: 'stripes',
  'Geometric Printed': 'a geometric print',
  'Abstract Printed': 'an abstract print',
  'Zari Woven': 'zari woven through the body',
  Leheriya: 'a leheriya wave pattern',
  Sequinned: 'sequin work that catches the light',
  Checked: 'checks',
  'Mirror Work': 'mirror work',
  'Gota Patti': 'gota patti detailing',
  'Ikat Woven': 'an ikat weave',
  'Kantha Stitched': 'kantha running stitch',
  'Polka Dot': 'polka dots',
  Smocked: 'a smocked bodice',
  'Self-Design': 'a subtle self-design texture',
  'Graphic Printed': 'a graphic print',
  'Typography Printed': 'a typography print',
  Colourblocked: 'colourblocking',
  'Light Fade': 'a light fade',
  'Heavy Fade': 'a heavy fade',
  'Clean Look': 'a clean wash',
  'Mildly Distressed': 'mild distressing',
  'Acid Wash': 'an acid wash',
  Pleated: 'knife pleats',
  Crochet: 'crochet detailing',
  'Cable Knit': 'a chunky cable knit',
  Quilted: 'quilting',
  Washed: 'a washed finish',
  Pinstriped: 'pinstripes',
  Houndstooth: 'a houndstooth check',
  Textured: 'a textured weave',
};

const MATERIALS = ['Silk', 'Cotton', 'Linen', 'Chiffon', 'Georgette', 'Organza', 'Denim', 'Velvet'] as const;

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
const WAIST_SIZES = ['26', '28', '30', '32', '34', '36'] as const;

function apparelDraft(rng: Rng, group: string, leafSlug: ApparelLeafSlug, index: number): Draft {
  const leaf: ApparelLeaf = APPAREL[leafSlug];
  const isWatch = leafSlug === 'watches-wearables';
  // Cycle through garments so every silhouette of the leaf shows up.
  const garment = leaf.garments[index % leaf.garments.length];
  if (!garment) throw new Error(`no garments for ${leafSlug}`);
  const [noun, kind, garmentBrands] = garment;
  const brand = rng.pick(garmentBrands ?? leaf.brands);
  const palette = leafSlug === 'jeans' ? DENIM_COLOURS : isWatch ? WATCH_COLOURS : APPAREL_COLOURS;
  const [colorName, color] = rng.pick(palette);
  const pattern = rng.pick(leaf.patterns);
  // When the garment name already names the material ("Linen Saree", "Denim Jacket"), the
  // fabric must agree with it and is not repeated in the title.
  const nounMaterial = MATERIALS.find((m) => noun.includes(m));
  const matching = nounMaterial ? leaf.fabrics.filter((f) => f.includes(nounMaterial)) : [];
  const fabric = nounMaterial ? (matching.length > 0 ? rng.pick(matching) : nounMaterial) : rng.pick(leaf.fabrics);
  const patternInNoun = noun.toLowerCase().includes(pattern.split(' ')[0]?.toLowerCase() ?? '');
  const attributes = Object.entries(leaf.attributes).map(([label, values]) => [label, rng.pick(values)] as const);
  const occasion = rng.pick(leaf.occasions);
  const care = rng.pick(leaf.care);

  const name = [brand, 'Women', colorName, patternInNoun ? null : pattern, nounMaterial ? null : fabric, noun]
    .filter(Boolean)
    .join(' ');
  const model = `${brandCode(brand)}-${LEAF_CODE(leafSlug)}-${rng.int(1000, 9999)}`;
  const [min, max] = leaf.price;
  const level = BRAND_PRICE_LEVEL[brand] ?? 1;
  const raw = Math.exp(rng.float(Math.log(min), Math.log(max))) * level;
  const price = roundPrice(Math.min(max * 1.25, Math.max(min * 0.85, raw)), 'charm');
  // Fashion MRPs carry deep "discounts" (30-70% off is routine); a few sell at MRP.
  const mrp = rng.chance(0.1) ? price : roundMrpUp(price / (1 - rng.float(0.15, 0.65)));

  const nounText = noun.toLowerCase().replace(/\ba-line\b/g, 'A-line');
  const plural = /(?:Jeans|Shorts|Palazzos|Pants)$/.test(noun);
  const opener = isWatch
    ? `This ${colorName.toLowerCase()} ${nounText} from ${brand} comes on a ${fabric.toLowerCase()}${pattern === 'Slim' ? ' with a slim case' : ` with a ${pattern.toLowerCase()} finish`}.`
    : `${plural ? 'These' : 'This'} ${nounText} from ${brand} ${plural ? 'come' : 'comes'} in ${colorName.toLowerCase()} ${fabric.toLowerCase()} with ${PATTERN_PHRASES[pattern] ?? pattern.toLowerCase()}.`;
  const description = [opener, rng.pick(leaf.styling), `Care: ${care.charAt(0).toLowerCase()}${care.slice(1)}.`].join(' ');

  const materialLabel = isWatch ? 'Strap' : 'Fabric';
  const highlights = [`${materialLabel}: ${fabric}`, `Pattern: ${pattern}`, ...attributes.map(([l, v]) => `${l}: ${v}`)];
  if (rng.chance(0.6)) highlights.push(`Occasion: ${occasion}`);
  if (rng.chance(0.3)) highlights.splice(1, 1);

  const westernBrand = ['Zara', 'H&M', 'Mango', 'ONLY', 'Vero Moda', 'Forever New', "Levi's", 'Puma'].includes(brand);
  const origin = isWatch ? (['Titan', 'Fastrack', 'Sonata', 'Noise', 'Fire-Boltt'].includes(brand) ? 'India' : 'China') : westernBrand ? rng.pick(['India', 'Bangladesh', 'Turkey', 'Vietnam']) : 'India';

  return {
    name,
    brand,
    model,
    category: 'ladies-apparels',
    subcategory: group,
    subSubcategory: leafSlug,
    kind,
    color,
    colorName,
    description,
    highlights,
    specs: [
      ['Brand', brand],
      ['Style Code', model],
      ['Colour', colorName],
      [materialLabel, fabric],
      ['Pattern', pattern],
      ...attributes,
      ['Occasion', occasion],
      [isWatch ? 'Care' : 'Wash Care', care],
      ['Country of Origin', origin],
    ],
    features: rng.sample(leaf.features, Math.min(leaf.features.length, rng.int(3, 4))),
    titledFeatures: false,
    price,
    mrp,
    variantSteps: sizeSteps(rng, leaf, isWatch ? palette.filter(([n]) => n !== colorName).map(([n]) => n) : []),
    gtin: rng.chance(0.3) ? ean13(rng, '890') : null,
    mpn: rng.chance(0.8) ? model : null,
  };
}

function sizeSteps(rng: Rng, leaf: ApparelLeaf, otherColours: string[]): VariantStep[] {
  switch (leaf.sizes) {
    case 'letter': {
      if (rng.chance(0.08)) return [];
      const from = rng.int(0, 1);
      const sizes = LETTER_SIZES.slice(from, from + rng.int(4, 5));
      // Some brands charge a little more for plus sizes.
      const plusExtra = rng.chance(0.3) ? 100 : 0;
      return sizes.map((size) => [size, size === 'XXL' ? plusExtra : 0] as const);
    }
    case 'waist': {
      const from = rng.int(0, 1);
      return WAIST_SIZES.slice(from, from + 5).map((size) => [`Waist ${size}`, 0] as const);
    }
    case 'free':
      return rng.chance(0.3) ? [['Free Size', 0]] : [];
    case 'strap':
      return rng.chance(0.5) ? [] : [['Default', 0], ...rng.sample(otherColours, 2).map((c) => [c, 0] as const)];
  }
}

function brandCode(brand: string): string {
  const words = brand.replace(/[^A-Za-z ]/g, '').split(' ').filter(Boolean);
  const code = words.length > 1 ? words.map((w) => w.charAt(0)).join('') : (words[0] ?? 'BRD').slice(0, 3);
  return code.toUpperCase();
}

// ---------------------------------------------------------------------------------------
// Shared finishing: offers, variants, ratings and the lenient shapes of SPEC point 3

function finishProduct(draft: Draft, slug: string, index: number, now: Date): SeedProduct {
  const rng = createRng(`product/${slug}`);
  const offers = buildOffers(rng, draft, slug, now);
  const best = bestOffer(offers);
  const basePrice = Number(best.currentPrice);
  const baseOriginal = Number(best.originalPrice);
  const variants = draft.variantSteps.map(([name, extra]) => ({
    name: name === 'Default' ? draft.colorName : name,
    price: toMoney(basePrice + extra),
    originalPrice: toMoney(baseOriginal + extra),
  }));

  return {
    slug,
    name: draft.name,
    brand: draft.brand,
    model: draft.model,
    category: draft.category,
    subcategory: draft.subcategory,
    subSubcategory: draft.subSubcategory,
    kind: draft.kind,
    color: draft.color,
    colorName: draft.colorName,
    description: draft.description,
    highlights: draft.highlights.join('\n'),
    specifications: specificationsShape(draft.specs, index),
    features: featuresShape(rng, draft),
    galleryCount: rng.int(2, 4),
    videoUrl: rng.chance(0.02) ? `/api/media/video/${slug}.mp4` : null,
    variants,
    // Skewed towards the 4s, as store ratings are.
    rating: Math.round((3 + 1.9 * (1 - rng.next() ** 2)) * 10) / 10,
    reviewCount: Math.round(Math.exp(rng.float(Math.log(8), Math.log(90_000)))),
    trending: rng.chance(0.1),
    gtin: draft.gtin,
    mpn: draft.mpn,
    offers,
  };
}

/** The offer the Product JSON shows (DECISIONS 8): the lowest in-stock price. */
export function bestOffer(offers: readonly SeedOffer[]): SeedOffer {
  const inStock = offers.filter((o) => o.inStock);
  const pool = inStock.length > 0 ? inStock : offers;
  const best = pool.reduce<SeedOffer | null>(
    (lowest, offer) => (!lowest || Number(offer.currentPrice) < Number(lowest.currentPrice) ? offer : lowest),
    null,
  );
  if (!best) throw new Error('a product needs at least one offer');
  return best;
}

function buildOffers(rng: Rng, draft: Draft, slug: string, now: Date): SeedOffer[] {
  const count = rng.weighted([[2, 3], [3, 4.5], [4, 2.5]] as const);
  const stores = weightedSample(rng, STORE_WEIGHTS[draft.category], count);
  const offers = stores.map((storeSlug): SeedOffer => {
    const style: PriceStyle = rng.chance(0.8) ? 'charm' : 'exact';
    const current = Math.min(draft.mrp, roundPrice(draft.price * (1 + rng.float(-0.05, 0.05)), style));
    // Some stores show no strike-through price at all.
    const original = draft.mrp === draft.price || rng.chance(0.1) ? current : draft.mrp;
    const inStock = !rng.chance(0.12);
    return {
      storeSlug,
      currentPrice: toMoney(current),
      originalPrice: toMoney(original),
      inStock,
      stockQuantity: inStock ? rng.weighted([[rng.int(1, 5), 2], [rng.int(6, 80), 6], [rng.int(81, 400), 2]] as const) : 0,
      affiliateUrl: rng.chance(0.05) ? null : affiliateUrl(rng, storeSlug, slug, draft),
      ...shipping(rng, draft.category, current),
      history: buildPriceHistory(rng, { current, ceiling: original, now, style }),
    };
  });
  // A product must be buyable somewhere.
  if (!offers.some((o) => o.inStock)) {
    const first = offers[0];
    if (first) Object.assign(first, { inStock: true, stockQuantity: rng.int(6, 80) });
  }
  return offers;
}

function weightedSample(rng: Rng, weights: readonly (readonly [string, number])[], count: number): string[] {
  const pool = [...weights];
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) {
    const slug = rng.weighted(pool);
    picked.push(slug);
    pool.splice(
      pool.findIndex(([s]) => s === slug),
      1,
    );
  }
  return picked;
}

function shipping(
  rng: Rng,
  category: SeedProduct['category'],
  price: number,
): Pick<SeedOffer, 'freeShipping' | 'shippingCost'> {
  if (rng.chance(0.04)) return { freeShipping: false, shippingCost: null };
  const paid = category === 'electronics' ? price < 500 && rng.chance(0.6) : price < 999 ? rng.chance(0.6) : rng.chance(0.08);
  if (!paid) return { freeShipping: true, shippingCost: toMoney(0) };
  const cost = category === 'electronics' ? 40 : rng.pick([49, 79, 99]);
  return { freeShipping: false, shippingCost: toMoney(cost) };
}

function affiliateUrl(rng: Rng, store: string, slug: string, draft: Draft): string {
  const digits = (length: number) => Array.from({ length }, () => rng.int(0, 9)).join('');
  const alnum = (length: number) =>
    Array.from({ length }, () => rng.pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''))).join('');
  const brand = slugify(draft.brand);
  switch (store) {
    case 'amazon-in':
      return `https://www.amazon.in/dp/B0${alnum(8)}?tag=bachat-21`;
    case 'flipkart':
      return `https://www.flipkart.com/${slug}/p/itm${alnum(13).toLowerCase()}?pid=${alnum(16)}&affid=bachat`;
    case 'croma':
      return `https://www.croma.com/${slug}/p/${digits(6)}`;
    case 'reliance-digital':
      return `https://www.reliancedigital.in/${slug}/p/${digits(9)}`;
    case 'vijay-sales':
      return `https://www.vijaysales.com/${slug}/${digits(5)}`;
    case 'tata-cliq':
      return `https://www.tatacliq.com/${slug}/p-mp${digits(9)}`;
    case 'myntra':
      return `https://www.myntra.com/${draft.subSubcategory ?? draft.subcategory}/${brand}/${slug}/${digits(8)}/buy`;
    case 'ajio':
      return `https://www.ajio.com/${slug}/p/${digits(9)}_${slugify(draft.colorName).replace(/-/g, '')}`;
    case 'nykaa-fashion':
      return `https://www.nykaafashion.com/${slug}/p/${digits(7)}`;
    default:
      throw new Error(`no affiliate link format for ${store}`);
  }
}

/**
 * Rotates through the shapes SPEC point 3 reads leniently, so the UI's parsing of each is
 * exercised by the demo data: "Label: value" lines, an array (three item shapes), an object.
 */
function specificationsShape(specs: Draft['specs'], index: number): unknown {
  switch (index % 3) {
    case 0:
      return specs.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 1: {
      const itemShape = Math.floor(index / 3) % 3;
      return specs.map(([label, value]) =>
        itemShape === 0
          ? { key: label, value }
          : itemShape === 1
            ? { name: label, description: value }
            : { title: label, text: value },
      );
    }
    default:
      return Object.fromEntries(specs);
  }
}

function featuresShape(rng: Rng, draft: Draft): unknown {
  const roll = rng.next();
  if (roll < 0.15) return draft.features.join('\n');
  if (roll < 0.3 && draft.titledFeatures) {
    return draft.features.map((line) => {
      const [title, description] = splitLabel(line);
      return { title, description };
    });
  }
  return [...draft.features];
}

// ---------------------------------------------------------------------------------------
// Small helpers

function splitLabel(line: string): readonly [string, string] {
  const at = line.indexOf(': ');
  return at < 0 ? ['Feature', line] : [line.slice(0, at), line.slice(at + 2)];
}

function listJoin(items: readonly string[], conjunction = 'or'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '');
}

/** A valid EAN-13 (GS1 check digit) starting with `prefix`. */
export function ean13(rng: Rng, prefix: string): string {
  let body = prefix;
  while (body.length < 12) body += String(rng.int(0, 9));
  return body + ean13CheckDigit(body);
}

export function ean13CheckDigit(first12: string): string {
  const sum = first12
    .split('')
    .reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
}
