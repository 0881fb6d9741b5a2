import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '@/server/db/client';
import { type ProductRepository, createProductRepository } from '@/server/modules/products/repository';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Product JSON is needed by several modules (wishlist, alerts, comparisons): one repository builds it. */
    productRepository: ProductRepository;
  }
}

export const dbPlugin = fp<{ database: DatabaseHandle; closeOnShutdown: boolean }>(async (app: FastifyInstance, options) => {
  app.decorate('database', options.database);
  app.decorate('productRepository', createProductRepository(options.database.db));
  if (options.closeOnShutdown) app.addHook('onClose', async () => options.database.close());
});
