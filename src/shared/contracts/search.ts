import { z } from 'zod';
import { SEARCH_SUGGESTION_LIMIT } from '@/shared/catalog';
import { queryInt } from './common';

/** GET /search/suggest: what the header search box lists while the shopper types (DECISIONS 11). */
export const searchSuggestQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  limit: queryInt(1, 20).default(SEARCH_SUGGESTION_LIMIT),
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
