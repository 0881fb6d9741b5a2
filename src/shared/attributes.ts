/**
 * Typed product attributes (issue 15): a product's specifications as (name, value, unit, numeric value), read
 * from the catalogue's "Label: value" specifications, from feed fields (product_detail, size, color, material,
 * gender, age_group) and, where a feed names none, from the title ("(8GB RAM, 128GB)"). Pure: no I/O.
 *
 * Names are canonical keys: a known label (any spelling in LABEL_ALIASES) maps to its key ("Internal Storage"
 * → 'storage'); any other label becomes its slug ("Country of Origin" → 'country-of-origin'). Values with a
 * unit are normalised ("8GB", "8 gb" → "8 GB") so a facet counts them as one value.
 */
import { DEFAULT_SPEC_LABEL, readSpecifications } from '@/shared/specifications';

export type ProductAttribute = {
  name: string;
  label: string;
  value: string;
  /** Lower-case slug of the value: what URLs name. */
  valueKey: string;
  unit: string | null;
  /** In the unit's base (storage and RAM in GB, screens in inches). */
  num: number | null;
};

/** Canonical attribute keys and the labels stores use for them (compared lower-cased, punctuation-free). */
const LABEL_ALIASES: Readonly<Record<string, readonly string[]>> = {
  ram: ['ram', 'memory', 'ram size', 'ram capacity', 'system memory', 'installed ram'],
  storage: ['storage', 'internal storage', 'rom', 'internal memory', 'storage capacity', 'ssd capacity', 'hard disk capacity', 'ssd'],
  battery: ['battery', 'battery capacity', 'battery power'],
  'screen-size': ['display', 'screen size', 'display size', 'screen'],
  network: ['network', 'network type', 'connectivity type', 'cellular technology'],
  colour: ['colour', 'color'],
  size: ['size'],
  fabric: ['fabric', 'material', 'strap', 'strap material'],
  pattern: ['pattern', 'print or pattern type'],
  gender: ['gender', 'ideal for'],
  'age-group': ['age group', 'age_group'],
  brand: ['brand'],
};

const ALIAS_TO_NAME = new Map<string, string>(
  Object.entries(LABEL_ALIASES).flatMap(([name, labels]) => labels.map((label) => [label, name] as const)),
);

/** Attribute keys whose value is a quantity of this unit (base unit first). */
const QUANTITY_UNITS: Readonly<Record<string, 'GB' | 'mAh' | 'inch'>> = {
  ram: 'GB',
  storage: 'GB',
  battery: 'mAh',
  'screen-size': 'inch',
};

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’"]/g, '')
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
}

/** The canonical key of a specification label. */
export function attributeName(label: string): string {
  const plain = label.trim().toLowerCase().replace(/[_:]+/g, ' ').replace(/\s+/g, ' ');
  return ALIAS_TO_NAME.get(plain) ?? slugify(plain);
}

export type Quantity = { num: number; unit: string };

