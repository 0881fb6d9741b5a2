import { Readable } from 'node:stream';
import { and, asc, gt, lte, sql } from 'drizzle-orm';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES } from '@/shared/catalog';
import type { Database } from '@/server/db/client';
import { products } from '@/server/db/schema';

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_PART_SIZE = 50_000;
/** Rows read from the database at a time while a part streams out: memory stays bounded whatever the catalogue. */
const BATCH = 5_000;

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const day = (value: Date | string | null) => (value ? new Date(value).toISOString().slice(0, 10) : null);

/** Every category page: each top category, subcategory and apparel sub-subcategory (canonical slugs). */
export function categoryPaths(): string[][] {
  return [
    ['electronics'],
    ...ELECTRONICS_SUBCATEGORIES.map((sub) => ['electronics', sub]),
    ['ladies-apparels'],
    ...APPAREL_GROUPS.flatMap((group) => [['ladies-apparels', group.slug], ...group.children.map((child) => ['ladies-apparels', group.slug, child])]),
  ];
}

/**
 * Product parts cover ids in fixed ranges of SITEMAP_PART_SIZE (part n: ids (n-1)·size+1 … n·size), so a part
 * never holds more than the limit, needs no OFFSET, and keeps its URL when products are added elsewhere.
 */
export async function sitemapIndex(db: Database, origin: string): Promise<string> {
  const parts = await db.execute<{ part: number; lastmod: Date | string | null }>(sql`
    select ((${products.id} - 1) / ${SITEMAP_PART_SIZE})::int + 1 as part, max(${products.updatedAt}) as lastmod
    from ${products} group by 1 order by 1`);
  const [categories] = await db.select({ lastmod: sql<Date | string | null>`max(${products.updatedAt})` }).from(products);
  const entry = (loc: string, lastmod: string | null) =>
    `<sitemap><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry(`${origin}/sitemaps/categories.xml`, day(categories?.lastmod ?? null)),
    ...rowsOf<{ part: number; lastmod: Date | string | null }>(parts).map((row) => entry(`${origin}/sitemaps/products-${row.part}.xml`, day(row.lastmod))),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** postgres-js answers an array, PGlite `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** The home page, the deals page and every category page, with the last price change among its products. */
export async function categorySitemap(db: Database, origin: string): Promise<string> {
  const rows = await db
    .select({
      category: products.category,
      subcategory: products.subcategory,
      subSubcategory: products.subSubcategory,
      lastmod: sql<Date | string | null>`max(${products.updatedAt})`,
    })
    .from(products)
    .groupBy(products.category, products.subcategory, products.subSubcategory);
  const lastmodOf = (path: string[]) => {
    const dates = rows
      .filter((row) => [row.category, row.subcategory, row.subSubcategory].slice(0, path.length).join('/') === path.join('/'))
      .map((row) => day(row.lastmod))
      .filter((value): value is string => value !== null);
    return dates.sort().at(-1) ?? null;
  };
  const url = (path: string, lastmod: string | null) =>
    `<url><loc>${xmlEscape(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const all = rows.map((row) => day(row.lastmod)).filter((value): value is string => value !== null).sort().at(-1) ?? null;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/', all),
    url('/deals', all),
    ...categoryPaths().map((path) => url(`/products/${path.join('/')}`, lastmodOf(path))),
    '</urlset>',
    '',
  ].join('\n');
}

/** One part of product URLs, read in batches by id and written as it goes. */
export function productSitemap(db: Database, origin: string, part: number): Readable {
  const first = (part - 1) * SITEMAP_PART_SIZE;
  const last = part * SITEMAP_PART_SIZE;
  async function* lines() {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    let after = first;
    for (;;) {
      const batch = await db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(gt(products.id, after), lte(products.id, last)))
        .orderBy(asc(products.id))
        .limit(BATCH);
      if (batch.length === 0) break;
      yield batch.map((row) => `<url><loc>${origin}/product/${row.id}</loc><lastmod>${day(row.updatedAt)}</lastmod></url>\n`).join('');
      after = batch.at(-1)?.id ?? last;
      if (batch.length < BATCH) break;
    }
    yield '</urlset>\n';
  }
  return Readable.from(lines());
}
