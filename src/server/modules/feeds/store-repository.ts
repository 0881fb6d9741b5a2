/** Stores whose feeds are imported: added and scheduled from the CLI (`npm run feeds -- stores …`). */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/server/db/client';
import { stores } from '@/server/db/schema';
import { queryOne, queryRows } from './sql-rows';

export type StoreRow = typeof stores.$inferSelect;

const httpUrl = z
  .string()
  .trim()
  .url('must be a URL')
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http(s) URL');

export const storeInput = z.object({
  slug: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(60, 'must be at most 60 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens (e.g. my-store)'),
  name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  homepage: httpUrl,
  /** A URL or a file path (a path is read by whoever runs the sync). */
  feedUrl: z.string().trim().min(1).max(2000).nullable().default(null),
  feedIntervalMinutes: z.number().int('must be whole minutes').min(5, 'must be at least 5 minutes').max(10_080).nullable().default(null),
});
export type StoreInput = z.input<typeof storeInput>;

export const storeChanges = storeInput.omit({ slug: true }).partial();
export type StoreChanges = z.input<typeof storeChanges>;

export class StoreInputError extends Error {
  override readonly name = 'StoreInputError';
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new StoreInputError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'store'}: ${issue.message}`).join('; '));
  }
  return parsed.data;
}

export function createStoreRepository(db: Database) {
  return {
    async add(input: StoreInput): Promise<StoreRow> {
      const store = parse(storeInput, input);
      if (store.feedIntervalMinutes !== null && store.feedUrl === null) {
        throw new StoreInputError('feedIntervalMinutes: a schedule needs a feed URL');
      }
      const [row] = await db.insert(stores).values(store).onConflictDoNothing().returning();
      if (!row) throw new StoreInputError(`slug: a store "${store.slug}" already exists`);
      return row;
    },

    async update(slug: string, changes: StoreChanges): Promise<StoreRow> {
      const values = parse(storeChanges, changes);
      const existing = await this.find(slug);
      if (!existing) throw new StoreInputError(`no store "${slug}"`);
      const feedUrl = values.feedUrl === undefined ? existing.feedUrl : values.feedUrl;
      const interval = values.feedIntervalMinutes === undefined ? existing.feedIntervalMinutes : values.feedIntervalMinutes;
      if (interval !== null && feedUrl === null) throw new StoreInputError('feedIntervalMinutes: a schedule needs a feed URL');
      const [row] = await db.update(stores).set(values).where(eq(stores.slug, slug)).returning();
      if (!row) throw new StoreInputError(`no store "${slug}"`);
      return row;
    },

    async find(slug: string): Promise<StoreRow | undefined> {
      const [row] = await db.select().from(stores).where(eq(stores.slug, slug));
      return row;
    },

    async list(): Promise<StoreRow[]> {
      return db.select().from(stores).orderBy(asc(stores.slug));
    },

    /**
     * Scheduled stores whose last import started at least their interval ago (or never ran), oldest first.
     * A failed run counts too, so a broken feed is retried on schedule rather than hammered.
     */
    async due(now: Date = new Date()): Promise<StoreRow[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select s.id
            from stores s
            left join lateral (select max(r.started_at) as last from import_runs r where r.store_id = s.id) r on true
            where s.feed_url is not null and s.feed_interval_minutes is not null and s.paused_at is null
              and (r.last is null or r.last <= ${now.toISOString()}::timestamptz - make_interval(mins => s.feed_interval_minutes))
            order by r.last asc nulls first, s.id`,
      );
      if (rows.length === 0) return [];
      const due = await db.select().from(stores).where(inArray(stores.id, rows.map((row) => row.id)));
      const byId = new Map(due.map((store) => [store.id, store]));
      return rows.flatMap((row) => byId.get(row.id) ?? []);
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
