import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '@/server/db/seed/catalogue';
import { escapeXml, renderProductSvg, SHOT_COUNT } from '@/server/db/seed/product-image';

/** Strict XML parse (well-formedness and namespaces); throws on the first error. */
function parseXml(xml: string): { root: string; xmlns: string | undefined } {
  const parser = new SaxesParser({ xmlns: true });
  let root = '';
  let xmlns: string | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    if (!root) {
      root = tag.local;
      xmlns = tag.uri;
    }
  });
  parser.write(xml).close();
  return { root, xmlns };
}

const { products } = generateCatalogue();
// One product per kind keeps the test quick while covering every drawing.
const byKind = [...new Map(products.map((p) => [p.kind, p])).values()];

describe('renderProductSvg', () => {
  it('draws every kind in the catalogue as small, well-formed SVG', () => {
    expect(byKind.length).toBeGreaterThan(40);
    for (const product of byKind) {
      for (let variant = 0; variant < SHOT_COUNT; variant++) {
        const svg = renderProductSvg({ ...product, variant });
        expect(svg.startsWith('<svg'), product.kind).toBe(true);
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(Buffer.byteLength(svg), `${product.kind} v${variant}`).toBeLessThan(4096);
        expect(parseXml(svg)).toEqual({ root: 'svg', xmlns: 'http://www.w3.org/2000/svg' });
      }
    }
  });

  it('stays under 4 KB for every product and gallery shot', () => {
    for (const product of products) {
      // The main image (0) and the gallery (1..galleryCount).
      for (let variant = 0; variant <= product.galleryCount; variant++) {
        expect(Buffer.byteLength(renderProductSvg({ ...product, variant })), product.slug).toBeLessThan(4096);
      }
    }
  });

  it('makes the gallery shots differ from the main image and from each other', () => {
    expect(Math.max(...products.map((p) => p.galleryCount))).toBeLessThan(SHOT_COUNT);
    for (const product of byKind) {
      const shots = Array.from({ length: SHOT_COUNT }, (_, variant) => renderProductSvg({ ...product, variant }));
      expect(new Set(shots).size, product.kind).toBe(SHOT_COUNT);
    }
  });

  it('draws different kinds differently and uses the product colour', () => {
    const base = { name: 'Demo', brand: 'Demo', color: '#3366cc', variant: 0 };
    const phone = renderProductSvg({ ...base, kind: 'phone' });
    const saree = renderProductSvg({ ...base, kind: 'saree' });
    expect(phone).not.toBe(saree);
    expect(phone).toContain('#3366cc');
    expect(saree).toContain('#3366cc');
  });

  it('escapes text so names with & < > quotes stay valid XML', () => {
    const svg = renderProductSvg({
      name: 'Libas Women Kurta with Palazzos & Dupatta <Set> "Festive"',
      brand: "H&M's",
      kind: 'kurta-set',
      color: '#1f7a7a',
      variant: 0,
    });
    expect(svg).toContain('&amp;');
    expect(svg).toContain('H&amp;M&apos;S');
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(() => parseXml(svg)).not.toThrow();
  });

  it('copes with unknown kinds, odd colours and out-of-range variants', () => {
    for (const input of [
      { name: 'Mystery', brand: 'X', kind: 'hovercraft', color: 'not-a-colour', variant: 7 },
      { name: 'Short', brand: 'Y', kind: 'tv', color: '#fff', variant: -1 },
    ]) {
      const svg = renderProductSvg(input);
      expect(() => parseXml(svg)).not.toThrow();
    }
  });
});

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
  });
});
