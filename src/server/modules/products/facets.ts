/**
 * Facets with counts (issue 15). A listing's filters are groups: attribute facets (`f=ram.8-gb`), brand, store,
 * price range, rating, discount and availability. OR within a group, AND across groups, and a group's own
 * counts ignore its own selection: the count beside "RAM 8 GB" is the total the listing would show with RAM
 * set to just 8 GB and every other group as it is.
 *
 * One statement computes every count: the scope's products (category path, search) are read once into a
 * materialized CTE with one boolean per selected group, and each group's counts aggregate the rows that
 * pass every other group's boolean.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PRICE_RANGES, priceRangeBounds } from '@/shared/catalog';
import type { FacetGroup } from '@/shared/contracts/product';
import { DISCOUNT_OPTIONS, type FacetDefinition, facetsFor, RATING_OPTIONS, sizeRank } from '@/shared/facet-config';
import type { Database } from '@/server/db/client';
import { offers, productAttributes, products, stores } from '@/server/db/schema';
import { queryRows } from '@/server/modules/feeds/sql-rows';
import type { ProductFilter } from './repository';

export type SelectionGroup = { key: string; condition: SQL };

const attrKey = (name: string) => `attr:${name}`;

function rangeCondition(column: SQL, min: number | null, max: number | null): SQL {
  if (min !== null && max !== null) return sql`(${column} >= ${String(min)} and ${column} < ${String(max)})`;
  if (min !== null) return sql`${column} >= ${String(min)}`;
  if (max !== null) return sql`${column} < ${String(max)}`;
  return sql`${column} is not null`;
}

/** A selected attribute facet as a condition on products: value keys, or (ranges facets) numeric ranges. */
function attributeCondition(name: string, values: string[], definition: FacetDefinition | undefined): SQL {
  const parts: SQL[] = [];
  const plainValues: string[] = [];
  for (const value of values) {
    const range = definition?.type === 'ranges' ? definition.ranges.find((r) => r.key === value) : undefined;
    if (range) parts.push(rangeCondition(sql`num`, range.min, range.max));
    else plainValues.push(value);
  }
  if (plainValues.length) parts.push(sql`value_key in (${sql.join(plainValues.map((v) => sql`${v}`), sql`, `)})`);
  return sql`${products.id} in (select product_id from ${productAttributes} where name = ${name} and (${sql.join(parts, sql` or `)}))`;
}

/** The filter's selected groups, each one condition on `products`. */
export function selectionConditions(filter: ProductFilter, definitions: readonly FacetDefinition[] = facetsFor(filter.path ?? null)): SelectionGroup[] {
  const groups: SelectionGroup[] = [];
  const brands = [...(filter.brands ?? []), ...(filter.brand ? filter.brand.split(',') : [])].map((b) => b.trim()).filter(Boolean);
  if (brands.length) {
    groups.push({
      key: 'brand',
      condition: sql`lower(${products.brand}) in (${sql.join(brands.map((b) => sql`lower(${b})`), sql`, `)})`,
    });
  }
  if (filter.price && filter.price !== 'all') {
    const { min, max } = priceRangeBounds(filter.price);
    groups.push({ key: 'price', condition: rangeCondition(sql`${products.currentPrice}`, min, max) });
  }
  for (const { name, values } of filter.attributes ?? []) {
    if (values.length === 0) continue;
    groups.push({ key: attrKey(name), condition: attributeCondition(name, values, definitions.find((d) => d.name === name)) });
  }
  if (filter.stores?.length) {
    groups.push({
      key: 'store',
      condition: sql`${products.id} in (select ${offers.productId} from ${offers} join ${stores} on ${stores.id} = ${offers.storeId}
        where ${stores.slug} in (${sql.join(filter.stores.map((s) => sql`${s}`), sql`, `)}))`,
    });
  }
  if (filter.minRating !== undefined) groups.push({ key: 'rating', condition: sql`${products.rating} >= ${String(filter.minRating)}` });
  if (filter.minDiscount !== undefined) groups.push({ key: 'discount', condition: sql`${products.discount} >= ${filter.minDiscount}` });
  if (filter.inStock) groups.push({ key: 'availability', condition: sql`${products.inStock}` });
  return groups;
}

