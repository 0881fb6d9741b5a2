import { describe, expect, it } from 'vitest';
import { readFeatures, readSpecifications } from '@/shared/specifications';
import { readHighlights } from '@/shared/text-lines';

describe('readSpecifications', () => {
  it('splits a plain string by line into Feature entries, skipping blanks', () => {
    expect(readSpecifications('8 GB RAM\r\n\n  128 GB storage  \nDisplay: 6.1 inch\n')).toEqual([
      { label: 'Feature', value: '8 GB RAM' },
      { label: 'Feature', value: '128 GB storage' },
      { label: 'Feature', value: 'Display: 6.1 inch' },
    ]);
  });

  it('reads array items by key/name/title and value/description/text', () => {
    expect(
      readSpecifications([
        { key: 'RAM', value: '8 GB' },
        { name: 'Weight', description: '180 g' },
        { title: 'Battery', text: 5000 },
        { name: 'Colour', value: ['Black', 'Blue'] },
        { name: 'Waterproof', value: true },
      ]),
    ).toEqual([
      { label: 'RAM', value: '8 GB' },
      { label: 'Weight', value: '180 g' },
      { label: 'Battery', value: '5000' },
      { label: 'Colour', value: 'Black, Blue' },
      { label: 'Waterproof', value: 'Yes' },
    ]);
  });

  it('labels array strings and half-filled items as Feature', () => {
    expect(readSpecifications(['Dual SIM', '  ', { value: '5G' }, { name: 'NFC' }, { name: '', value: '' }])).toEqual([
      { label: 'Feature', value: 'Dual SIM' },
      { label: 'Feature', value: '5G' },
      { label: 'Feature', value: 'NFC' },
    ]);
  });

  it('reads an array item without known keys as a map, and flattens nested arrays', () => {
    expect(readSpecifications([{ RAM: '8 GB', ROM: '' }, [['Nested']]])).toEqual([
      { label: 'RAM', value: '8 GB' },
      { label: 'Feature', value: 'Nested' },
    ]);
  });

  it('reads an object as label → value entries', () => {
    expect(
      readSpecifications({ Brand: 'Acme', Weight: 1.5, Empty: '', Missing: null, Dimensions: { w: 10, h: 20 } }),
    ).toEqual([
      { label: 'Brand', value: 'Acme' },
      { label: 'Weight', value: '1.5' },
      { label: 'Dimensions', value: 'w: 10; h: 20' },
    ]);
  });

  it('reads JSON strings as arrays or objects', () => {
    expect(readSpecifications('[{"key":"RAM","value":"8 GB"}]')).toEqual([{ label: 'RAM', value: '8 GB' }]);
    expect(readSpecifications(' {"Brand":"Acme"} ')).toEqual([{ label: 'Brand', value: 'Acme' }]);
  });

  it('treats broken JSON-looking text as plain lines', () => {
    expect(readSpecifications('[not json')).toEqual([{ label: 'Feature', value: '[not json' }]);
    expect(readSpecifications('"quoted"')).toEqual([{ label: 'Feature', value: '"quoted"' }]);
  });

  it('reads its own output back unchanged', () => {
    const entries = [{ label: 'RAM', value: '8 GB' }];
    expect(readSpecifications(entries)).toEqual(entries);
  });

  it('yields nothing for empty or unusable input', () => {
    for (const raw of [null, undefined, '', '   \n ', [], {}, 42, true, '[]', '{}']) {
      expect(readSpecifications(raw)).toEqual([]);
    }
  });

  it('survives deep nesting', () => {
    let deep: unknown = ['x'];
    for (let i = 0; i < 1000; i += 1) deep = [deep];
    expect(readSpecifications(deep)).toEqual([]);
  });
});

describe('readFeatures', () => {
  it('reads an array of strings, trimmed and without blanks', () => {
    expect(readFeatures([' Fast charging ', '', 'AMOLED'])).toEqual(['Fast charging', 'AMOLED']);
  });

  it('reads objects as "title: description"', () => {
    expect(
      readFeatures([
        { title: 'Camera', description: '50 MP' },
        { name: 'Battery', value: '5000 mAh' },
        { key: 'Charging', text: '65 W' },
        { title: 'Only a title' },
        { description: 'Only a text' },
        { Stereo: 'Dolby' },
      ]),
    ).toEqual(['Camera: 50 MP', 'Battery: 5000 mAh', 'Charging: 65 W', 'Only a title', 'Only a text', 'Stereo: Dolby']);
  });

  it('splits newline strings and drops leading bullets', () => {
    expect(readFeatures('• Water resistant\n- Dual SIM\n\n* 5G\n-20°C rated')).toEqual([
      'Water resistant',
      'Dual SIM',
      '5G',
      '-20°C rated',
    ]);
  });

  it('reads JSON strings', () => {
    expect(readFeatures('["A","B"]')).toEqual(['A', 'B']);
    expect(readFeatures('[{"title":"A","description":"B"}]')).toEqual(['A: B']);
  });

  it('reads an object as key lines, flags as their key', () => {
    expect(readFeatures({ 'Fast charging': '65 W', 'Water resistant': true, NFC: false, Empty: '' })).toEqual([
      'Fast charging: 65 W',
      'Water resistant',
    ]);
  });

  it('yields nothing for empty or unusable input', () => {
    for (const raw of [null, undefined, '', '\n\n', [], {}, 0, false]) {
      expect(readFeatures(raw)).toEqual([]);
    }
  });
});

describe('readHighlights', () => {
  it('splits, trims and drops blank lines', () => {
    expect(readHighlights('  One \r\n\nTwo\n   \nThree')).toEqual(['One', 'Two', 'Three']);
  });

  it('is empty for nothing', () => {
    expect(readHighlights(null)).toEqual([]);
    expect(readHighlights(undefined)).toEqual([]);
    expect(readHighlights('')).toEqual([]);
  });
});
