import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  json,
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
  /**
   * How the store's affiliate tag goes onto an offer URL at click-out (`/go/{offerId}`; src/shared/affiliate.ts):
   * query parameters merged into the offer URL (`tag=bachat-21&utm_source=bachat`), or a tracking URL with
   * `{url}` where the encoded offer URL goes (`https://track.example/c?aff=7&u={url}`). Null: no tag.
   */
  affiliateTagTemplate: text('affiliate_tag_template'),
  createdAt: createdAt(),
  /** Set when an operator paused the store: its scheduled imports stop until resumed. */
  pausedAt: timestamp('paused_at', { withTimezone: true }),
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
  ],
);

/**
 * What search matches for a product with offers: lower-cased name, brand, model, category slugs and store names.
 * Beside the product rather than in it, so a price change (a product row rewrite, a dozen index entries) does not
 * also re-index ~80 trigrams of unchanged text (docs/decisions/feeds-import.md).
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
  },
  (t) => [index('product_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);

/**
 * A product's specifications as typed attributes (issue 15): `RAM 8 GB` → name 'ram', value '8 GB', unit 'GB',
 * num 8. Multi-valued (a dress's sizes, a phone's storage variants): one row per value. `store_id` is the store
 * whose feed gave the value (null: the catalogue's own specifications), so a re-import replaces only its own.
 * Facets (which attributes a category filters by) are configuration: src/shared/facet-config.ts.
 */
export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Canonical attribute key: 'ram', 'storage', 'battery', 'size', 'colour', or the slug of a spec label. */
    name: text('name').notNull(),
    /** The label as the source wrote it ("Internal Storage"). */
    label: text('label').notNull(),
    /** Display value, normalised where a unit was read ("8 GB"). */
    value: text('value').notNull(),
    /** Lower-case slug of the value ("8-gb"): what facet filters in URLs name. */
    valueKey: text('value_key').notNull(),
    unit: text('unit'),
    /** The numeric value in the unit's base (storage and RAM in GB), when there is one. */
    num: numeric('num', { precision: 14, scale: 3 }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.name, t.valueKey] }),
    index('product_attributes_facet_idx').on(t.name, t.valueKey, t.productId),
    index('product_attributes_num_idx').on(t.name, t.num, t.productId),
  ],
);

/**
 * Precomputed deals (issue 15): products whose best price is well below their 90-day median, refreshed after
 * every import and at seed time, so the deals page is an indexed read.
 */
export const productDeals = pgTable(
  'product_deals',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    subcategory: text('subcategory'),
    currentPrice: money('current_price').notNull(),
    median90: money('median90').notNull(),
    /** median90 - currentPrice, rupees. */
    dropAmount: money('drop_amount').notNull(),
    /** Whole percent below the median. */
    dropPercent: smallint('drop_percent').notNull(),
    lowestEver: money('lowest_ever').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // In the deals page's order (biggest drop first), so a page is the next 24 index entries, not a sort of every deal.
  (t) => [
    index('product_deals_order_idx').on(t.dropPercent.desc(), t.dropAmount.desc(), t.productId),
    index('product_deals_category_order_idx').on(t.category, t.dropPercent.desc(), t.dropAmount.desc(), t.productId),
  ],
);

