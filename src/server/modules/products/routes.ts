import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveCategoryPath } from '@/shared/catalog';
import { errorSchema, idParam } from '@/shared/contracts/common';
import {
  candidatesQuery,
  listingQuery,
  paginationQuery,
  productAttributesQuery,
  productAttributesSchema,
  productPageSchema,
  productSchema,
  productSearchQuery,
} from '@/shared/contracts/product';
import { asc, inArray } from 'drizzle-orm';
import { productAttributes, products } from '@/server/db/schema';
import { notFound } from '@/server/http-error';
import type { App } from '@/server/types';
import { listingKey } from '@/server/plugins/catalogue-cache';
import { facetSelectionKey } from './facets';
import type { PageRequest, ProductFilter } from './repository';

const tags = ['products'];
const idParams = z.object({ id: idParam });

export async function productRoutes(app: App) {
  // Every answer here is the same for every shopper: served from the catalogue cache (plugins/catalogue-cache.ts).
  const { catalogue } = app;
  const repo = app.productRepository;

  /**
   * A listing page with (optionally) its facet counts (issue 15), through the catalogue cache: the key names the
   * listing's parameters and every facet selection, normalised. Page and counts load in parallel (two
   * connections on PostgreSQL).
   */
  const facetedListing = (filter: ProductFilter, page: PageRequest, withFacets: boolean) => {
    const selections = facetSelectionKey(filter);
    if (!withFacets && selections === null) return catalogue.listing(filter, page);
    return catalogue.answer(
      `${listingKey(filter, page)}:facets:${JSON.stringify([withFacets, selections])}`,
      async () => {
        if (!withFacets) return repo.list(filter, page);
        // The counts statement also counts the listing's total, so a category page skips its own count (a search
        // counts its matches in the ranking pass anyway).
        const [listing, counted] = await Promise.all([repo.list(filter, page, { total: Boolean(filter.q) }), repo.facets(filter)]);
        return { ...listing, total: filter.q ? listing.total : counted.total, facets: counted.facets };
      },
      productPageSchema,
    );
  };

  app.get(
    '/products/all',
    {
      schema: {
        tags,
        summary: 'All products, a page at a time (the home page and comparison without a category)',
        querystring: paginationQuery.extend({ sort: listingQuery.shape.sort }),
        response: { 200: productPageSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { page, pageSize, sort } = request.query;
      return catalogue.send(request, reply, await catalogue.listing({}, { page, pageSize, sort }));
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Products matching filters: category path, price range, brand, search text, trending',
        querystring: productSearchQuery,
        response: { 200: productPageSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { page, pageSize, sort, category, subcategory, subSubcategory, facets, f, store, rating, ...rest } = request.query;
      const path = category ? resolveCategoryPath([category, subcategory, subSubcategory].filter((s): s is string => Boolean(s))) : null;
      if (category && !path) return { items: [], total: 0, page, pageSize, ...(facets ? { facets: [] } : {}) };
      const filter: ProductFilter = { ...rest, attributes: f, stores: store, minRating: rating, path: path ?? undefined };
      return catalogue.send(request, reply, await facetedListing(filter, { page, pageSize, sort }, facets === true));
    },
  );

  const listingHandler = async (request: FastifyRequest, reply: FastifyReply, params: string[], query: z.infer<typeof listingQuery>) => {
    const path = resolveCategoryPath(params);
    if (!path) throw notFound(`Category not found: ${params.join('/')}`);
    const { page, pageSize, sort, price, brand, f, store, inStock, minDiscount, rating } = query;
    const filter: ProductFilter = { path, price, brand, attributes: f, stores: store, inStock, minDiscount, minRating: rating };
    return catalogue.send(request, reply, await facetedListing(filter, { page, pageSize, sort }, true));
  };
  const listingSchema = <P extends z.ZodType>(summary: string, params: P) => ({
    schema: { tags, summary, params, querystring: listingQuery, response: { 200: productPageSchema, 400: errorSchema, 404: errorSchema } },
  });

  app.get(
    '/products/browse/:category',
    listingSchema('Listing of a top category', z.object({ category: z.string().max(100) })),
    async (request, reply) => listingHandler(request, reply, [request.params.category], request.query),
  );
  app.get(
    '/products/browse/:category/:subcategory',
    listingSchema('Listing of a subcategory', z.object({ category: z.string().max(100), subcategory: z.string().max(100) })),
    async (request, reply) => listingHandler(request, reply, [request.params.category, request.params.subcategory], request.query),
  );
  app.get(
    '/products/browse/:category/:subcategory/:subSubcategory',
    listingSchema(
      'Listing of a sub-subcategory',
      z.object({ category: z.string().max(100), subcategory: z.string().max(100), subSubcategory: z.string().max(100) }),
    ),
    async (request, reply) =>
      listingHandler(request, reply, [request.params.category, request.params.subcategory, request.params.subSubcategory], request.query),
  );

  app.get(
    '/products/category/:category',
    {
      schema: {
        tags,
        summary: 'Comparison candidates of a category, excluding given ids, the given subcategory first',
        params: z.object({ category: z.string().max(100) }),
        querystring: candidatesQuery,
        response: { 200: z.array(productSchema), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const path = resolveCategoryPath([request.params.category]);
      if (!path) throw notFound(`Category not found: ${request.params.category}`);
      const { exclude = [], subcategory, limit } = request.query;
      return catalogue.send(request, reply, await catalogue.candidates({ category: path.category, subcategory, exclude, limit }));
    },
  );

  app.get(
    '/products/attributes',
    {
      schema: {
        tags,
        summary: 'The typed attributes (RAM 8 GB, Size M, …) of up to 10 products, in the order asked; unknown ids are left out',
        querystring: productAttributesQuery,
        response: { 200: productAttributesSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { ids } = request.query;
      const answer = await catalogue.answer(
        `attributes:${ids.join(',')}`,
        async () => {
          const rows = await app.database.db
            .select()
            .from(productAttributes)
            .where(inArray(productAttributes.productId, ids))
            .orderBy(asc(productAttributes.productId), asc(productAttributes.name), asc(productAttributes.num), asc(productAttributes.valueKey));
          const found = await app.database.db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
          const known = new Set(found.map((row) => row.id));
          return ids.filter((id) => known.has(id)).map((productId) => ({
            productId,
            attributes: rows
              .filter((row) => row.productId === productId)
              .map((row) => ({ name: row.name, label: row.label, value: row.value, valueKey: row.valueKey, unit: row.unit, num: row.num === null ? null : Number(row.num) })),
          }));
        },
        productAttributesSchema,
      );
      return catalogue.send(request, reply, answer);
    },
  );

  const productHandler = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const answer = await catalogue.product(id);
    if (answer.value === null) throw notFound('Product not found');
    return catalogue.send(request, reply, answer);
  };
  const productSchemaOptions = (summary: string) => ({
    schema: { tags, summary, params: idParams, response: { 200: productSchema, 400: errorSchema, 404: errorSchema } },
  });
  app.get('/products/:id', productSchemaOptions('One product with all its offers'), async (request, reply) => productHandler(request, reply, request.params.id));
  app.get('/products/single/:id', productSchemaOptions('One product (alias of /products/{id})'), async (request, reply) =>
    productHandler(request, reply, request.params.id),
  );
}
