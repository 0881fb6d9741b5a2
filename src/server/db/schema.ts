import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Money is exact: numeric(12,2) rupees, read as strings and converted only at the edge. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type StoredVariant = { id: number; name: string; price: string; originalPrice: string };

export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  homepage: text('homepage').notNull(),
  feedUrl: text('feed_url'),
  /** Minutes between scheduled feed syncs; null = not scheduled. */
  feedIntervalMinutes: integer('feed_interval_minutes'),
  createdAt: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull().default(''),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    subSubcategory: text('sub_subcategory'),
    description: text('description').notNull().default(''),
    highlights: text('highlights').notNull().default(''),
    specifications: jsonb('specifications'),
    features: jsonb('features'),
    image: text('image').notNull().default(''),
    imageGallery: jsonb('image_gallery').$type<string[]>().notNull().default([]),
    videoUrl: text('video_url'),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull().default([]),
    kind: text('kind').notNull().default(''),
    color: text('color').notNull().default('#64748b'),
    gtin: text('gtin'),
    mpn: text('mpn'),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    trending: boolean('trending').notNull().default(false),
    /** Denormalised best offer (DECISIONS 8), refreshed whenever an offer changes, so listings sort and filter on indexes. */
    bestOfferId: integer('best_offer_id'),
    currentPrice: money('current_price'),
    originalPrice: money('original_price'),
    discount: smallint('discount').notNull().default(0),
    inStock: boolean('in_stock').notNull().default(false),
    /** Lower-cased name, brand, model, category slugs and store names: what search matches. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_listing_price_idx').on(t.category, t.subcategory, t.subSubcategory, t.currentPrice),
    index('products_listing_rating_idx').on(t.category, t.subcategory, t.subSubcategory, t.rating),
    index('products_listing_discount_idx').on(t.category, t.subcategory, t.subSubcategory, t.discount),
    index('products_listing_relevance_idx').on(t.category, t.subcategory, t.subSubcategory, t.trending, t.reviewCount),
    index('products_price_idx').on(t.currentPrice),
    index('products_trending_idx').on(t.trending, t.reviewCount),
    index('products_brand_idx').on(sql`lower(${t.brand})`, t.category),
    index('products_gtin_idx').on(t.gtin),
    index('products_brand_mpn_idx').on(sql`lower(${t.brand})`, t.mpn),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The store's own item id (feed `id`), used to match the item again on the next import. */
    storeItemId: text('store_item_id'),
    currentPrice: money('current_price').notNull(),
    originalPrice: money('original_price').notNull(),
    inStock: boolean('in_stock').notNull().default(true),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    affiliateUrl: text('affiliate_url'),
    freeShipping: boolean('free_shipping').notNull().default(false),
    shippingCost: numeric('shipping_cost', { precision: 10, scale: 2 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_product_store_idx').on(t.productId, t.storeId),
    uniqueIndex('offers_store_item_idx').on(t.storeId, t.storeItemId),
    check('offers_price_nonnegative', sql`${t.currentPrice} >= 0 and ${t.originalPrice} >= 0`),
  ],
);

export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_offer_idx').on(t.offerId, t.recordedAt)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_user_created_idx').on(t.userId, t.createdAt)],
);

export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 'price': notify at or below target; 'back-in-stock': notify when any store has it again. */
    kind: text('kind').notNull().default('price'),
    targetPrice: money('target_price'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the alert crossed its target; cleared when the price goes back above, so a new crossing notifies again. */
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.createdAt),
    index('price_alerts_product_active_idx').on(t.productId).where(sql`${t.isActive}`),
  ],
);

export const comparisons = pgTable(
  'comparisons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('comparisons_user_idx').on(t.userId, t.createdAt)],
);

export const comparisonProducts = pgTable(
  'comparison_products',
  {
    comparisonId: integer('comparison_id')
      .notNull()
      .references(() => comparisons.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.comparisonId, t.position] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id').references(() => priceAlerts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt)],
);