/** When a shopper last opened the site, for "since you last looked" (issue 15): a visit is an Indian calendar day. */
export const userVisits = pgTable(
  'user_visits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'site': the one site-wide visit "since you last looked" measures from (docs/decisions/since-you-last-looked.md). */
    scope: text('scope').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The visit before the current one: what price moves are measured from. */
    sinceAt: timestamp('since_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope] })],
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
    /** 'shopper' or 'operator' (runs the console at /admin). */
    role: text('role').$type<'shopper' | 'operator'>().notNull().default('shopper'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    check('users_role_known', sql`${t.role} in ('shopper', 'operator')`),
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
    /** The product the notification is about (links the panel to its page); null when it was deleted. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt), index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Every item of every store feed as last imported (docs/decisions/feeds-variants.md): the store's own id,
 * the product it joined, and what the feed said. A store's offer for a product is derived from its items
 * (the cheapest in-stock one), so variants (item_group_id) and duplicate listings fold into one offer.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The feed's `id`. */
    itemId: text('item_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Where the item came in the feed last time (item number or TSV line): orders a product's variants. */
    position: integer('position').notNull(),
    /** The feed's `item_group_id`: the store's items of one group are variants of one product. */
    groupId: text('group_id'),
    /** "Maroon / M": the variant's name, for grouped items only. */
    variant: text('variant'),
    title: text('title').notNull(),
    link: text('link').notNull(),
    imageLink: text('image_link').notNull(),
    /** The regular price; current_price is the sale price when there is one. */
    price: money('price').notNull(),
    salePrice: money('sale_price'),
    currentPrice: money('current_price').notNull(),
    inStock: boolean('in_stock').notNull(),
    shippingCost: numeric('shipping_cost', { precision: 10, scale: 2 }),
    /** GTIN zero-padded to 14 digits (gtinKey), so a UPC and an EAN of one product match. */
    gtinKey: text('gtin_key'),
    brand: text('brand'),
    mpn: text('mpn'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Typed attributes the item gave (product_detail, size, color, material, gender, age_group, or its title). */
    attributes: jsonb('attributes').$type<unknown[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.itemId] }),
    index('feed_items_product_idx').on(t.productId, t.storeId),
    index('feed_items_gtin_idx').on(t.gtinKey).where(sql`${t.gtinKey} is not null`),
    index('feed_items_brand_mpn_idx').on(sql`lower(${t.brand})`, sql`lower(${t.mpn})`).where(sql`${t.mpn} is not null`),
  ],
);

/** One feed import: what it did, or why it failed (`npm run feeds -- status`). */
export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The file path or URL imported. */
    source: text('source').notNull(),
    /** 'cli' or 'schedule'. */
    trigger: text('trigger').notNull().default('cli'),
    /** 'running', 'succeeded', 'failed' or 'not_modified' (the feed URL answered 304: nothing to import). */
    status: text('status').notNull().default('running'),
    /** A partial feed does not mark missing items out of stock. */
    partial: boolean('partial').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Touched while the import works; a 'running' run without a recent heartbeat was interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    itemsRead: integer('items_read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    priceChanges: integer('price_changes').notNull().default(0),
    markedOutOfStock: integer('marked_out_of_stock').notNull().default(0),
    productsCreated: integer('products_created').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first row errors ({ position, line?, id?, reason }), so a huge bad feed stays a small row. */
    errors: jsonb('errors').$type<{ position: number; line?: number; id?: string; reason: string }[]>().notNull().default([]),
    /** Why a failed run failed. */
    message: text('message'),
    durationMs: integer('duration_ms'),
    /**
     * Why the guard flagged this run (rejection rate jumped, item count dropped by more than half); a flagged full
     * feed does not delist the store's missing items until an operator confirms (POST /api/admin/import-runs/:id/confirm).
     */
    flagReason: text('flag_reason'),
    /** null (not flagged), 'flagged' (waiting), 'confirmed' (missing items delisted), 'superseded' (a later run came). */
    flagStatus: text('flag_status'),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('import_runs_store_started_idx').on(t.storeId, t.startedAt),
    index('import_runs_started_idx').on(t.startedAt),
    // One import per store at a time, across processes (CLI, scheduler, other instances).
    uniqueIndex('import_runs_one_running_idx').on(t.storeId).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Feed category paths (product_type or google_product_category, normalised: lower case, " > " between
 * levels) → catalogue path. An item that needs a new product and whose paths map to nothing is a row error.
 */
export const categoryMappings = pgTable('category_mappings', {
  source: text('source').primaryKey(),
  category: text('category').notNull(),
  subcategory: text('subcategory'),
  subSubcategory: text('sub_subcategory'),
  createdAt: createdAt(),
});

/**
 * Alert e-mails waiting to be sent (transactional outbox): written with the notification, claimed with
 * FOR UPDATE SKIP LOCKED under a lease, marked sent after the SMTP server accepted it. One row per
 * notification, so one e-mail per crossing however often the evaluation runs.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** 'pending', 'sending' (claimed), 'sent' or 'failed' (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimToken: text('claim_token'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_notification_idx').on(t.notificationId),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Every rejected feed item of a run (up to a bound per run; import_runs.error_count counts them all): where it
 * was (item number, or line for CSV/TSV and the line an XML item starts on), its id, the field and the reason.
 */
export const importRejections = pgTable(
  'import_rejections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    line: integer('line'),
    itemId: text('item_id'),
    field: text('field').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('import_rejections_run_idx').on(t.runId, t.position), index('import_rejections_run_field_idx').on(t.runId, t.field)],
);

/**
 * Conditional fetch of feed URLs: the validators of the last full response, so an unchanged feed costs one
 * request (304) and its run records "not modified".
 */
export const feedFetchCache = pgTable('feed_fetch_cache', {
  url: text('url').primaryKey(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One click-out through `/go/{offerId}` (bots and prefetches are not recorded). The store and product are
 * copied from the offer when the click is written, so statistics survive offers moving between products. No raw
 * IP: a keyed hash of the /24 (IPv4) or /48 (IPv6) network, rotated daily, enough to spot click floods.
 *
 * An append-only log: no foreign keys to offers, stores or products. Checking them (and taking a key-share lock
 * on the offer's, store's and product's rows) was most of the cost of writing a click (docs/decisions/click-outs.md);
 * the one change that deletes offers and products, a merge, moves their clicks first, and the statistics left-join.
 */
export const clickEvents = pgTable(
  'click_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
    offerId: integer('offer_id'),
    storeId: integer('store_id').notNull(),
    productId: integer('product_id'),
    /** The signed-in shopper, if any. No foreign key, like the other references here: nothing checks a row per click. */
    userId: integer('user_id'),
    /** Which page the click came from: 'product', 'compare', 'wishlist', 'listing', 'other'. */
    sourcePage: text('source_page').notNull().default('other'),
    ipHash: text('ip_hash'),
  },
  (t) => [
    // Rows arrive in time order and are never updated in place by time: a block-range index answers a date range
    // for a fraction of a b-tree's upkeep on every click.
    index('click_events_clicked_brin').using('brin', t.clickedAt),
    index('click_events_store_clicked_idx').on(t.storeId, t.clickedAt),
    index('click_events_product_clicked_idx').on(t.productId, t.clickedAt),
  ],
);

/** What operators (and the admin CLI) changed: who, what, when. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The operator; null for the command line (actor_label says who) or a deleted account. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor as shown: the operator's e-mail at the time, or "cli". */
    actorLabel: text('actor_label').notNull(),
    /** e.g. 'store.create', 'product.merge', 'user.promote'. */
    action: text('action').notNull(),
    /** 'store', 'product', 'offer', 'user', 'category-mapping', 'import-run'. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** A one-line description an operator reads in the console. */
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/** A merged product's old id → the product it was merged into: its URLs redirect there. */
export const productRedirects = pgTable(
  'product_redirects',
  {
    fromProductId: integer('from_product_id').primaryKey(),
    toProductId: integer('to_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_redirects_to_idx').on(t.toProductId)],
);

/**
 * One row: the catalogue's version. Every change a shopper sees in catalogue answers (feed import, review,
 * operator merge/split) bumps it in the same transaction and notifies `catalogue_version` listeners, so each
 * instance's response cache drops what it holds (docs/decisions/0005-catalogue-cache.md).
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('catalogue_version_one_row', sql`${table.id} = 1`)],
);

/**
 * Precomputed counts of every unfiltered listing scope (issue 18, docs/decisions/facets-deals-budgets.md): for each
 * category path a shopper can browse, the total and facet groups `facetCounts` answers with no selection. Written by
 * `refreshListingStats` in the transaction that bumps the catalogue version, stamped with that version and that
 * transaction's `now()` (= the `changed_at` its bump writes); a row is read only while both still match
 * `catalogue_version`, so a change that bumped without refreshing (a review) falls back to the live count.
 * `json`, not `jsonb`: the stored text keeps the key order, so an answer from a row is byte-identical to a live one.
 */
export const listingScopeStats = pgTable('listing_scope_stats', {
  /** The category path, slugs joined by '/': `electronics`, `electronics/mobiles`, `ladies-apparels/western-wear/dresses`. */
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  total: integer('total').notNull(),
  facets: json('facets').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
