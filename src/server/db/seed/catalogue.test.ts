import { describe, expect, it } from 'vitest';
import {
  bestOffer,
  DEFAULT_SEED_NOW,
  ean13CheckDigit,
  generateCatalogue,
  type SeedProduct,
  shortModel,
  slugify,
} from '@/server/db/seed/catalogue';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES, PRICE_RANGES, resolveCategoryPath } from '@/shared/catalog';

const catalogue = generateCatalogue();
const { products, stores } = catalogue;
const storeBySlug = new Map(stores.map((s) => [s.slug, s]));
const DAY_MS = 86_400_000;
const MONEY = /^\d+\.\d{2}$/;

const ELECTRONICS_STORES = ['amazon-in', 'flipkart', 'croma', 'reliance-digital', 'vijay-sales', 'tata-cliq'];
const APPAREL_STORES = ['myntra', 'ajio', 'nykaa-fashion', 'amazon-in', 'flipkart'];

function specShape(spec: unknown): string {
  if (typeof spec === 'string') return 'string';
  if (Array.isArray(spec)) {
    const first = spec[0] as Record<string, unknown>;
    if ('key' in first) return 'array:key/value';
    if ('name' in first) return 'array:name/description';
    return 'array:title/text';
  }
  return 'object';
}

describe('generateCatalogue', () => {
  it('is deterministic', () => {
    expect(generateCatalogue()).toEqual(catalogue);
  });

  it('ends every history at the given now', () => {
    const now = new Date('2027-01-15T00:00:00Z');
    const shifted = generateCatalogue({ now });
    const shift = now.getTime() - DEFAULT_SEED_NOW.getTime();
    const a = products[0]?.offers[0]?.history ?? [];
    const b = shifted.products[0]?.offers[0]?.history ?? [];
    expect(b.map((p) => p.at.getTime() - shift)).toEqual(a.map((p) => p.at.getTime()));
    expect(b.map((p) => p.price)).toEqual(a.map((p) => p.price));
  });

  it('has at least 10 products in every electronics subcategory and apparel sub-subcategory', () => {
    for (const sub of ELECTRONICS_SUBCATEGORIES) {
      const inLeaf = products.filter((p) => p.category === 'electronics' && p.subcategory === sub);
      expect(inLeaf.length, sub).toBeGreaterThanOrEqual(10);
      expect(inLeaf.every((p) => p.subSubcategory === null)).toBe(true);
    }
    for (const group of APPAREL_GROUPS) {
      for (const leaf of group.children) {
        const inLeaf = products.filter(
          (p) => p.category === 'ladies-apparels' && p.subcategory === group.slug && p.subSubcategory === leaf,
        );
        expect(inLeaf.length, leaf).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it('puts every product on a valid category path', () => {
    for (const p of products) {
      const path = [p.category, p.subcategory, ...(p.subSubcategory ? [p.subSubcategory] : [])];
      expect(resolveCategoryPath(path), path.join('/')).not.toBeNull();
    }
  });

  it('gives every product a unique, url-safe slug', () => {
    const slugs = products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('lists the stores the offers use, with https homepages', () => {
    expect(stores.map((s) => s.slug).sort()).toEqual([...new Set([...ELECTRONICS_STORES, ...APPAREL_STORES])].sort());
    for (const store of stores) expect(store.homepage).toMatch(/^https:\/\/www\.[a-z.]+$/);
  });

  it('gives each product 2-4 offers from distinct stores of its category', () => {
    for (const p of products) {
      const slugs = p.offers.map((o) => o.storeSlug);
      expect(slugs.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(slugs.length, p.slug).toBeLessThanOrEqual(4);
      expect(new Set(slugs).size, p.slug).toBe(slugs.length);
      const allowed = p.category === 'electronics' ? ELECTRONICS_STORES : APPAREL_STORES;
      for (const slug of slugs) expect(allowed, p.slug).toContain(slug);
    }
  });

  it('prices offers sensibly: money strings, original >= current, a plausible spread', () => {
    for (const p of products) {
      for (const o of p.offers) {
        expect(o.currentPrice).toMatch(MONEY);
        expect(o.originalPrice).toMatch(MONEY);
        expect(Number(o.currentPrice)).toBeGreaterThan(0);
        expect(Number(o.originalPrice)).toBeGreaterThanOrEqual(Number(o.currentPrice));
      }
      const prices = p.offers.map((o) => Number(o.currentPrice));
      expect(Math.max(...prices) / Math.min(...prices), p.slug).toBeLessThan(1.15);
    }
    // Some offers show no discount at all.
    expect(products.some((p) => p.offers.some((o) => o.originalPrice === o.currentPrice))).toBe(true);
  });

  it('keeps stock, shipping and affiliate links consistent', () => {
    const offers = products.flatMap((p) => p.offers);
    for (const p of products) expect(p.offers.some((o) => o.inStock), p.slug).toBe(true);
    for (const o of offers) {
      if (o.inStock) expect(o.stockQuantity).toBeGreaterThan(0);
      else expect(o.stockQuantity).toBe(0);
      if (o.freeShipping) expect(o.shippingCost).toBe('0.00');
      if (o.shippingCost !== null) expect(o.shippingCost).toMatch(MONEY);
      if (o.affiliateUrl !== null) {
        const homepage = storeBySlug.get(o.storeSlug)?.homepage;
        expect(new URL(o.affiliateUrl).hostname).toBe(new URL(homepage ?? 'https://invalid').hostname);
      }
    }
    expect(offers.some((o) => !o.inStock)).toBe(true);
    expect(offers.some((o) => o.affiliateUrl === null)).toBe(true);
    expect(offers.some((o) => o.shippingCost === null)).toBe(true);
    expect(offers.some((o) => !o.freeShipping && o.shippingCost !== null)).toBe(true);
  });

  it('keeps 90-day histories: oldest first, last = current, only changes, within the window', () => {
    const now = DEFAULT_SEED_NOW.getTime();
    let withMoves = 0;
    let total = 0;
    for (const p of products) {
      for (const o of p.offers) {
        total++;
        const h = o.history;
        expect(h.length, p.slug).toBeGreaterThanOrEqual(1);
        expect(h[0]?.at.getTime()).toBe(now - 90 * DAY_MS);
        expect(h[h.length - 1]?.price).toBe(o.currentPrice);
        for (let i = 0; i < h.length; i++) {
          const point = h[i];
          if (!point) continue;
          expect(point.price).toMatch(MONEY);
          expect(point.at.getTime()).toBeLessThanOrEqual(now);
          // Nothing sells above the offer's MRP.
          expect(Number(point.price)).toBeLessThanOrEqual(Number(o.originalPrice));
          const previous = h[i - 1];
          if (previous) {
            expect(point.at.getTime()).toBeGreaterThan(previous.at.getTime());
            expect(point.price).not.toBe(previous.price);
          }
        }
        if (h.length > 2) withMoves++;
      }
    }
    // Real moves, not flat lines.
    expect(withMoves / total).toBeGreaterThan(0.8);
  });

  it('includes fake sales: a raise followed by a "discount" back down', () => {
    const fake = products.flatMap((p) => p.offers).filter((o) => {
      const prices = o.history.map((h) => Number(h.price));
      return prices.some((price, i) => {
        const before = prices[i - 1];
        const after = prices[i + 1];
        return before !== undefined && after !== undefined && price > before * 1.1 && after < price * 0.92;
      });
    });
    expect(fake.length).toBeGreaterThan(10);
  });

  it('populates every price-filter range with products', () => {
    for (const range of PRICE_RANGES) {
      if (range.value === 'all') continue;
      const inRange = products.filter((p) => {
        const price = Number(bestOffer(p.offers).currentPrice);
        return price >= (range.min ?? 0) && (range.max === null || price < range.max);
      });
      expect(inRange.length, range.value).toBeGreaterThanOrEqual(5);
    }
  });

  it('rotates specifications through all the shapes SPEC point 3 allows', () => {
    const shapes = new Set(products.map((p) => specShape(p.specifications)));
    expect([...shapes].sort()).toEqual(
      ['array:key/value', 'array:name/description', 'array:title/text', 'object', 'string'].sort(),
    );
    for (const p of products) {
      const spec = p.specifications;
      if (typeof spec === 'string') for (const line of spec.split('\n')) expect(line).toMatch(/^[^:]+: .+/);
      else if (Array.isArray(spec)) expect(spec.length).toBeGreaterThan(4);
      else expect(Object.keys(spec as object).length).toBeGreaterThan(4);
    }
  });

  it('uses mostly string[] features with some newline strings and titled objects', () => {
    const kinds = products.map((p) =>
      typeof p.features === 'string'
        ? 'string'
        : Array.isArray(p.features) && typeof p.features[0] === 'object'
          ? 'titled'
          : 'list',
    );
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    expect(count('list')).toBeGreaterThan(products.length / 2);
    expect(count('string')).toBeGreaterThan(0);
    expect(count('titled')).toBeGreaterThan(0);
  });

  it('flags about 1 in 10 products as trending', () => {
    const share = products.filter((p) => p.trending).length / products.length;
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.15);
  });

  it('fills the display fields within their ranges', () => {
    for (const p of products) {
      expect(p.rating).toBeGreaterThanOrEqual(3);
      expect(p.rating).toBeLessThanOrEqual(4.9);
      expect(Math.round(p.rating * 10)).toBeCloseTo(p.rating * 10, 6);
      expect(p.reviewCount).toBeGreaterThan(0);
      expect(p.galleryCount).toBeGreaterThanOrEqual(2);
      expect(p.galleryCount).toBeLessThanOrEqual(4);
      expect(p.color).toMatch(/^#[0-9a-f]{6}$/);
      const highlights = p.highlights.split('\n');
      expect(highlights.length, p.slug).toBeGreaterThanOrEqual(4);
      expect(highlights.length, p.slug).toBeLessThanOrEqual(6);
      const sentences = p.description.split(/(?<=\.)\s+(?=[A-Z])/);
      expect(sentences.length, p.description).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.description).toBeLessThanOrEqual(4);
      if (p.videoUrl !== null) expect(p.videoUrl).toBe(`/api/media/video/${p.slug}.mp4`);
      if (p.gtin !== null) {
        expect(p.gtin).toMatch(/^\d{13}$/);
        expect(p.gtin.slice(12)).toBe(ean13CheckDigit(p.gtin.slice(0, 12)));
      }
    }
    const withVideo = products.filter((p) => p.videoUrl !== null).length;
    expect(withVideo).toBeGreaterThan(0);
    expect(withVideo).toBeLessThan(products.length * 0.06);
  });

  it('starts variants at the best offer price and never below it', () => {
    const withVariants = products.filter((p) => p.variants.length > 0);
    expect(withVariants.length).toBeGreaterThan(products.length / 2);
    for (const p of withVariants) {
      const best = bestOffer(p.offers);
      expect(p.variants[0]?.price).toBe(best.currentPrice);
      for (const v of p.variants) {
        expect(Number(v.price)).toBeGreaterThanOrEqual(Number(best.currentPrice));
        expect(Number(v.originalPrice)).toBeGreaterThanOrEqual(Number(v.price));
      }
    }
    const phones = products.filter((p) => p.subcategory === 'mobiles');
    expect(phones.every((p) => p.variants.some((v) => /GB|TB/.test(v.name)))).toBe(true);
    const kurtas = products.filter((p) => p.subSubcategory === 'kurtas-suits');
    expect(kurtas.some((p) => p.variants.some((v) => v.name === 'M'))).toBe(true);
  });

  it('prices kinds like the Indian market does', () => {
    const range = (filter: (p: SeedProduct) => boolean) => {
      const prices = products.filter(filter).map((p) => Number(bestOffer(p.offers).currentPrice));
      return [Math.min(...prices), Math.max(...prices)];
    };
    const [phoneMin, phoneMax] = range((p) => p.kind === 'phone');
    expect(phoneMin).toBeGreaterThanOrEqual(8000);
    expect(phoneMax).toBeLessThanOrEqual(150000);
    const [kurtaMin, kurtaMax] = range((p) => p.subSubcategory === 'kurtas-suits');
    expect(kurtaMin).toBeGreaterThanOrEqual(350);
    expect(kurtaMax).toBeLessThanOrEqual(6500);
    const [sareeMin, sareeMax] = range((p) => p.kind === 'saree');
    expect(sareeMin).toBeGreaterThanOrEqual(600);
    expect(sareeMax).toBeLessThanOrEqual(15000);
  });
});

describe('helpers', () => {
  it('slugifies store titles', () => {
    expect(slugify("Levi's Women Blue Shirt & Trousers Co-ord Set")).toBe('levis-women-blue-shirt-and-trousers-co-ord-set');
  });

  it('shortens store titles to model names', () => {
    expect(shortModel('Pavilion 15 Laptop (13th Gen Intel Core i5)')).toBe('Pavilion 15');
    expect(shortModel('108 cm (43 inch) UR7500 4K Ultra HD Smart LED TV')).toBe('UR7500 4K Ultra HD');
    expect(shortModel('Galaxy S25 Ultra 5G')).toBe('Galaxy S25 Ultra 5G');
  });

  it('computes GS1 check digits', () => {
    expect(ean13CheckDigit('400638133393')).toBe('1');
    expect(ean13CheckDigit('890123456789')).toBe('0');
  });
});
