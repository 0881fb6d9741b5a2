import { z } from 'zod';
import { isoDate } from './common';

/** POST /visits answer: the previous visit, what "since you last looked" measures from (null on a first visit). */
export const visitSchema = z.object({ since: isoDate.nullable() }).meta({ id: 'Visit' });
export type Visit = z.infer<typeof visitSchema>;

/** GET /price-moves?on=wishlist|alerts: the products of the shopper's wishlist or price alerts. */
export const priceMovesQuery = z.object({ on: z.enum(['wishlist', 'alerts']) });

export const priceMoveSchema = z.object({
  productId: z.number().int(),
  /** The product's best price when the shopper last looked. */
  previousPrice: z.number(),
  /** Its best price now (the product's currentPrice). */
  currentPrice: z.number(),
  /** currentPrice - previousPrice, rupees: negative is a drop. */
  change: z.number(),
});
export type PriceMove = z.infer<typeof priceMoveSchema>;

export const priceMovesSchema = z
  .object({
    /** The previous visit the moves are measured from; null when there is none yet (then there are no moves). */
    since: isoDate.nullable(),
    /** Only products whose best price changed since then. */
    moves: z.array(priceMoveSchema),
  })
  .meta({ id: 'PriceMoves' });
export type PriceMoves = z.infer<typeof priceMovesSchema>;
