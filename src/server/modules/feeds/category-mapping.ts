/**
 * Feed category paths → catalogue paths (src/shared/catalog.ts). A store says where an item belongs in its
 * own `product_type` ("Electronics > Mobiles") and/or Google's `google_product_category`; both are looked up,
 * exactly (after normalising case and spacing), in `category_mappings`. Nothing is guessed: an item that
 * needs a new product and whose paths are not mapped is reported as a row error naming the paths, and an
 * operator maps them (`npm run feeds -- categories set "<path>" electronics/mobiles`).
 */
import { asc, sql } from 'drizzle-orm';
import {
  APPAREL_GROUPS,
  ELECTRONICS_SUBCATEGORIES,
  type CategoryPath,
  FRIENDLY_NAMES,
  resolveCategoryPath,
} from '@/shared/catalog';
import type { Database } from '@/server/db/client';
import { categoryMappings } from '@/server/db/schema';

type Executor = Pick<Database, 'insert' | 'select' | 'delete'>;

/** "Apparel &amp; Accessories>Clothing >  Dresses" → "apparel & accessories > clothing > dresses". */
export function normalizeCategoryPath(path: string | readonly string[] | null | undefined): string | null {
  if (path === null || path === undefined) return null;
  const parts = (typeof path === 'string' ? path.split('>') : path)
    .map((part) => part.replace(/\s+/g, ' ').trim().toLowerCase())
    .filter((part) => part !== '');
  return parts.length === 0 ? null : parts.join(' > ');
}

/** "electronics/mobiles" or "ladies-apparels/western-wear/dresses" (also "apparels/…") → a catalogue path. */
export function parseCatalogPath(text: string): CategoryPath | null {
  const slugs = text
    .split(/[/>]/)
    .map((slug) => slug.trim().toLowerCase())
    .filter(Boolean);
  return resolveCategoryPath(slugs);
}

export const catalogPathText = (path: { category: string; subcategory: string | null; subSubcategory: string | null }) =>
  [path.category, path.subcategory, path.subSubcategory].filter(Boolean).join('/');

type DefaultMapping = readonly [source: string, target: string];

const GPC_ELECTRONICS: DefaultMapping[] = [
  ['Electronics > Communications > Telephony > Mobile Phones', 'electronics/mobiles'],
  ['Electronics > Communications > Telephony > Mobile Phones > Smartphones', 'electronics/mobiles'],
  ['Electronics > Computers > Tablet Computers', 'electronics/tablets'],
  ['Electronics > Computers', 'electronics/computers-accessories'],
  ['Electronics > Computers > Laptops', 'electronics/computers-accessories'],
  ['Electronics > Computers > Desktop Computers', 'electronics/computers-accessories'],
  ['Electronics > Electronics Accessories > Computer Accessories', 'electronics/computers-accessories'],
  ['Electronics > Electronics Accessories > Computer Components > Input Devices', 'electronics/computers-accessories'],
  ['Electronics > Electronics Accessories > Computer Components > Input Devices > Mice & Trackballs', 'electronics/computers-accessories'],
  ['Electronics > Electronics Accessories > Computer Components > Input Devices > Keyboards', 'electronics/computers-accessories'],
  ['Electronics > Electronics Accessories > Computer Components > Storage Devices', 'electronics/computers-accessories'],
  ['Electronics > Print, Copy, Scan & Fax > Printers, Copiers & Fax Machines', 'electronics/computers-accessories'],
  ['Electronics > Networking > Bridges & Routers > Wireless Routers', 'electronics/computers-accessories'],
  ['Electronics > Video > Computer Monitors', 'electronics/computers-accessories'],
  ['Cameras & Optics', 'electronics/cameras-photography'],
  ['Cameras & Optics > Cameras', 'electronics/cameras-photography'],
  ['Cameras & Optics > Cameras > Digital Cameras', 'electronics/cameras-photography'],
  ['Cameras & Optics > Cameras > Video Cameras', 'electronics/cameras-photography'],
  ['Cameras & Optics > Camera & Optic Accessories > Camera Lenses', 'electronics/cameras-photography'],
  ['Electronics > Audio > Audio Components > Speakers', 'electronics/home-audio'],
  ['Electronics > Audio > Audio Components > Audio & Video Receivers', 'electronics/home-audio'],
  ['Electronics > Audio > Audio Players & Recorders', 'electronics/home-audio'],
  ['Electronics > Audio > Audio Components > Headphones & Headsets', 'electronics/headphones-earbuds-accessories'],
  ['Electronics > Audio > Audio Components > Headphones & Headsets > Headphones', 'electronics/headphones-earbuds-accessories'],
  ['Electronics > Audio > Audio Components > Headphones & Headsets > Headsets', 'electronics/headphones-earbuds-accessories'],
  ['Electronics > Video', 'electronics/home-theater-tv-video'],
  ['Electronics > Video > Televisions', 'electronics/home-theater-tv-video'],
  ['Electronics > Video > Projectors', 'electronics/home-theater-tv-video'],
  ['Electronics > Video > Video Players & Recorders', 'electronics/home-theater-tv-video'],
  ['Electronics > Video > Video Players & Recorders > Streaming & Home Media Players', 'electronics/home-theater-tv-video'],
  ['Electronics > Wearable Technology', 'electronics/wearable-technology'],
  ['Electronics > Wearable Technology > Smart Watches', 'electronics/wearable-technology'],
  ['Electronics > Wearable Technology > Activity Trackers', 'electronics/wearable-technology'],
  ['Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Electronics', 'electronics/car-vehicle-electronics'],
  ['Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Electronics > Motor Vehicle Audio & Video', 'electronics/car-vehicle-electronics'],
  ['Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Electronics > Motor Vehicle Parking Cameras', 'electronics/car-vehicle-electronics'],
];

