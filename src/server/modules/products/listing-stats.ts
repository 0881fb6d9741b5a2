/**
 * Precomputed statistics of the unfiltered listing scopes (issue 18's uncached budget): what a category page
 * without any filter shows beside its products (the total and every facet group's counts) is the same for every
 * shopper until the catalogue changes, and computing it reads the whole scope (32,000 rows for `electronics` at
 * 100,000 products: ~65 ms), while the page itself is ~0.5 ms. So the transactions that change the catalogue
 * recompute it for every scope (`refreshListingStats`, next to `refreshDeals`), and a listing without a selection
 * reads one row (`readListingStats`).
 *
 * Never stale: a row is stamped with the catalogue version its transaction commits, and with that transaction's
 * `now()`; it is served only while `catalogue_version` still holds both (one statement joins them). A change
 * that bumps the version without refreshing (a test writing rows and calling `markCatalogueChanged`) makes every
 * row unusable until the next refresh; the listing then counts live, as it did before. A review carries the rows
 * over instead (`carryListingStatsOver`: only the Customer Rating options depend on a rating).
 */
import { sql } from 'drizzle-orm';
import { APPAREL_GROUPS, type CategoryPath, ELECTRONICS_SUBCATEGORIES } from '@/shared/catalog';
import type { FacetGroup } from '@/shared/contracts/product';
import { facetsFor } from '@/shared/facet-config';
import type { Database } from '@/server/db/client';
import { queryOne, queryRows } from '@/server/modules/feeds/sql-rows';
import { facetCounts, selectionConditions } from './facets';
import { type ProductFilter, scopeConditions } from './repository';

type Executor = Pick<Database, 'execute'>;
export type ScopeStats = { total: number; facets: FacetGroup[] };

/** Every category path of the taxonomy a shopper can browse (the listing routes' paths), as stored. */
export function listingScopes(): CategoryPath[] {
  const scopes: CategoryPath[] = [{ category: 'electronics', subcategory: null, subSubcategory: null }];
  for (const sub of ELECTRONICS_SUBCATEGORIES) scopes.push({ category: 'electronics', subcategory: sub, subSubcategory: null });
  scopes.push({ category: 'ladies-apparels', subcategory: null, subSubcategory: null });
  for (const group of APPAREL_GROUPS) {
    scopes.push({ category: 'ladies-apparels', subcategory: group.slug, subSubcategory: null });
    for (const child of group.children) scopes.push({ category: 'ladies-apparels', subcategory: group.slug, subSubcategory: child });
  }
  return scopes;
}

/**
 * The stats key of a listing's category path (`electronics/mobiles`), or null for a listing no row describes:
 * all products (not browsed with facets by the web) or a path that skips a level.
 */
export function scopeKey(path: ProductFilter['path']): string | null {
  if (!path?.category) return null;
  if (!path.subcategory) return path.subSubcategory ? null : path.category;
  return path.subSubcategory ? `${path.category}/${path.subcategory}/${path.subSubcategory}` : `${path.category}/${path.subcategory}`;
}

/** The stats key when the filter is its category path alone (no facet selection, price, search, …); else null. */
export function unfilteredScopeKey(filter: ProductFilter): string | null {
  if (filter.q || filter.minPrice !== undefined || filter.maxPrice !== undefined || filter.trending !== undefined || filter.exclude?.length) return null;
  // Every facet group (brand, price range, attributes, stores, rating, discount, stock) as facetCounts sees it.
  if (selectionConditions(filter).length > 0) return null;
  return scopeKey(filter.path);
}

/**
 * The scope's stored counts if the filter selects nothing and the row describes the committed catalogue
 * (same version and same change: see the module comment); else null, and the caller counts live.
 */
export async function readListingStats(db: Executor, filter: ProductFilter): Promise<ScopeStats | null> {
  const key = unfilteredScopeKey(filter);
  if (key === null) return null;
  const row = await queryOne<{ total: number; facets: string }>(
    db,
    sql`select s.total, s.facets::text as facets from listing_scope_stats s
      join catalogue_version c on c.id = 1 and c.version = s.version and c.changed_at = s.computed_at
      where s.scope = ${key}`,
  );
  return row ? { total: Number(row.total), facets: JSON.parse(row.facets) as FacetGroup[] } : null;
}

/**
 * Recomputes every scope's row, in the transaction `tx` of a catalogue change. **The caller's next and last
 * statement must be `bumpCatalogueVersion(tx)`** (as after `refreshDeals`): the rows are stamped with the version
 * that bump will answer and with `now()`, the transaction's start time, which the bump writes as `changed_at`.
 *
 * Why this is exact: the catalogue_version row is locked (FOR UPDATE) before anything is counted, and stays
 * locked until commit. Every catalogue change bumps the version in its own transaction, so none can commit
 * between the lock and our commit: the counts see every change committed before (READ COMMITTED: each statement
 * sees what was committed when it started) and nothing after, and the version read under the lock plus one is
 * exactly what our bump will write (no other bump can come between). A change that waited for the lock commits
 * a later version, so our rows stop being served then. Were the bump forgotten, `changed_at` would not match the
 * rows' `computed_at` and they would never be served (not even once some other change reaches that version).
 *
 * Cost: one facet statement per scope with products (32 scopes; ~1 s at 100,000 products), while holding the
 * version row, so a review posted meanwhile waits for it. Answers the scopes written and the stamped version.
 */
