import type { TypedAttribute } from '@/shared/contracts/product';
import { facetsFor } from '@/shared/facet-config';

export type AttributeRow = {
  name: string;
  label: string;
  /** One value per product, in the products' order ("12 GB, 8 GB" when it comes in several); null when it has none. */
  values: (string | null)[];
  /** True when at least two products are compared and their values are not all the same. */
  differs: boolean;
};

type Comparable = { id: number; category: string; subcategory: string | null; subSubcategory: string | null };

/**
 * The compared products' key attributes side by side (issue 15): the attributes their categories filter by
 * (src/shared/facet-config.ts, the first product's category first), one row each, in that order, for those at
 * least one product has. Values are the typed ones, so "8GB" and "8 GB" are the same value; a product with
 * several values (storage variants, sizes) shows them all, lowest first.
 */
export function attributeRows(products: readonly Comparable[], attributes: ReadonlyMap<number, readonly TypedAttribute[]>): AttributeRow[] {
  const definitions = new Map<string, string>();
  for (const product of products) {
    for (const definition of facetsFor(product)) if (!definitions.has(definition.name)) definitions.set(definition.name, definition.label);
  }
  const rows: AttributeRow[] = [];
  for (const [name, label] of definitions) {
    const perProduct = products.map((product) =>
      (attributes.get(product.id) ?? [])
        .filter((attribute) => attribute.name === name)
        .sort((a, b) => (a.num ?? Number.MAX_VALUE) - (b.num ?? Number.MAX_VALUE) || a.value.localeCompare(b.value)),
    );
    if (perProduct.every((list) => list.length === 0)) continue;
    const keys = perProduct.map((list) => list.map((attribute) => attribute.valueKey).join('|'));
    rows.push({
      name,
      label,
      values: perProduct.map((list) => (list.length ? list.map((attribute) => attribute.value).join(', ') : null)),
      differs: products.length > 1 && new Set(keys).size > 1,
    });
  }
  return rows;
}
