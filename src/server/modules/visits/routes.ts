import { errorSchema } from '@/shared/contracts/common';
import { priceMovesQuery, priceMovesSchema, visitSchema } from '@/shared/contracts/visits';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';
import { priceMovesSince, recordVisit, visitSince } from './repository';

const tags = ['visits'];
const security = [{ bearerAuth: [] }];

/** "Since you last looked" (issue 15): visits are recorded here, and price moves measured from the previous one. */
export async function visitRoutes(app: App) {
  const { db } = app.database;
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/visits',
    {
      schema: {
        tags,
        security,
        summary: 'Record that the signed-in shopper opened the site; answers the previous visit (a visit is an Indian calendar day)',
        response: { 200: visitSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const since = await recordVisit(db, currentUserId(request), new Date());
      return { since: since?.toISOString() ?? null };
    },
  );

  app.get(
    '/price-moves',
    {
      schema: {
        tags,
        security,
        summary: 'How the best prices of the shopper’s wishlist or alert products moved since their previous visit (changed ones only)',
        querystring: priceMovesQuery,
        response: { 200: priceMovesSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const userId = currentUserId(request);
      const since = await visitSince(db, userId, new Date());
      if (!since) return { since: null, moves: [] };
      return { since: since.toISOString(), moves: await priceMovesSince(db, userId, request.query.on, since) };
    },
  );
}