/** Google's apparel taxonomy is not gendered; the catalogue's apparel is ladies' apparel (DECISIONS 6). */
const GPC_APPAREL: DefaultMapping[] = [
  ['Apparel & Accessories > Clothing > Dresses', 'ladies-apparels/western-wear/dresses'],
  ['Apparel & Accessories > Clothing > Shirts & Tops', 'ladies-apparels/western-wear/tops'],
  ['Apparel & Accessories > Clothing > Skirts', 'ladies-apparels/western-wear/shorts-skirts'],
  ['Apparel & Accessories > Clothing > Shorts', 'ladies-apparels/western-wear/shorts-skirts'],
  ['Apparel & Accessories > Clothing > One-Pieces > Jumpsuits & Rompers', 'ladies-apparels/western-wear/jumpsuits'],
  ['Apparel & Accessories > Clothing > Outerwear > Coats & Jackets', 'ladies-apparels/western-wear/jackets-coats'],
  ['Apparel & Accessories > Clothing > Outerwear > Vests', 'ladies-apparels/western-wear/blazers-waistcoats'],
  ['Apparel & Accessories > Clothing > Suits > Suit Jackets', 'ladies-apparels/western-wear/blazers-waistcoats'],
  ['Apparel & Accessories > Jewelry > Watches', 'ladies-apparels/indian-fusion-wear/watches-wearables'],
  ['Apparel & Accessories > Jewelry > Smart Watches', 'electronics/wearable-technology'],
];

/** A store's own product_type, as our catalogue names things ("Electronics > Mobiles", "… > Dresses"). */
function catalogueNamePaths(): DefaultMapping[] {
  const out: DefaultMapping[] = [];
  for (const sub of ELECTRONICS_SUBCATEGORIES) {
    const name = FRIENDLY_NAMES[sub] ?? sub;
    out.push([`Electronics > ${name}`, `electronics/${sub}`], [`electronics > ${sub}`, `electronics/${sub}`]);
  }
  for (const group of APPAREL_GROUPS) {
    const groupName = FRIENDLY_NAMES[group.slug] ?? group.slug;
    for (const leaf of group.children) {
      const leafName = FRIENDLY_NAMES[leaf] ?? leaf;
      const target = `ladies-apparels/${group.slug}/${leaf}`;
      out.push(
        [`Apparel & Accessories > Clothing > ${leafName}`, target],
        [`Ladies' Apparels > ${groupName} > ${leafName}`, target],
        [`Apparels > ${groupName} > ${leafName}`, target],
        [`Women > ${groupName} > ${leafName}`, target],
        [`Women > Clothing > ${leafName}`, target],
        [`ladies-apparels > ${group.slug} > ${leaf}`, target],
        [`apparels > ${group.slug} > ${leaf}`, target],
      );
    }
  }
  return out;
}

