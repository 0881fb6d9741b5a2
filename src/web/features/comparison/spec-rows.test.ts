import { describe, expect, it } from 'vitest';
import { labelledSpecifications, specificationRows } from './spec-rows';

describe('labelledSpecifications', () => {
  it('splits "Label: value" lines that SPEC 3 labels "Feature"', () => {
    expect(labelledSpecifications('Display: 6.1 inch\nWater resistant')).toEqual([
      { label: 'Display', value: '6.1 inch' },
      { label: 'Feature', value: 'Water resistant' },
    ]);
  });

  it('keeps labelled entries and sentences with colons late in them', () => {
    expect(labelledSpecifications([{ key: 'RAM', value: '8 GB' }])).toEqual([{ label: 'RAM', value: '8 GB' }]);
    expect(labelledSpecifications('Great phone. Note: ships late')).toEqual([{ label: 'Feature', value: 'Great phone. Note: ships late' }]);
  });
});

describe('specificationRows', () => {
  it('lines up the three shapes by label, marks differing rows, and leaves gaps as null', () => {
    const rows = specificationRows([
      { specifications: 'Display: 6.1 inch\nRAM: 8 GB' },
      { specifications: [{ name: 'display', description: '6.1  inch' }, { title: 'Battery', text: '5000 mAh' }] },
      { specifications: { Display: '6.7 inch', RAM: '8 GB' } },
    ]);
    expect(rows).toEqual([
      { key: 'display', label: 'Display', values: ['6.1 inch', '6.1  inch', '6.7 inch'], differs: true },
      { key: 'ram', label: 'RAM', values: ['8 GB', null, '8 GB'], differs: true },
      { key: 'battery', label: 'Battery', values: [null, '5000 mAh', null], differs: true },
    ]);
  });

  it('treats values equal ignoring case and spacing as the same', () => {
    const rows = specificationRows([{ specifications: { OS: 'Android 15' } }, { specifications: { os: 'android  15' } }]);
    expect(rows).toEqual([{ key: 'os', label: 'OS', values: ['Android 15', 'android  15'], differs: false }]);
  });

  it('gives repeated labels a row each and never marks a single product as differing', () => {
    const rows = specificationRows([{ specifications: ['Water resistant', 'Fast charging'] }]);
    expect(rows.map((row) => [row.key, row.values[0], row.differs])).toEqual([
      ['feature', 'Water resistant', false],
      ['feature#2', 'Fast charging', false],
    ]);
  });
});
