/**
 * Lenient readers for product text fields that feeds deliver in many shapes (SPEC 3):
 * specifications and features may be a plain string, a JSON string, an array or an
 * object. They never throw: anything unreadable yields no entries.
 */

import { splitLines } from '@/shared/text-lines';

export type SpecificationEntry = { label: string; value: string };

/** Label SPEC 3 gives to entries that carry no label of their own. */
export const DEFAULT_SPEC_LABEL = 'Feature';

// Guards against pathological nesting ([[[[...]]]]) in untrusted feed data.
const MAX_DEPTH = 8;

const LABEL_KEYS = ['key', 'name', 'title', 'label'] as const;
const VALUE_KEYS = ['value', 'description', 'text'] as const;
const FEATURE_TITLE_KEYS = ['title', 'name', 'key', 'label'] as const;
const FEATURE_TEXT_KEYS = ['description', 'value', 'text'] as const;

/**
 * Reads specifications:
 * - a string holding a JSON array or object is read as that array or object;
 * - any other string is split by line, each non-blank line an entry labelled "Feature"
 *   (the whole trimmed line is the value, as SPEC 3 says);
 * - array items: strings become "Feature" entries; objects take their label from
 *   key/name/title/label and their value from value/description/text (a missing label
 *   becomes "Feature"; only a label makes it the value of a "Feature" entry; neither
 *   reads the item as a label → value map); nested arrays are flattened;
 * - an object is a label → value map, one entry per key with a non-empty value.
 * Values are trimmed text: booleans read "Yes"/"No", arrays join with ", ".
 * The output shape reads back unchanged.
 */
export function readSpecifications(raw: unknown): SpecificationEntry[] {
  return readSpecs(raw, 0);
}

function readSpecs(raw: unknown, depth: number): SpecificationEntry[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof raw === 'string') {
    const parsed = parseJsonContainer(raw);
    if (parsed !== undefined) return readSpecs(parsed, depth + 1);
    return splitLines(raw).map((line) => ({ label: DEFAULT_SPEC_LABEL, value: line }));
  }
  if (Array.isArray(raw)) return raw.flatMap((item) => readSpecItem(item, depth + 1));
  if (isRecord(raw)) return mapEntries(raw);
  return [];
}

function readSpecItem(item: unknown, depth: number): SpecificationEntry[] {
  if (depth > MAX_DEPTH) return [];
  if (Array.isArray(item)) return item.flatMap((inner) => readSpecItem(inner, depth + 1));
  if (isRecord(item)) {
    const label = firstText(item, LABEL_KEYS);
    const value = firstText(item, VALUE_KEYS);
    if (label && value) return [{ label, value }];
    if (value) return [{ label: DEFAULT_SPEC_LABEL, value }];
    if (label) return [{ label: DEFAULT_SPEC_LABEL, value: label }];
    return mapEntries(item);
  }
  const value = toText(item);
  return value ? [{ label: DEFAULT_SPEC_LABEL, value }] : [];
}

function mapEntries(record: Record<string, unknown>): SpecificationEntry[] {
  const entries: SpecificationEntry[] = [];
  for (const [key, raw] of Object.entries(record)) {
    const value = toText(raw);
    if (value) entries.push({ label: key.trim() || DEFAULT_SPEC_LABEL, value });
  }
  return entries;
}

/**
 * Reads features as display lines:
 * - a JSON string is read as its array or object; another string is split by line
 *   (blank lines dropped, a leading bullet "• ", "- ", "* " or "· " removed);
 * - array items: strings as above; objects with a title (title/name/key/label) and a
 *   text (description/value/text) become "title: text", with only one of them just that
 *   one, with neither one "key: value" line per key; nested arrays are flattened;
 * - an object gives "key: value" per key, or just "key" when the value is true
 *   (false and empty values are dropped).
 */
export function readFeatures(raw: unknown): string[] {
  return readFeatureLines(raw, 0);
}

function readFeatureLines(raw: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof raw === 'string') {
    const parsed = parseJsonContainer(raw);
    if (parsed !== undefined) return readFeatureLines(parsed, depth + 1);
    return splitLines(raw).map(stripBullet).filter(Boolean);
  }
  if (Array.isArray(raw)) return raw.flatMap((item) => readFeatureItem(item, depth + 1));
  if (isRecord(raw)) return featureEntries(raw);
  return [];
}

function readFeatureItem(item: unknown, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof item === 'string') return splitLines(item).map(stripBullet).filter(Boolean);
  if (Array.isArray(item)) return item.flatMap((inner) => readFeatureItem(inner, depth + 1));
  if (isRecord(item)) {
    const title = firstText(item, FEATURE_TITLE_KEYS);
    const text = firstText(item, FEATURE_TEXT_KEYS);
    if (title && text) return [`${title}: ${text}`];
    if (title || text) return [title || text];
    return featureEntries(item);
  }
  const text = toText(item);
  return text ? [text] : [];
}

function featureEntries(record: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [rawKey, raw] of Object.entries(record)) {
    const key = rawKey.trim();
    if (raw === true) {
      if (key) lines.push(key);
      continue;
    }
    if (raw === false) continue;
    const value = toText(raw);
    if (!value) continue;
    lines.push(key ? `${key}: ${value}` : value);
  }
  return lines;
}

function stripBullet(line: string): string {
  return line.replace(/^[•·*-]\s+/, '').trim();
}

/** The parsed value when `text` is a JSON array or object, else undefined. */
function parseJsonContainer(text: string): unknown[] | Record<string, unknown> | undefined {
  const trimmed = text.trim();
  const first = trimmed.charAt(0);
  if (first !== '[' && first !== '{') return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return Array.isArray(parsed) || isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function firstText(record: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const text = toText(record[key]);
    if (text) return text;
  }
  return '';
}

/** Display text of a value: '' for nothing, so callers can drop it. */
function toText(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH || value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) {
    return value
      .map((item) => toText(item, depth + 1))
      .filter(Boolean)
      .join(', ');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, inner]) => {
        const text = toText(inner, depth + 1);
        return text ? `${key}: ${text}` : '';
      })
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
