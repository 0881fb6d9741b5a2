/** Category mapping in the console: what `npm run feeds -- categories` does, with the audit log. */
import { z } from 'zod';
import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES } from '@/shared/catalog';
import { categoryMappingsResponseSchema, categoryMappingSchema, removeCategoryMappingQuery, setCategoryMappingBody } from '@/shared/contracts/admin';
import { errorSchema } from '@/shared/contracts/common';
import { badRequest, notFound } from '@/server/http-error';
import {
  catalogPathText,
  defaultCategoryMappings,
  ensureDefaultCategoryMappings,
  listCategoryMappings,
  normalizeCategoryPath,
  parseCatalogPath,
  removeCategoryMapping,
  setCategoryMapping,
} from '@/server/modules/feeds/category-mapping';
import type { App } from '@/server/types';
import { recordAudit } from './audit';
import { actorOf, adminSecurity, guarded } from './guard';

const tags = ['admin'];

/** Every catalogue path a feed category can map to. */
export function catalogueTargets(): string[] {
  const targets = ['electronics', ...ELECTRONICS_SUBCATEGORIES.map((sub) => `electronics/${sub}`), 'ladies-apparels'];
  for (const group of APPAREL_GROUPS) {
    targets.push(`ladies-apparels/${group.slug}`);
    for (const leaf of group.children) targets.push(`ladies-apparels/${group.slug}/${leaf}`);
  }
  return targets.filter((target) => parseCatalogPath(target) !== null);
}

export async function adminCategoryRoutes(app: App) {
  const { db } = app.database;
  const builtIn = new Map(defaultCategoryMappings().map((row) => [row.source, catalogPathText(row)]));

  app.get(
    '/admin/category-mappings',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Feed category paths and the catalogue category each maps to',
        response: { 200: categoryMappingsResponseSchema, ...guarded },
      },
    },
    async () => {
      await ensureDefaultCategoryMappings(db);
      const rows = await listCategoryMappings(db);
      return {
        items: rows.map((row) => ({ source: row.source, target: catalogPathText(row), builtIn: builtIn.has(row.source) })),
        targets: catalogueTargets(),
      };
    },
  );

  app.put(
    '/admin/category-mappings',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Map a feed category path to a catalogue category (used by the next import)',
        body: setCategoryMappingBody,
        response: { 200: categoryMappingSchema, 400: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const actor = await actorOf(app, request);
      await ensureDefaultCategoryMappings(db);
      const before = (await listCategoryMappings(db)).find((row) => row.source === normalizeCategoryPath(request.body.source));
      const row = await db.transaction(async (tx) => {
        const saved = await setCategoryMapping(tx, request.body.source, request.body.target).catch((error: Error) => {
          throw badRequest(error.message);
        });
        await recordAudit(tx, actor, {
          action: 'category-mapping.set',
          entityType: 'category-mapping',
          entityId: saved.source.slice(0, 40),
          summary: `Mapped "${saved.source}" → ${catalogPathText(saved)}${before ? ` (was ${catalogPathText(before)})` : ''}`,
          details: { source: saved.source, to: catalogPathText(saved), from: before ? catalogPathText(before) : null },
        });
        return saved;
      });
      return { source: row.source, target: catalogPathText(row), builtIn: builtIn.has(row.source) };
    },
  );

  app.delete(
    '/admin/category-mappings',
    {
      schema: {
        tags,
        security: adminSecurity,
        summary: 'Remove a mapping (built-in mappings cannot be removed, only mapped elsewhere)',
        querystring: removeCategoryMappingQuery,
        response: { 204: z.null(), 400: errorSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(app, request);
      const key = normalizeCategoryPath(request.query.source);
      if (key === null) throw badRequest('The feed category path is empty');
      if (builtIn.has(key)) throw badRequest(`"${key}" is a built-in mapping (it comes back on the next import): map it elsewhere instead`);
      await db.transaction(async (tx) => {
        if (!(await removeCategoryMapping(tx, key))) throw notFound(`No mapping for "${key}"`);
        await recordAudit(tx, actor, {
          action: 'category-mapping.remove',
          entityType: 'category-mapping',
          entityId: key.slice(0, 40),
          summary: `Removed the mapping of "${key}"`,
        });
      });
      return reply.status(204).send(null);
    },
  );
}
