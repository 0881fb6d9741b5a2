import { eq } from 'drizzle-orm';
import { markCatalogueChanged } from '@/server/db/catalogue-version';
import type { Database } from '@/server/db/client';
import { refreshBestOffers } from '@/server/db/refresh-best-offers';
import { offers, priceHistory, products, stores } from '@/server/db/schema';

let counter = 0;

export type FixtureOffer = { store: string; price: number; original?: number; inStock?: boolean; affiliateUrl?: string | null };

/** A small, exactly known product for API tests, with its offers and one history point per offer. */
export async function insertProduct(
  db: Database,
  input: {
    name?: string;
    brand?: string;
    category?: 'electronics' | 'ladies-apparels';
    subcategory?: string | null;
    subSubcategory?: string | null;
    rating?: number;
    reviewCount?: number;
    trending?: boolean;
    offers?: FixtureOffer[];
  } = {},
): Promise<number> {
  counter += 1;
  const category = input.category ?? 'electronics';
  const [row] = await db
    .insert(products)
    .values({
      slug: `fixture-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      name: input.name ?? `Fixture Phone ${counter}`,
      brand: input.brand ?? 'Acme',
      model: `M${counter}`,
      category,
      subcategory: input.subcategory === undefined ? (category === 'electronics' ? 'mobiles' : 'western-wear') : input.subcategory,
      subSubcategory: input.subSubcategory === undefined ? (category === 'electronics' ? null : 'dresses') : input.subSubcategory,
      rating: (input.rating ?? 4).toFixed(2),
      reviewCount: input.reviewCount ?? 10,
      trending: input.trending ?? false,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('fixture insert failed');
  for (const offer of input.offers ?? [{ store: 'amazon-in', price: 10_000, original: 12_000 }]) {
    const storeId = await ensureStore(db, offer.store);
    const [inserted] = await db
      .insert(offers)
      .values({
        productId: row.id,
        storeId,
        storeItemId: `${offer.store}-${row.id}`,
        currentPrice: offer.price.toFixed(2),
        originalPrice: (offer.original ?? offer.price).toFixed(2),
        inStock: offer.inStock ?? true,
        stockQuantity: offer.inStock === false ? 0 : 5,
        affiliateUrl: offer.affiliateUrl === undefined ? `https://example.in/${offer.store}/${row.id}` : offer.affiliateUrl,
        freeShipping: true,
      })
      .returning({ id: offers.id });
    if (inserted) await db.insert(priceHistory).values({ offerId: inserted.id, price: offer.price.toFixed(2) });
  }
  await refreshBestOffers(db, [row.id]);
  // A new product is a catalogue change: catalogue caches must not keep answers that lack it.
  await markCatalogueChanged(db);
  return row.id;
}

async function ensureStore(db: Database, slug: string): Promise<number> {
  const [existing] = await db.select({ id: stores.id }).from(stores).where(eq(stores.slug, slug));
  if (existing) return existing.id;
  const [created] = await db
    .insert(stores)
    .values({ slug, name: slug.replace(/(^|-)(\w)/g, (_m, sep: string, ch: string) => (sep ? ' ' : '') + ch.toUpperCase()), homepage: `https://${slug}.example` })
    .onConflictDoNothing()
    .returning({ id: stores.id });
  if (created) return created.id;
  return ensureStore(db, slug);
}
