import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES } from '@/shared/catalog';
import { createTestDatabase, type TestDatabase } from '@/server/test/build-test-app';
import { seedDemoCatalogue } from './seed';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

const count = async (table: string) => {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (result as unknown as { n: number }[])[0]?.n;
};

describe('demo catalogue seed', () => {
  it('seeds an empty database once; a second run changes nothing', async () => {
    const first = await seedDemoCatalogue(database.db);
    expect(first.seeded).toBe(true);
    const before = { products: await count('products'), offers: await count('offers'), history: await count('price_history') };
    expect(before.products).toBeGreaterThanOrEqual(280);
    const second = await seedDemoCatalogue(database.db);
    expect(second).toEqual({ seeded: false, products: before.products });
    expect({ products: await count('products'), offers: await count('offers'), history: await count('price_history') }).toEqual(before);
  });

  it('lists at least 10 products under every menu link, each with a best offer', async () => {
    const rows = (await database.db.execute(sql`
      select category, subcategory, sub_subcategory, count(*)::int as n, count(best_offer_id)::int as priced
      from products group by 1, 2, 3`)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
    const list = (Array.isArray(rows) ? rows : (rows.rows ?? [])) as { subcategory: string; sub_subcategory: string | null; n: number; priced: number }[];
    const leaf = (sub: string, subSub: string | null) => list.find((r) => r.subcategory === sub && r.sub_subcategory === subSub);
    for (const sub of ELECTRONICS_SUBCATEGORIES) expect(leaf(sub, null)?.n ?? 0, sub).toBeGreaterThanOrEqual(10);
    for (const group of APPAREL_GROUPS) for (const child of group.children) expect(leaf(group.slug, child)?.n ?? 0, child).toBeGreaterThanOrEqual(10);
    for (const row of list) expect(row.priced).toBe(row.n);
  });
});