const UNIT_PATTERN = /^(\d+(?:[.,]\d+)?)\s*(tb|gb|mb|mah|inches|inch|in|"|”|cm|hz|mp|w|kg|g)(?![a-z])/i;

/**
 * The leading quantity of a value: "8 GB", "8GB", "8 gb" → 8 GB; "1 TB" → 1 TB; "6.9-inch QHD+" → 6.9 inch;
 * "5000 mAh, 45W" → 5000 mAh. Null when the value does not start with a number and a unit.
 */
export function parseQuantity(text: string): Quantity | null {
  const match = UNIT_PATTERN.exec(text.trim().replace(/^(\d+(?:\.\d+)?)-(inch)/i, '$1 $2'));
  if (!match) return null;
  const num = Number((match[1] ?? '').replace(',', '.'));
  if (!Number.isFinite(num)) return null;
  const raw = (match[2] ?? '').toLowerCase();
  const unit =
    raw === 'tb' ? 'TB' : raw === 'gb' ? 'GB' : raw === 'mb' ? 'MB' : raw === 'mah' ? 'mAh' : ['inches', 'inch', 'in', '"', '”'].includes(raw) ? 'inch' : raw === 'hz' ? 'Hz' : raw === 'mp' ? 'MP' : raw === 'w' ? 'W' : raw;
  return { num, unit };
}

/** A quantity in the base unit its attribute counts in (GB for RAM and storage), or null when it cannot be. */
function toBase(quantity: Quantity, base: string): number | null {
  if (quantity.unit === base) return quantity.num;
  if (base === 'GB' && quantity.unit === 'TB') return quantity.num * 1024;
  if (base === 'GB' && quantity.unit === 'MB') return quantity.num / 1024;
  if (base === 'inch' && quantity.unit === 'cm') return Math.round((quantity.num / 2.54) * 10) / 10;
  return null;
}

function formatNumber(num: number): string {
  return Number.isInteger(num) ? String(num) : String(Math.round(num * 100) / 100);
}

/** One attribute from a label and its value text, typed where its value has a unit. */
export function toAttribute(label: string, rawValue: string): ProductAttribute | null {
  const value = rawValue.trim().replace(/\s+/g, ' ').slice(0, 200);
  const cleanLabel = label.trim().replace(/\s+/g, ' ').slice(0, 100);
  if (!value || !cleanLabel) return null;
  const name = attributeName(cleanLabel);
  if (!name) return null;
  const base = QUANTITY_UNITS[name];
  const quantity = parseQuantity(value);
  if (base) {
    const num = quantity ? toBase(quantity, base) : null;
    if (quantity && num !== null) {
      // Storage and RAM read as shoppers say them ("1 TB", "512 GB"); screens and batteries in their base unit.
      const shown = base === 'GB' && quantity.unit !== 'MB' ? `${formatNumber(quantity.num)} ${quantity.unit}` : `${formatNumber(num)} ${base}`;
      return { name, label: cleanLabel, value: shown, valueKey: slugify(shown), unit: base, num };
    }
  }
  if (name === 'network') {
    const generation = /\b([345])G\b/i.exec(value);
    if (generation) {
      const shown = `${generation[1]}G`;
      return { name, label: cleanLabel, value: shown, valueKey: slugify(shown), unit: null, num: Number(generation[1]) };
    }
  }
  const key = slugify(value);
  if (!key) return null;
  if (quantity) return { name, label: cleanLabel, value, valueKey: key, unit: quantity.unit, num: quantity.num };
  const plainNumber = /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : null;
  return { name, label: cleanLabel, value, valueKey: key, unit: null, num: plainNumber };
}

/**
 * Attributes named in a title, for feed items without product_detail: "Redmi Note 14 5G (8GB RAM, 128GB)",
 * "… 12 GB + 256 GB", "… 6000mAh".
 */
export function attributesFromTitle(title: string): ProductAttribute[] {
  const found: ProductAttribute[] = [];
  const add = (label: string, value: string) => {
    const attribute = toAttribute(label, value);
    if (attribute && !found.some((a) => a.name === attribute.name)) found.push(attribute);
  };
  const pair = /(\d+)\s*GB\s*(?:RAM)?\s*[+/|]\s*(\d+)\s*(GB|TB)\b/i.exec(title);
  if (pair) {
    add('RAM', `${pair[1]} GB`);
    add('Storage', `${pair[2]} ${pair[3]}`);
  }
  const ram = /(\d+)\s*GB\s*RAM\b/i.exec(title);
  if (ram) add('RAM', `${ram[1]} GB`);
  // A storage size not followed by "RAM".
  const storagePattern = /(\d+)\s*(GB|TB)(?!\s*RAM)\b(?:\s*(?:ROM|Storage|SSD))?/gi;
  for (const match of title.matchAll(storagePattern)) {
    const size = Number(match[1]);
    if (match[2]?.toUpperCase() === 'GB' && size < 16 && !/storage|rom|ssd/i.test(match[0])) continue;
    add('Storage', `${match[1]} ${match[2]}`);
  }
  const battery = /(\d{3,5})\s*mAh\b/i.exec(title);
  if (battery) add('Battery', `${battery[1]} mAh`);
  if (/\b5G\b/.test(title)) add('Network', '5G');
  return found;
}

/** Merges attribute lists, the first occurrence of (name, valueKey) winning; drops exact duplicates. */
export function mergeAttributes(...lists: readonly (readonly ProductAttribute[])[]): ProductAttribute[] {
  const seen = new Set<string>();
  const out: ProductAttribute[] = [];
  for (const list of lists) {
    for (const attribute of list) {
      const key = `${attribute.name}\u0000${attribute.valueKey}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(attribute);
    }
  }
  return out;
}

/** Names that a value may carry several of on one product (sizes, storage variants); others keep the first. */
const MULTI_VALUED = new Set(['size', 'storage', 'ram', 'colour']);

/**
 * A catalogue product's attributes: every "Label: value" of its specifications (whatever shape SPEC 3 allows),
 * its variants' sizes and "12 GB + 256 GB" memory options, and what its name says (5G, "(8GB RAM, 128GB)").
 */
export function productAttributes(input: {
  name: string;
  specifications: unknown;
  variants?: readonly { name: string }[];
  kind?: 'electronics' | 'apparel';
}): ProductAttribute[] {
  const fromSpecs = readSpecifications(input.specifications).flatMap((entry) => {
    // Plain-text specifications read as unlabelled "Feature" lines: "RAM: 8 GB" still names its label.
    const labelled = entry.label === DEFAULT_SPEC_LABEL ? /^([^:]{1,40}):\s+(.+)$/.exec(entry.value) : null;
    // Several values in one spec ("5000 mAh, 45W wired charging"): the typed part is the first.
    const attribute = labelled ? toAttribute(labelled[1] ?? '', labelled[2] ?? '') : toAttribute(entry.label, entry.value);
    return attribute ? [attribute] : [];
  });
  const fromVariants = (input.variants ?? []).flatMap((variant) => {
    const memory = attributesFromTitle(variant.name).filter((a) => a.name === 'ram' || a.name === 'storage');
    if (memory.length > 0) return memory;
    if (input.kind === 'apparel') {
      const size = /^(?:Waist\s+)?(XXS|XS|S|M|L|XL|XXL|XXXL|\d{2}|Free Size)$/i.exec(variant.name.trim());
      const attribute = size ? toAttribute('Size', size[0]) : null;
      return attribute ? [attribute] : [];
    }
    return [];
  });
  const fromName = attributesFromTitle(input.name);
  const merged = mergeAttributes(fromVariants, fromSpecs, fromName);
  // A single-valued attribute keeps its first value.
  const singles = new Set<string>();
  return merged.filter((attribute) => {
    if (MULTI_VALUED.has(attribute.name)) return true;
    if (singles.has(attribute.name)) return false;
    singles.add(attribute.name);
    return true;
  });
}
