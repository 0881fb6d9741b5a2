import { z } from 'zod';
import { errorSchema } from '@/shared/contracts/common';
import { searchSuggestionSchema, searchSuggestQuery } from '@/shared/contracts/search';
import type { App } from '@/server/types';
import { createSearchRepository } from './repository';

/** DECISIONS 11: suggestions while typing in the header search box. Full results are GET /products?q=. */
export async function searchRoutes(app: App) {
  const repo = createSearchRepository(app.database.db);

  app.get(
    '/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Top matches for what the shopper is typing (name, brand, model, store, category; tolerant of small typos)',
        querystring: searchSuggestQuery,
        response: { 200: z.array(searchSuggestionSchema), 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      // Browsers may reuse a suggestion list for a short while: the same letters give the same answer.
      reply.header('cache-control', 'public, max-age=30');
      return repo.suggest(q, limit);
    },
  );
}
