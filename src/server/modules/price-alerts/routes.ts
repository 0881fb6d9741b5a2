import { z } from 'zod';
import { createPriceAlertBody, priceAlertSchema, updatePriceAlertBody } from '@/shared/contracts/account';
import { errorSchema, idParam } from '@/shared/contracts/common';
import { notFound } from '@/server/http-error';
import { currentUserId } from '@/server/plugins/auth';
import type { App } from '@/server/types';
import { createPriceAlertRepository } from './repository';

const tags = ['price-alerts'];
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: idParam });

export async function priceAlertRoutes(app: App) {
  const alerts = createPriceAlertRepository(app.database.db, app.productRepository);
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/price-alerts',
    { schema: { tags, security, summary: 'The signed-in user’s price alerts, newest first', response: { 200: z.array(priceAlertSchema), 401: errorSchema } } },
    async (request) => alerts.list(currentUserId(request)),
  );

  app.post(
    '/price-alerts',
    {
      schema: {
        tags,
        security,
        summary: 'Create a price alert (or a back-in-stock alert)',
        body: createPriceAlertBody,
        response: { 201: priceAlertSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await app.productRepository.exists(request.body.productId))) throw notFound('Product not found');
      const alert = await alerts.create(currentUserId(request), request.body);
      if (!alert) throw notFound('Product not found');
      return reply.status(201).send(alert);
    },
  );

  app.put(
    '/price-alerts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change the target price and/or switch the alert on or off',
        params: idParams,
        body: updatePriceAlertBody,
        response: { 200: priceAlertSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const alert = await alerts.update(currentUserId(request), request.params.id, request.body);
      if (!alert) throw notFound('Price alert not found');
      return alert;
    },
  );

  app.delete(
    '/price-alerts/:id',
    {
      schema: { tags, security, summary: 'Delete a price alert', params: idParams, response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      if (!(await alerts.remove(currentUserId(request), request.params.id))) throw notFound('Price alert not found');
      return reply.status(204).send(null);
    },
  );
}