/** Common store wordings that are not the catalogue's names. */
const STORE_WORDINGS: DefaultMapping[] = [
  ['Electronics > Mobile Phones', 'electronics/mobiles'],
  ['Electronics > Smartphones', 'electronics/mobiles'],
  ['Electronics > Mobiles & Accessories > Smartphones', 'electronics/mobiles'],
  ['Electronics > Laptops', 'electronics/computers-accessories'],
  ['Electronics > Computers & Laptops', 'electronics/computers-accessories'],
  ['Electronics > Televisions', 'electronics/home-theater-tv-video'],
  ['Electronics > TVs', 'electronics/home-theater-tv-video'],
  ['Electronics > Headphones', 'electronics/headphones-earbuds-accessories'],
  ['Electronics > Earbuds', 'electronics/headphones-earbuds-accessories'],
  ['Electronics > Speakers', 'electronics/home-audio'],
  ['Electronics > Cameras', 'electronics/cameras-photography'],
  ['Electronics > Smart Watches', 'electronics/wearable-technology'],
  ['Electronics > Smartwatches', 'electronics/wearable-technology'],
  ['Electronics > Car Electronics', 'electronics/car-vehicle-electronics'],
  ['Women > Ethnic Wear > Kurtas', 'ladies-apparels/indian-fusion-wear/kurtas-suits'],
  ['Women > Ethnic Wear > Kurtis', 'ladies-apparels/indian-fusion-wear/kurtis-tunics-tops'],
  ['Women > Ethnic Wear > Sarees', 'ladies-apparels/indian-fusion-wear/sarees'],
  ['Women > Ethnic Wear > Lehengas', 'ladies-apparels/indian-fusion-wear/lehenga-cholis'],
  ['Women > Western Wear > T-Shirts', 'ladies-apparels/western-wear/tshirts'],
];

export type CategoryMappingRow = { source: string; category: string; subcategory: string | null; subSubcategory: string | null };

/** The seeded mappings, normalised and checked against the catalogue (a typo here fails the unit test). */
export function defaultCategoryMappings(): CategoryMappingRow[] {
  const bySource = new Map<string, CategoryMappingRow>();
  for (const [source, target] of [...GPC_ELECTRONICS, ...GPC_APPAREL, ...catalogueNamePaths(), ...STORE_WORDINGS]) {
    const key = normalizeCategoryPath(source);
    const path = parseCatalogPath(target);
    if (key === null || path === null) throw new Error(`bad default category mapping ${source} → ${target}`);
    if (!bySource.has(key)) bySource.set(key, { source: key, ...path });
  }
  return [...bySource.values()];
}

/**
 * Adds the default mappings that are missing; never overwrites a row, so an operator's own mapping of a
 * default path (`categories set`) survives.
 */
export async function ensureDefaultCategoryMappings(db: Executor): Promise<void> {
  await db.insert(categoryMappings).values(defaultCategoryMappings()).onConflictDoNothing();
}

export async function setCategoryMapping(db: Executor, sourceText: string, targetText: string): Promise<CategoryMappingRow> {
  const source = normalizeCategoryPath(sourceText);
  if (source === null) throw new Error('the feed category path is empty');
  const path = parseCatalogPath(targetText);
  if (path === null) {
    throw new Error(`"${targetText}" is not a catalogue category (e.g. electronics/mobiles or ladies-apparels/western-wear/dresses)`);
  }
  const row = { source, ...path };
  await db
    .insert(categoryMappings)
    .values(row)
    .onConflictDoUpdate({
      target: categoryMappings.source,
      set: { category: path.category, subcategory: path.subcategory, subSubcategory: path.subSubcategory },
    });
  return row;
}

export async function removeCategoryMapping(db: Executor, sourceText: string): Promise<boolean> {
  const source = normalizeCategoryPath(sourceText);
  if (source === null) return false;
  const deleted = await db
    .delete(categoryMappings)
    .where(sql`${categoryMappings.source} = ${source}`)
    .returning({ source: categoryMappings.source });
  return deleted.length > 0;
}

export async function listCategoryMappings(db: Executor): Promise<CategoryMappingRow[]> {
  return db
    .select({
      source: categoryMappings.source,
      category: categoryMappings.category,
      subcategory: categoryMappings.subcategory,
      subSubcategory: categoryMappings.subSubcategory,
    })
    .from(categoryMappings)
    .orderBy(asc(categoryMappings.source));
}
