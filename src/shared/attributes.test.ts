import { describe, expect, it } from 'vitest';
import { attributesFromTitle, parseQuantity, productAttributes, toAttribute } from './attributes';

describe('units parse', () => {
  it.each(['8 GB', '8GB', '8 gb', '8gb', ' 8  Gb '])('%j is 8 GB', (text) => {
    expect(parseQuantity(text)).toEqual({ num: 8, unit: 'GB' });
    expect(toAttribute('RAM', text)).toMatchObject({ name: 'ram', value: '8 GB', valueKey: '8-gb', unit: 'GB', num: 8 });
  });

  it('reads batteries, screens and terabytes in their base unit', () => {
    expect(toAttribute('Battery', '5000 mAh, 45W wired charging')).toMatchObject({ name: 'battery', value: '5000 mAh', num: 5000, unit: 'mAh' });
    expect(toAttribute('Battery Capacity', '5000mAh')).toMatchObject({ name: 'battery', valueKey: '5000-mah', num: 5000 });
    expect(toAttribute('Display', '6.9-inch QHD+ Dynamic AMOLED 2X, 120Hz')).toMatchObject({ name: 'screen-size', value: '6.9 inch', num: 6.9 });
    expect(toAttribute('Screen Size', '17.02 cm')).toMatchObject({ name: 'screen-size', num: 6.7 });
    expect(toAttribute('Internal Storage', '1 TB')).toMatchObject({ name: 'storage', value: '1 TB', valueKey: '1-tb', num: 1024 });
  });

  it('keeps text values as text, and names unknown labels by their slug', () => {
    expect(toAttribute('Colour', 'Titanium Black')).toMatchObject({ name: 'colour', value: 'Titanium Black', valueKey: 'titanium-black', num: null });
    expect(toAttribute('Country of Origin', 'India')).toMatchObject({ name: 'country-of-origin', valueKey: 'india' });
    expect(toAttribute('Color', 'Red')?.name).toBe('colour');
    expect(toAttribute('RAM', '   ')).toBeNull();
  });
});

describe('attributes from titles', () => {
  it('reads "(8GB RAM, 128GB)", "12 GB + 256 GB", mAh and 5G', () => {
    const byName = (title: string) => Object.fromEntries(attributesFromTitle(title).map((a) => [a.name, a.value]));
    expect(byName('Redmi Note 14 5G (Titan Black, 8GB RAM, 128GB)')).toEqual({ ram: '8 GB', storage: '128 GB', network: '5G' });
    expect(byName('Samsung Galaxy M35 5G 6000mAh (12 GB + 256 GB)')).toEqual({ ram: '12 GB', storage: '256 GB', battery: '6000 mAh', network: '5G' });
    expect(byName('Apple iPhone 16 (256 GB) - Black')).toEqual({ storage: '256 GB' });
    expect(byName('Floral Midi Dress')).toEqual({});
  });
});

describe('a catalogue product', () => {
  it('gets every specification, whatever its shape, plus variant memory and sizes', () => {
    const lines = productAttributes({ name: 'Acme X1 5G', specifications: 'Brand: Acme\nBattery: 5000 mAh\nRAM: 8 GB', variants: [{ name: '8 GB + 128 GB' }, { name: '12 GB + 256 GB' }] });
    expect(lines.filter((a) => a.name === 'ram').map((a) => a.value)).toEqual(['8 GB', '12 GB']);
    expect(lines.filter((a) => a.name === 'storage').map((a) => a.value)).toEqual(['128 GB', '256 GB']);
    expect(lines.find((a) => a.name === 'battery')?.num).toBe(5000);
    expect(lines.find((a) => a.name === 'network')?.value).toBe('5G');
    const dress = productAttributes({ name: 'Dress', specifications: [{ key: 'Fabric', value: 'Georgette' }], variants: [{ name: 'S' }, { name: 'M' }, { name: 'Waist 30' }], kind: 'apparel' });
    expect(dress.map((a) => `${a.name}=${a.valueKey}`)).toEqual(['size=s', 'size=m', 'size=waist-30', 'fabric=georgette']);
  });
});
