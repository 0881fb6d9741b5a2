import { z } from 'zod';
import { CANONICAL_TOP_CATEGORIES, MAX_PAGE_SIZE } from '@/shared/catalog';
import { productSchema } from './product';
import { queryInt } from './common';

/** Minimum drop below the 90-day typical price the deals page filters by (percent). */
export const DEAL_DROP_OPTIONS = [5, 10, 20, 30] as const;
/** The drop the deals page shows when its URL names none (and then leaves out of the URL). */
export const DEFAULT_DEAL_DROP = DEAL_DROP_OPTIONS[0];

/** GET /deals: a page of deals, biggest drop first; `category` is a top-level slug (DECISIONS 6), `apparels` too. */
export const dealsQuery = z.object({
  category: z.enum([...CANONICAL_TOP_CATEGORIES, 'apparels']).optional(),
  minDrop: z.enum(['5', '10', '20', '30']).transform(Number).default(DEFAULT_DEAL_DROP),
  page: queryInt(1, 10_000).default(1),
  pageSize: queryInt(1, MAX_PAGE_SIZE).default(24),
});

export const dealSchema = z
  .object({
    product: productSchema,
    /** The median of the best offer's last 90 days of prices (the product page's "typical" price). */
    typicalPrice: z.number(),
    /** typicalPrice - currentPrice, rupees. */
    dropAmount: z.number(),
    dropPercent: z.number().int(),
    lowestEver: z.number(),
  })
  .meta({ id: 'Deal' });
export type Deal = z.infer<typeof dealSchema>;

export const dealPageSchema = z
  .object({ items: z.array(dealSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'DealPage' });
export type DealPage = z.infer<typeof dealPageSchema>;
