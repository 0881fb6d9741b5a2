import { describe, expect, it } from 'vitest';
import type { TypedAttribute } from '@/shared/contracts/product';
import { attributeRows } from './attribute-rows';

const phone = (id: number) => ({ id, category: 'electronics', subcategory: 'mobiles', subSubcategory: null });
const attr = (name: string, value: string, num: number | null = null): TypedAttribute => ({
  name,
  label: name,
  value,
  valueKey: value.toLowerCase().replace(/\s+/g, '-'),
  unit: null,
  num,
});

describe('attributeRows', () => {
  it('lines up the category facets in configured order, marks differing rows, and leaves out what nobody has', () => {
    const attributes = new Map([
      [1, [attr('storage', '256 GB', 256), attr('storage', '128 GB', 128), attr('ram', '8 GB', 8), attr('network', '5G', 5)]],
      [2, [attr('ram', '8 GB', 8), attr('storage', '128 GB', 128), attr('country-of-origin', 'India')]],
    ]);
    expect(attributeRows([phone(1), phone(2)], attributes)).toEqual([
      { name: 'ram', label: 'RAM', values: ['8 GB', '8 GB'], differs: false },
      { name: 'storage', label: 'Storage', values: ['128 GB, 256 GB', '128 GB'], differs: true },
      { name: 'network', label: 'Network', values: ['5G', null], differs: true },
    ]);
  });

  it('never marks a difference with one product', () => {
    expect(attributeRows([phone(1)], new Map([[1, [attr('ram', '8 GB', 8)]]]))).toEqual([{ name: 'ram', label: 'RAM', values: ['8 GB'], differs: false }]);
  });
});