export async function refreshListingStats(tx: Executor): Promise<{ scopes: number; version: number }> {
  const current = await queryOne<{ version: string }>(tx, sql`select version::text as version from catalogue_version where id = 1 for update`);
  if (!current) throw new Error('catalogue_version has no row: migrations have not run');
  const version = Number(current.version) + 1;
  // Only scopes with products (a scope without is left to the live count, which finds nothing at once): one pass
  // over the covering index of the category path instead of a facet statement per empty scope (a small catalogue).
  const present = new Set<string>();
  const paths = await queryRows<{ category: string; subcategory: string | null; sub_subcategory: string | null }>(
    tx,
    sql`select distinct category, subcategory, sub_subcategory from products`,
  );
  for (const path of paths) for (const key of scopesOf({ category: path.category, subcategory: path.subcategory, subSubcategory: path.sub_subcategory })) present.add(key);
  const rows: { scope: string; stats: ScopeStats }[] = [];
  for (const path of listingScopes()) {
    const key = scopeKey(path);
    if (key === null || !present.has(key)) continue;
    const filter: ProductFilter = { path };
    const stats = await facetCounts(tx, scopeConditions(filter, null), null, filter, facetsFor(path));
    if (stats.total > 0) rows.push({ scope: key, stats });
  }
  await tx.execute(sql`delete from listing_scope_stats`);
  if (rows.length > 0) {
    await tx.execute(sql`insert into listing_scope_stats (scope, version, total, facets, computed_at) values ${sql.join(
      rows.map((row) => sql`(${row.scope}, ${version}, ${row.stats.total}, ${JSON.stringify(row.stats.facets)}::json, now())`),
      sql`, `,
    )}`);
  }
  return { scopes: rows.length, version };
}

/** The stored scopes a product with this category path is counted in (each a prefix of its path). */
export function scopesOf(path: { category: string; subcategory: string | null; subSubcategory: string | null }): string[] {
  const keys = [path.category];
  if (path.subcategory) {
    keys.push(`${path.category}/${path.subcategory}`);
    if (path.subSubcategory) keys.push(`${path.category}/${path.subcategory}/${path.subSubcategory}`);
  }
  return keys;
}

/**
 * A review changed one product's rating: carries the rows over to the version the caller's bump commits, instead
 * of leaving every listing to the live count until the next import. Of all the unfiltered counts only the
 * Customer Rating options depend on a rating (the total and every other group do not), so the product's scopes get
 * those options moved by the product's before/after rating and every other row is restamped as it is. Only rows
 * that describe the committed catalogue are carried (a stale row stays stale). Like `refreshListingStats`, it takes
 * the catalogue_version row first, and **the caller's next and last statement must be `bumpCatalogueVersion(tx)`**;
 * `ratingBefore` must be the product's committed rating read under its row lock. A few rows: ~1 ms.
 */
export async function carryListingStatsOver(
  tx: Executor,
  change: { path: { category: string; subcategory: string | null; subSubcategory: string | null }; ratingBefore: number; ratingAfter: number },
): Promise<void> {
  await tx.execute(sql`select 1 from catalogue_version where id = 1 for update`);
  const scopes = scopesOf(change.path);
  const scopeList = sql.join(scopes.map((scope) => sql`${scope}`), sql`, `);
  const current = sql`s.version = c.version and s.computed_at = c.changed_at`;
  await tx.execute(sql`update listing_scope_stats s set version = c.version + 1, computed_at = now()
    from catalogue_version c where c.id = 1 and ${current} and s.scope not in (${scopeList})`);
  const rows = await queryRows<{ scope: string; facets: string }>(
    tx,
    sql`select s.scope, s.facets::text as facets from listing_scope_stats s join catalogue_version c on c.id = 1 and ${current}
      where s.scope in (${scopeList})`,
  );
  const moved = (threshold: number) => Number(change.ratingAfter >= threshold) - Number(change.ratingBefore >= threshold);
  for (const row of rows) {
    const facets = JSON.parse(row.facets) as FacetGroup[];
    for (const option of facets.find((group) => group.name === 'rating')?.options ?? []) option.count += moved(Number(option.key));
    await tx.execute(sql`update listing_scope_stats s set facets = ${JSON.stringify(facets)}::json, version = c.version + 1, computed_at = now()
      from catalogue_version c where c.id = 1 and s.scope = ${row.scope}`);
  }
}
