import { describe, expect, it } from 'vitest';
import { defaultCategoryMappings, normalizeCategoryPath, parseCatalogPath } from './category-mapping';
import { baseTitle, variantLabel } from './item-naming';

describe('category paths', () => {
  it('normalises case, spacing and separators', () => {
    expect(normalizeCategoryPath('Apparel & Accessories>Clothing >  Dresses ')).toBe('apparel & accessories > clothing > dresses');
    expect(normalizeCategoryPath(['Electronics', ' Mobiles'])).toBe('electronics > mobiles');
    expect(normalizeCategoryPath(' > ')).toBeNull();
    expect(normalizeCategoryPath(null)).toBeNull();
  });

  it('reads catalogue paths, with apparels as an alias, and rejects what the catalogue does not have', () => {
    expect(parseCatalogPath('electronics/mobiles')).toEqual({ category: 'electronics', subcategory: 'mobiles', subSubcategory: null });
    expect(parseCatalogPath('apparels/western-wear/dresses')).toEqual({
      category: 'ladies-apparels',
      subcategory: 'western-wear',
      subSubcategory: 'dresses',
    });
    expect(parseCatalogPath('electronics/garden')).toBeNull();
    expect(parseCatalogPath('ladies-apparels/western-wear/sarees')).toBeNull();
  });

  it('seeds mappings for Google’s taxonomy and the catalogue’s own names, all into real catalogue paths', () => {
    const mappings = new Map(defaultCategoryMappings().map((m) => [m.source, m]));
    expect(mappings.get('electronics > communications > telephony > mobile phones')).toMatchObject({ category: 'electronics', subcategory: 'mobiles' });
    expect(mappings.get('electronics > video > televisions')).toMatchObject({ subcategory: 'home-theater-tv-video' });
    expect(mappings.get('apparel & accessories > clothing > dresses')).toMatchObject({
      category: 'ladies-apparels',
      subcategory: 'western-wear',
      subSubcategory: 'dresses',
    });
    expect(mappings.get('apparel & accessories > clothing > kurtas & suits')).toMatchObject({ subcategory: 'indian-fusion-wear' });
    expect(mappings.get('apparel & accessories > clothing > jackets')).toMatchObject({ subSubcategory: 'jackets' });
    expect(mappings.get('apparel & accessories > clothing > jackets & coats')).toMatchObject({ subSubcategory: 'jackets-coats' });
    // A broad path is not guessed into a subcategory.
    expect(mappings.has('apparel & accessories > clothing')).toBe(false);
    expect(mappings.has('electronics')).toBe(false);
  });
});

describe('variant naming', () => {
  it('labels grouped items by colour and size', () => {
    expect(variantLabel({ itemGroupId: 'G', color: 'Maroon', size: 'M', title: 't' })).toBe('Maroon / M');
    expect(variantLabel({ itemGroupId: 'G', color: null, size: 'XL', title: 't' })).toBe('XL');
    expect(variantLabel({ itemGroupId: 'G', color: null, size: null, title: 'Blue 128GB' })).toBe('Blue 128GB');
    expect(variantLabel({ itemGroupId: null, color: 'Maroon', size: 'M', title: 't' })).toBeNull();
  });

  it('names the group’s product without the colour and size its titles end in', () => {
    expect(baseTitle('Libas Women Floral Print A-Line Dress - Maroon, S', 'Maroon', 'S')).toBe('Libas Women Floral Print A-Line Dress');
    expect(baseTitle('Libas Dress - Maroon, Size XL', 'Maroon', 'XL')).toBe('Libas Dress');
    expect(baseTitle('Redmi Note 13 (Gen 2) 8GB RAM, Black', 'Black', null)).toBe('Redmi Note 13 (Gen 2) 8GB RAM');
    expect(baseTitle('OnePlus Nord CE4 (Celadon Marble)', 'Celadon Marble', null)).toBe('OnePlus Nord CE4');
    // "S" must not eat the end of "Dress"; titles without the tokens stay as they are.
    expect(baseTitle('Floral Dress', 'Red', 'S')).toBe('Floral Dress');
    expect(baseTitle('Maroon', 'Maroon', null)).toBe('Maroon');
  });
});
