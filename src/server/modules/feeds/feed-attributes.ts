/**
 * A feed item's typed attributes (issue 15): its `product_detail` entries, `size`, `color`, `material`,
 * `gender` and `age_group`, and, where the feed names no details, what its title says ("(8GB RAM, 128GB)").
 * Staged as JSON with snake_case keys, read back by jsonb_to_recordset in the import.
 */
import { attributesFromTitle, mergeAttributes, type ProductAttribute, toAttribute } from '@/shared/attributes';
import type { FeedItem } from './feed-item';

export type StagedAttribute = { name: string; label: string; value: string; value_key: string; unit: string | null; num: number | null };

export function feedItemAttributes(item: Pick<FeedItem, 'title' | 'details' | 'size' | 'color' | 'material' | 'gender' | 'ageGroup'>): StagedAttribute[] {
  const one = (label: string, value: string | null) => (value === null ? [] : [toAttribute(label, value)].filter((a): a is ProductAttribute => a !== null));
  const fromDetails = item.details.flatMap((detail) => one(detail.name, detail.value));
  const fields = [
    ...one('Size', item.size),
    ...one('Colour', item.color),
    ...one('Material', item.material),
    ...one('Gender', item.gender),
    ...one('Age Group', item.ageGroup),
  ];
  // The title fills in only what the details leave out.
  const named = new Set([...fromDetails, ...fields].map((a) => a.name));
  const fromTitle = attributesFromTitle(item.title).filter((a) => !named.has(a.name));
  return mergeAttributes(fromDetails, fields, fromTitle).map((a) => ({
    name: a.name,
    label: a.label,
    value: a.value,
    value_key: a.valueKey,
    unit: a.unit,
    num: a.num,
  }));
}
