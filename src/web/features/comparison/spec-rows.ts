import { DEFAULT_SPEC_LABEL, readSpecifications, type SpecificationEntry } from '@/shared/specifications';

export type SpecRow = {
  /** Stable key: the label, with a counter when one product repeats it. */
  key: string;
  label: string;
  /** One value per product, in the products' order; null where the product doesn't list it. */
  values: (string | null)[];
  /** True when at least two products are compared and their values are not all the same. */
  differs: boolean;
};

// "Display: 6.1 inch" inside an unlabelled entry: the label is short and has no sentence punctuation.
const LABELLED_LINE = /^([^:.!?]{1,40}):\s*(\S.*)$/;

/**
 * A product's specifications as label/value pairs. Feeds often send "Label: value" lines, which SPEC 3 reads
 * as entries labelled "Feature"; for lining products up, such a line is split back into its label and value.
 */
export function labelledSpecifications(raw: unknown): SpecificationEntry[] {
  return readSpecifications(raw).map((entry) => {
    if (entry.label !== DEFAULT_SPEC_LABEL) return entry;
    const match = LABELLED_LINE.exec(entry.value);
    return match?.[1] && match[2] ? { label: match[1].trim(), value: match[2].trim() } : entry;
  });
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const labelKey = (label: string) => normalise(label);

/**
 * Lines up the products' specifications side by side: one row per label (first-seen order, labels matched
 * case-insensitively), a product that repeats a label (several "Feature" entries) gets one row per repeat.
 */
export function specificationRows(products: readonly { specifications: unknown }[]): SpecRow[] {
  const rows = new Map<string, { label: string; values: (string | null)[] }>();
  products.forEach((product, column) => {
    const seen = new Map<string, number>();
    for (const entry of labelledSpecifications(product.specifications)) {
      const base = labelKey(entry.label);
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const key = count === 1 ? base : `${base}#${count}`;
      let row = rows.get(key);
      if (!row) {
        row = { label: entry.label, values: products.map(() => null) };
        rows.set(key, row);
      }
      row.values[column] = entry.value;
    }
  });
  return [...rows.entries()].map(([key, row]) => ({
    key,
    label: row.label,
    values: row.values,
    differs: products.length > 1 && new Set(row.values.map((value) => (value === null ? null : normalise(value)))).size > 1,
  }));
}
