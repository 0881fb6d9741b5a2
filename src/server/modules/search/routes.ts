import { z } from 'zod';
import { errorSchema } from '@/shared/contracts/common';
import { searchSuggestionSchema, searchSuggestQuery } from '@/shared/contracts/search';
import type { App } from '@/server/types';

/** DECISIONS 11: suggestions while typing in the header search box. Full results are GET /products?q=. */
export async function searchRoutes(app: App) {
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
      // The same letters give the same answer until the catalogue changes: from the catalogue cache.
      return app.catalogue.send(request, reply, await app.catalogue.suggestions(q, limit));
    },
  );
}
