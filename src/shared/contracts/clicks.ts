import { z } from 'zod';
import { queryInt } from './common';

/** Where a click-out came from: `/go/{offerId}?from=…` (anything else counts as 'other'). */
export const CLICK_SOURCE_PAGES = ['product', 'compare', 'wishlist', 'listing', 'search', 'home', 'alerts', 'other'] as const;
export type ClickSourcePage = (typeof CLICK_SOURCE_PAGES)[number];

/** GET /api/clicks/ticket: the signed-in shopper's click ticket for `/go/` links (`u=`). */
export const clickTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() }).meta({ id: 'ClickTicket' });
export type ClickTicket = z.infer<typeof clickTicketSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-25');

/** The operator's filter for click statistics: a day range (UTC, inclusive; default the last 30 days) and a store. */
export const clickStatsQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    store: z.string().max(100).optional(),
    limit: queryInt(1, 500).optional(),
  })
  .strict();
export type ClickStatsQuery = z.infer<typeof clickStatsQuery>;

export const clickDayRowSchema = z.object({
  day: z.string(),
  storeSlug: z.string(),
  storeName: z.string(),
  clicks: z.number().int(),
  /** Clicks by signed-in shoppers. */
  signedIn: z.number().int(),
  /** Clicks from a product page. */
  fromProductPage: z.number().int(),
});
export type ClickDayRow = z.infer<typeof clickDayRowSchema>;

export const clickProductRowSchema = z.object({
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  clicks: z.number().int(),
  fromProductPage: z.number().int(),
  /** Share of this product's clicks that came from its product page (0–1). */
  productPageShare: z.number(),
});
export type ClickProductRow = z.infer<typeof clickProductRowSchema>;

export const clickSourceRowSchema = z.object({ sourcePage: z.string(), clicks: z.number().int(), share: z.number() });

export const clickStatsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    total: z.number().int(),
    /** Per store per day, oldest first. */
    days: z.array(clickDayRowSchema),
    /** Most-clicked products in the range. */
    topProducts: z.array(clickProductRowSchema),
    /** Click-through by the page the click came from (product page, comparison, wishlist…). */
    sources: z.array(clickSourceRowSchema),
  })
  .meta({ id: 'ClickStats' });
export type ClickStats = z.infer<typeof clickStatsSchema>;
