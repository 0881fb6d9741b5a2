import { count, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { refreshBestOffers } from '@/server/db/refresh-best-offers';
import { bumpCatalogueVersion } from '@/server/db/catalogue-version';
import { refreshDeals } from '@/server/modules/deals/refresh-deals';
import { refreshListingStats } from '@/server/modules/products/listing-stats';
import { productAttributes as attributesOf } from '@/shared/attributes';
import { offers, priceHistory, productAttributes, products, stores } from '@/server/db/schema';
import { generateCatalogue, type SeedProduct } from './catalogue';

/** Any number; the same for every instance, so two instances starting together seed once. */
const SEED_LOCK_KEY = 7_214_203_312;
const BATCH = 500;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export const productImagePath = (slug: string, index: number) => `/api/media/products/${slug}/${index}.svg`;

/**
 * Seeds the demo catalogue into an empty database, in one transaction: a second start (or a second
 * instance) finds products and changes nothing.
 */
export async function seedDemoCatalogue(
  db: Database,
  options: { now?: Date; /** Tests: seed only some of the products (all stores). */ include?: (product: SeedProduct) => boolean } = {},
): Promise<{ seeded: boolean; products: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return { seeded: false, products: existing?.n ?? 0 };

    // History ends today, so "Updated …" times and 90-day verdicts are current on a fresh install.
    const now = options.now ?? new Date();
    const generated = generateCatalogue({ now });
    const catalogue = options.include ? { ...generated, products: generated.products.filter(options.include) } : generated;
    const storeRows = await tx.insert(stores).values(catalogue.stores).returning({ id: stores.id, slug: stores.slug });
    const storeIds = new Map(storeRows.map((row) => [row.slug, row.id]));

    const productIds = new Map<string, number>();
    for (const batch of chunk(catalogue.products, BATCH)) {
      const rows = await tx
        .insert(products)
        .values(
          batch.map((p) => ({
            slug: p.slug,
            name: p.name,
            brand: p.brand,
            model: p.model,
            category: p.category,
            subcategory: p.subcategory,
            subSubcategory: p.subSubcategory,
            description: p.description,
            highlights: p.highlights,
            specifications: p.specifications,
            features: p.features,
            image: productImagePath(p.slug, 0),
            imageGallery: Array.from({ length: p.galleryCount + 1 }, (_, i) => productImagePath(p.slug, i)),
            videoUrl: p.videoUrl,
            variants: p.variants.map((v, i) => ({ id: i + 1, name: v.name, price: v.price, originalPrice: v.originalPrice })),
            kind: p.kind,
            color: p.color,
            gtin: p.gtin,
            mpn: p.mpn,
            rating: p.rating.toFixed(2),
            reviewCount: p.reviewCount,
            trending: p.trending,
          })),
        )
        .returning({ id: products.id, slug: products.slug });
      for (const row of rows) productIds.set(row.slug, row.id);
    }

    // Typed attributes (issue 15): every specification, the variants' sizes and memory options, what the name says.
    const attributeRows = catalogue.products.flatMap((p) => {
      const productId = productIds.get(p.slug);
      if (productId === undefined) return [];
      return attributesOf({ name: p.name, specifications: p.specifications, variants: p.variants, kind: p.category === 'electronics' ? 'electronics' : 'apparel' }).map(
        (a) => ({ productId, name: a.name, label: a.label, value: a.value, valueKey: a.valueKey, unit: a.unit, num: a.num === null ? null : String(a.num) }),
      );
    });
    for (const batch of chunk(attributeRows, BATCH * 2)) await tx.insert(productAttributes).values(batch);

    const offerInputs = catalogue.products.flatMap((p) =>
      p.offers.map((o) => ({ product: p, offer: o, productId: productIds.get(p.slug), storeId: storeIds.get(o.storeSlug) })),
    );
    const historyRows: { offerId: number; price: string; recordedAt: Date }[] = [];
    for (const batch of chunk(offerInputs, BATCH)) {
      const rows = await tx
        .insert(offers)
        .values(
          batch.map(({ product, offer, productId, storeId }, index) => {
            if (productId === undefined || storeId === undefined) throw new Error(`seed: unknown product or store for ${product.slug}`);
            return {
              productId,
              storeId,
              storeItemId: `${offer.storeSlug}-${product.slug}`,
              currentPrice: offer.currentPrice,
              originalPrice: offer.originalPrice,
              inStock: offer.inStock,
              stockQuantity: offer.stockQuantity,
              affiliateUrl: offer.affiliateUrl,
              freeShipping: offer.freeShipping,
              shippingCost: offer.shippingCost,
              // When the store last confirmed the price (a feed would say so): within the last day.
              updatedAt: new Date(now.getTime() - ((index % 20) + 1) * 60 * 60 * 1000),
            };
          }),
        )
        .returning({ id: offers.id });
      rows.forEach((row, i) => {
        for (const point of batch[i]?.offer.history ?? []) historyRows.push({ offerId: row.id, price: point.price, recordedAt: point.at });
      });
    }
    for (const batch of chunk(historyRows, BATCH * 4)) await tx.insert(priceHistory).values(batch);

    await refreshBestOffers(tx, 'all');
    await refreshDeals(tx, now);
    // The unfiltered listings' counts, stamped with the version this bump commits (the seed is a catalogue change
    // like any other: a cache that answered the empty catalogue drops it).
    await refreshListingStats(tx);
    await bumpCatalogueVersion(tx);
    return { seeded: true, products: catalogue.products.length };
  });
}
