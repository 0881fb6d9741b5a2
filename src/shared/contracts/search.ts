import { z } from 'zod';
import { SEARCH_SUGGESTION_LIMIT } from '@/shared/catalog';

/** GET /search/suggest: what the header search box lists while the shopper types (DECISIONS 11). */
export const searchSuggestQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  limit: z.coerce.number().int().min(1).max(20).default(SEARCH_SUGGESTION_LIMIT),
});

export const searchSuggestionSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    brand: z.string(),
    category: z.string(),
    subcategory: z.string().nullable(),
    image: z.string(),
    currentPrice: z.number(),
  })
  .meta({ id: 'SearchSuggestion' });
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;