/** The filter's facet selections, normalised for a cache key (null when there are none). */
export function facetSelectionKey(filter: ProductFilter): string | null {
  const attributes = (filter.attributes ?? [])
    .filter((a) => a.values.length > 0)
    .map((a) => [a.name, [...new Set(a.values)].sort()] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
  const brands = filter.brands?.length ? [...new Set(filter.brands.map((b) => b.toLowerCase()))].sort() : null;
  const storesKey = filter.stores?.length ? [...new Set(filter.stores)].sort() : null;
  const parts = [attributes.length ? attributes : null, brands, storesKey, filter.inStock ?? null, filter.minDiscount ?? null, filter.minRating ?? null];
  return parts.every((part) => part === null) ? null : JSON.stringify(parts);
}

type CountRow = Record<string, unknown> & { g: string; k: string | null; label: string | null; num: string | null; n: number };

/**
 * Every group's counts for the listing `scope` (its category path and search; the caller runs it in the
 * search transaction when there is a search) with `filter`'s selections. Also returns the listing's total.
 */
export async function facetCounts(
  db: Pick<Database, 'execute'>,
  scope: SQL[],
  join: SQL | null,
  filter: ProductFilter,
  definitions: readonly FacetDefinition[],
): Promise<{ total: number; facets: FacetGroup[] }> {
  const groups = selectionConditions(filter, definitions);
  const flags = groups.map((group, index) => ({ ...group, column: sql.raw(`s${index}`) }));
  /** Every selected group but `key` holds (all of them when `key` is null). */
  const passes = (key: string | null): SQL => {
    const others = flags.filter((flag) => flag.key !== key);
    return others.length ? sql.join(others.map((flag) => sql`b.${flag.column}`), sql` and `) : sql`true`;
  };
  const flagColumns = flags.map((flag) => sql`, (${flag.condition}) as ${flag.column}`);
  const where = scope.length ? sql`where ${sql.join(scope, sql` and `)}` : sql``;

  const parts: SQL[] = [sql`select 'total' as g, null::text as k, null::text as label, null::text as num, count(*) filter (where ${passes(null)})::int as n from base b`];
  for (const definition of definitions) {
    const key = attrKey(definition.name);
    if (definition.type === 'values') {
      parts.push(sql`select ${key}, a.value_key, min(a.value), min(a.num)::text, count(*)::int from base b
        join ${productAttributes} a on a.product_id = b.id and a.name = ${definition.name}
        where ${passes(key)} group by a.value_key`);
    } else {
      const bucket = sql.join(
        definition.ranges.map((range) => sql`when ${rangeCondition(sql`a.num`, range.min, range.max)} then ${range.key}`),
        sql` `,
      );
      parts.push(sql`select ${key}, r.k, null, null, count(distinct r.id)::int from (
          select b.id, case ${bucket} end as k from base b
          join ${productAttributes} a on a.product_id = b.id and a.name = ${definition.name} and a.num is not null
          where ${passes(key)}) r where r.k is not null group by r.k`);
    }
  }
  parts.push(sql`select 'brand', b.brand, b.brand, null, count(*)::int from base b where ${passes('brand')} group by b.brand`);
  parts.push(sql`select 'store', s.slug, min(s.name), null, count(distinct b.id)::int from base b
    join ${offers} o on o.product_id = b.id join ${stores} s on s.id = o.store_id where ${passes('store')} group by s.slug`);
  for (const range of PRICE_RANGES) {
    if (range.value === 'all') continue;
    parts.push(sql`select 'price', ${range.value}, null, null, count(*) filter (where ${passes('price')} and ${rangeCondition(sql`b.current_price`, range.min, range.max)})::int from base b`);
  }
  for (const rating of RATING_OPTIONS) {
    parts.push(sql`select 'rating', ${String(rating)}, null, null, count(*) filter (where ${passes('rating')} and b.rating >= ${String(rating)})::int from base b`);
  }
  for (const discount of DISCOUNT_OPTIONS) {
    parts.push(sql`select 'discount', ${String(discount)}, null, null, count(*) filter (where ${passes('discount')} and b.discount >= ${discount})::int from base b`);
  }
  parts.push(sql`select 'availability', 'in-stock', null, null, count(*) filter (where ${passes('availability')} and b.in_stock)::int from base b`);

  const statement = sql`with base as materialized (
      select ${products.id} as id, ${products.brand} as brand, ${products.currentPrice} as current_price, ${products.rating} as rating,
        ${products.discount} as discount, ${products.inStock} as in_stock ${sql.join(flagColumns, sql``)}
      from ${products} ${join ?? sql``} ${where}
    )
    ${sql.join(parts, sql` union all `)}`;
  const rows = await queryRows<CountRow>(db, statement);
  return shapeFacets(rows, filter, definitions);
}

function shapeFacets(rows: CountRow[], filter: ProductFilter, definitions: readonly FacetDefinition[]): { total: number; facets: FacetGroup[] } {
  const byGroup = new Map<string, CountRow[]>();
  let total = 0;
  for (const row of rows) {
    if (row.g === 'total') {
      total = Number(row.n);
      continue;
    }
    const list = byGroup.get(row.g) ?? [];
    list.push(row);
    byGroup.set(row.g, list);
  }
  const facets: FacetGroup[] = [];
  const selectedAttrs = new Map((filter.attributes ?? []).map((a) => [a.name, new Set(a.values)]));

  const brands = new Set([...(filter.brands ?? []), ...(filter.brand ? filter.brand.split(',') : [])].map((b) => b.trim().toLowerCase()));
  const brandRows = (byGroup.get('brand') ?? []).filter((row) => row.k !== null);
  facets.push({
    name: 'brand',
    label: 'Brand',
    kind: 'brand',
    options: brandRows
      .map((row) => ({ key: row.k ?? '', label: row.label ?? row.k ?? '', count: Number(row.n), selected: brands.has((row.k ?? '').toLowerCase()) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
  });

  for (const definition of definitions) {
    const selected = selectedAttrs.get(definition.name) ?? new Set<string>();
    const groupRows = byGroup.get(attrKey(definition.name)) ?? [];
    let options;
    if (definition.type === 'ranges') {
      const counts = new Map(groupRows.map((row) => [row.k, Number(row.n)]));
      options = definition.ranges.map((range) => ({ key: range.key, label: range.label, count: counts.get(range.key) ?? 0, selected: selected.has(range.key) }));
    } else {
      options = groupRows
        .filter((row) => row.k !== null)
        .map((row) => ({ key: row.k ?? '', label: row.label ?? '', count: Number(row.n), selected: selected.has(row.k ?? ''), num: row.num === null ? null : Number(row.num) }))
        .sort((a, b) => {
          if (definition.order === 'num') return (a.num ?? Number.MAX_VALUE) - (b.num ?? Number.MAX_VALUE) || a.label.localeCompare(b.label);
          if (definition.order === 'size') return sizeRank(a.key) - sizeRank(b.key) || a.label.localeCompare(b.label);
          return b.count - a.count || a.label.localeCompare(b.label);
        })
        .map(({ num: _num, ...option }) => option);
      // A selected value no product of the scope has any more still shows, so it can be cleared.
      for (const key of selected) if (!options.some((o) => o.key === key)) options.push({ key, label: key, count: 0, selected: true });
    }
    if (options.length > 0) facets.push({ name: definition.name, label: definition.label, kind: 'attr', options });
  }

  const storeSelection = new Set(filter.stores ?? []);
  facets.push({
    name: 'store',
    label: 'Store',
    kind: 'store',
    options: (byGroup.get('store') ?? [])
      .map((row) => ({ key: row.k ?? '', label: row.label ?? '', count: Number(row.n), selected: storeSelection.has(row.k ?? '') }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
  });
  const counted = (group: string) => new Map((byGroup.get(group) ?? []).map((row) => [row.k, Number(row.n)]));
  const priceCounts = counted('price');
  facets.push({
    name: 'price',
    label: 'Price',
    kind: 'price',
    options: PRICE_RANGES.filter((r) => r.value !== 'all').map((range) => ({
      key: range.value,
      label: range.label,
      count: priceCounts.get(range.value) ?? 0,
      selected: filter.price === range.value,
    })),
  });
  const ratingCounts = counted('rating');
  facets.push({
    name: 'rating',
    label: 'Customer Rating',
    kind: 'rating',
    options: RATING_OPTIONS.map((rating) => ({
      key: String(rating),
      label: `${rating}★ & above`,
      count: ratingCounts.get(String(rating)) ?? 0,
      selected: filter.minRating === rating,
    })),
  });
  const discountCounts = counted('discount');
  facets.push({
    name: 'discount',
    label: 'Discount',
    kind: 'discount',
    options: DISCOUNT_OPTIONS.map((discount) => ({
      key: String(discount),
      label: `${discount}% or more`,
      count: discountCounts.get(String(discount)) ?? 0,
      selected: filter.minDiscount === discount,
    })),
  });
  facets.push({
    name: 'availability',
    label: 'Availability',
    kind: 'availability',
    options: [{ key: 'in-stock', label: 'In stock only', count: counted('availability').get('in-stock') ?? 0, selected: filter.inStock === true }],
  });
  return { total, facets };
}
