/**
 * npm run feeds -- <command>
 *
 *   import --store <slug> [--partial] [--force] <file-or-url>   import one feed now (--force: even if a feed URL is not modified)
 *   sync [--due]                                      import every scheduled store's feed (--due: only those whose interval elapsed)
 *   status [--store <slug>] [--limit <n>]             recent imports
 *   stores list
 *   stores add --slug <slug> --name <name> --homepage <url> [--feed-url <url-or-path>] [--every <minutes>]
 *   stores update <slug> [--name <name>] [--homepage <url>] [--feed-url <url-or-path>|none] [--every <minutes>|off]
 *   categories list
 *   categories set "<feed category path>" <catalogue path>   e.g. "Electronics > Smartphones" electronics/mobiles
 *   categories remove "<feed category path>"
 *   notify                                            evaluate price alerts now and send due e-mails
 *
 * Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR. The embedded database allows one
 * process: while the server runs on it, this refuses with a clear message (run the server with
 * FEEDS_SCHEDULE=on to import on a schedule, or use PostgreSQL).
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { type AppConfig, loadConfig } from '@/server/config';
import { DataDirLockedError, type Database } from '@/server/db/client';
import { openConfiguredDatabase } from '@/server/db/open';
import { importRuns, stores } from '@/server/db/schema';
import {
  catalogPathText,
  defaultCategoryMappings,
  ensureDefaultCategoryMappings,
  listCategoryMappings,
  normalizeCategoryPath,
  removeCategoryMapping,
  setCategoryMapping,
} from '@/server/modules/feeds/category-mapping';
import type { FeedRowError } from '@/server/modules/feeds/feed-item';
import { type ImportSummary, ImportBusyError, ImportFailedError } from '@/server/modules/feeds/import-feed';
import { createStoreRepository, StoreInputError, type StoreRow } from '@/server/modules/feeds/store-repository';
import { createNotifier } from '@/server/modules/notifications/notifier';
import { importAndNotify, syncStores } from './feed-sync';

class UsageError extends Error {
  override readonly name = 'UsageError';
}

const USAGE = `Usage: npm run feeds -- <command>

  import --store <slug> [--partial] [--force] <file-or-url>
  sync [--due]
  status [--store <slug>] [--limit <n>]
  stores list
  stores add --slug <slug> --name <name> --homepage <url> [--feed-url <url-or-path>] [--every <minutes>]
  stores update <slug> [--name <name>] [--homepage <url>] [--feed-url <url-or-path>|none] [--every <minutes>|off]
  categories list
  categories set "<feed category path>" <catalogue path>
  categories remove "<feed category path>"
  notify`;

type Out = { line: (text?: string) => void; error: (text: string) => void };
const out: Out = { line: (text = '') => process.stdout.write(`${text}\n`), error: (text) => process.stderr.write(`${text}\n`) };

function options<const T extends NonNullable<ParseArgsConfig['options']>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function minutes(value: string | undefined, flag: string): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'off' || value === 'none') return null;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new UsageError(`${flag} must be whole minutes (or "off")`);
  return n;
}

const fmt = (n: number) => n.toLocaleString('en-IN');

/** XML errors name the item and its line; TSV positions are lines already. */
function rowWhere(error: FeedRowError, source: string): string {
  if (error.line !== undefined) return `item ${error.position} (line ${error.line})`;
  return /\.(tsv|txt|csv)(\.gz)?$/i.test(source) ? `line ${error.position}` : `item ${error.position}`;
}

export function summaryLines(summary: ImportSummary): string[] {
  const lines = [
    `${summary.status === 'succeeded' ? 'Imported' : summary.status === 'not_modified' ? 'Not modified:' : 'FAILED'} ${summary.source} into ${summary.store} (run ${summary.runId}) in ${(summary.durationMs / 1000).toFixed(1)} s`,
    `  items read ${fmt(summary.itemsRead)}: created ${fmt(summary.created)}, updated ${fmt(summary.updated)}, unchanged ${fmt(summary.unchanged)}, ` +
      `errors ${fmt(summary.errorCount)}`,
    `  price changes ${fmt(summary.priceChanges)}, now out of stock ${fmt(summary.markedOutOfStock)}, new products ${fmt(summary.productsCreated)}`,
  ];
  if (summary.message) lines.push(`  ${summary.message}`);
  if (summary.errors.length > 0) {
    lines.push(`  skipped rows${summary.errorCount > summary.errors.length ? ` (first ${summary.errors.length} of ${fmt(summary.errorCount)})` : ''}:`);
    for (const error of summary.errors.slice(0, 20)) lines.push(`    ${rowWhere(error, summary.source)}${error.id ? ` [${error.id}]` : ''}: ${error.reason}`);
    if (summary.errors.length > 20) lines.push(`    … ${summary.errors.length - 20} more in \`npm run feeds -- status\``);
  }
  return lines;
}

function storeLine(store: StoreRow): string {
  const schedule = store.feedIntervalMinutes === null ? 'not scheduled' : `every ${store.feedIntervalMinutes} min`;
  return `${store.slug.padEnd(20)} ${store.name.padEnd(24)} ${store.homepage}  feed: ${store.feedUrl ?? '—'} (${schedule})`;
}

async function requireStore(db: Database, slug: string | undefined): Promise<StoreRow> {
  if (!slug) throw new UsageError('--store <slug> is required');
  const store = await createStoreRepository(db).find(slug);
  if (!store) throw new StoreInputError(`no store "${slug}" (add it with: npm run feeds -- stores add --slug ${slug} --name … --homepage …)`);
  return store;
}

async function status(db: Database, args: string[]): Promise<number> {
  const { values } = options(args, { store: { type: 'string' }, limit: { type: 'string' } });
  const limit = Math.min(Math.max(Number(values.limit ?? 20) || 20, 1), 200);
  const store = values.store ? await requireStore(db, values.store) : null;
  const runs = await db
    .select({ run: importRuns, slug: stores.slug })
    .from(importRuns)
    .innerJoin(stores, eq(stores.id, importRuns.storeId))
    .where(store ? eq(importRuns.storeId, store.id) : sql`true`)
    .orderBy(desc(importRuns.startedAt), desc(importRuns.id))
    .limit(limit);
  if (runs.length === 0) {
    out.line('No imports yet.');
    return 0;
  }
  out.line('run    store                started              status     duration  read      created   updated   unchanged price-chg out-stock errors');
  for (const { run, slug } of runs) {
    const duration = run.durationMs === null ? '—' : `${(run.durationMs / 1000).toFixed(1)} s`;
    out.line(
      [
        String(run.id).padEnd(6),
        slug.padEnd(20),
        run.startedAt.toISOString().replace('T', ' ').slice(0, 19).padEnd(20),
        run.status.padEnd(10),
        duration.padEnd(9),
        fmt(run.itemsRead).padEnd(9),
        fmt(run.created).padEnd(9),
        fmt(run.updated).padEnd(9),
        fmt(run.unchanged).padEnd(9),
        fmt(run.priceChanges).padEnd(9),
        fmt(run.markedOutOfStock).padEnd(9),
        fmt(run.errorCount),
      ].join(' '),
    );
    if (run.message) out.line(`       ${run.message}`);
  }
  const latest = runs[0]?.run;
  if (latest && latest.errors.length > 0) {
    out.line();
    out.line(`Skipped rows of run ${latest.id} (first ${latest.errors.length} of ${fmt(latest.errorCount)}):`);
    for (const error of latest.errors.slice(0, 20)) out.line(`  ${rowWhere(error, latest.source)}${error.id ? ` [${error.id}]` : ''}: ${error.reason}`);
  }
  return 0;
}

async function storesCommand(db: Database, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const repository = createStoreRepository(db);
  if (sub === 'list' || sub === undefined) {
    const rows = await repository.list();
    if (rows.length === 0) out.line('No stores yet.');
    for (const store of rows) out.line(storeLine(store));
    return 0;
  }
  const spec = {
    slug: { type: 'string' },
    name: { type: 'string' },
    homepage: { type: 'string' },
    'feed-url': { type: 'string' },
    every: { type: 'string' },
  } as const;
  if (sub === 'add') {
    const { values } = options(rest, spec);
    const every = minutes(values.every, '--every');
    const store = await repository.add({
      slug: values.slug ?? '',
      name: values.name ?? '',
      homepage: values.homepage ?? '',
      feedUrl: values['feed-url'] ?? null,
      feedIntervalMinutes: every ?? null,
    });
    out.line(`Added ${storeLine(store)}`);
    return 0;
  }
  if (sub === 'update') {
    const { values, positionals } = options(rest, spec);
    const slug = positionals[0] ?? values.slug;
    if (!slug) throw new UsageError('stores update <slug> …');
    const feedUrl = values['feed-url'];
    const every = minutes(values.every, '--every');
    const store = await repository.update(slug, {
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.homepage !== undefined ? { homepage: values.homepage } : {}),
      ...(feedUrl !== undefined ? { feedUrl: feedUrl === 'none' ? null : feedUrl } : {}),
      ...(every !== undefined ? { feedIntervalMinutes: every } : {}),
    });
    out.line(`Updated ${storeLine(store)}`);
    return 0;
  }
  throw new UsageError(`unknown stores command "${sub}"`);
}

async function categoriesCommand(db: Database, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list' || sub === undefined) {
    await ensureDefaultCategoryMappings(db);
    for (const row of await listCategoryMappings(db)) out.line(`${row.source}  →  ${catalogPathText(row)}`);
    return 0;
  }
  if (sub === 'set') {
    const [source, target] = rest;
    if (!source || !target) throw new UsageError('categories set "<feed category path>" <catalogue path>');
    await ensureDefaultCategoryMappings(db);
    const row = await setCategoryMapping(db, source, target).catch((error: Error) => {
      throw new UsageError(error.message);
    });
    out.line(`Mapped "${row.source}" → ${catalogPathText(row)}`);
    return 0;
  }
  if (sub === 'remove') {
    const [source] = rest;
    if (!source) throw new UsageError('categories remove "<feed category path>"');
    const key = normalizeCategoryPath(source);
    if (defaultCategoryMappings().some((row) => row.source === key)) {
      throw new UsageError(`"${key}" is a built-in mapping (it comes back on the next import); map it elsewhere with "categories set" instead`);
    }
    out.line((await removeCategoryMapping(db, source)) ? `Removed "${key}"` : `No mapping for "${key}"`);
    return 0;
  }
  throw new UsageError(`unknown categories command "${sub}"`);
}

async function run(config: AppConfig, argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out.line(USAGE);
    return command ? 0 : 2;
  }
  if (!['import', 'sync', 'status', 'stores', 'categories', 'notify'].includes(command)) throw new UsageError(`unknown command "${command}"`);

  // Logs (pino JSON) go to stderr; the human summary to stdout.
  const logger = pino({ level: config.LOG_LEVEL, base: { cmd: 'feeds' } }, pino.destination(2));
  const database = await openConfiguredDatabase(config);
  const notifier = createNotifier(database.db, config, logger);
  try {
    const db = database.db;
    switch (command) {
      case 'status':
        return await status(db, args);
      case 'stores':
        return await storesCommand(db, args);
      case 'categories':
        return await categoriesCommand(db, args);
      case 'notify': {
        const result = await notifier.evaluate();
        const delivered = notifier.emailOn ? await notifier.deliver() : null;
        out.line(`Alerts triggered ${result.triggered}, re-armed ${result.reset}${delivered ? `, e-mails sent ${delivered.sent}` : ''}`);
        return 0;
      }
      case 'import': {
        const { values, positionals } = options(args, { store: { type: 'string' }, partial: { type: 'boolean' }, force: { type: 'boolean' } });
        const source = positionals[0];
        if (!source || positionals.length > 1) throw new UsageError('import --store <slug> [--partial] [--force] <file-or-url>');
        const store = await requireStore(db, values.store);
        try {
          const summary = await importAndNotify(db, notifier, { store, source, partial: values.partial === true, force: values.force === true, trigger: 'cli' }, logger);
          for (const line of summaryLines(summary)) out.line(line);
          return 0;
        } catch (error) {
          if (error instanceof ImportFailedError) {
            for (const line of summaryLines(error.summary)) out.error(line);
            out.error('Nothing was changed.');
            return 1;
          }
          throw error;
        }
      }
      case 'sync': {
        const { values } = options(args, { due: { type: 'boolean' } });
        const results = await syncStores(db, notifier, { dueOnly: values.due === true, trigger: 'cli', log: logger });
        if (results.length === 0) out.line(values.due ? 'No store is due.' : 'No store has a feed URL and a schedule.');
        let failed = false;
        for (const result of results) {
          if (result.summary) for (const line of summaryLines(result.summary)) (result.error ? out.error : out.line)(line);
          else if (result.error) out.error(`${result.store}: ${result.error}`);
          failed ||= result.error !== undefined;
        }
        return failed ? 1 : 0;
      }
    }
    return 2;
  } finally {
    notifier.close();
    await database.close();
    logger.flush();
  }
}

const entry = process.argv[1] ?? '';
if (/feeds-cli\.(ts|js|mjs)$/.test(entry)) {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    out.error((error as Error).message);
    process.exit(1);
  }
  run(config, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        out.error(`${error.message}\n\n${USAGE}`);
        process.exit(2);
      }
      if (error instanceof DataDirLockedError) {
        out.error(error.message);
        out.error('While the server runs on the embedded database, FEEDS_SCHEDULE=on imports the scheduled feeds inside it.');
        process.exit(1);
      }
      if (error instanceof ImportBusyError || error instanceof StoreInputError) {
        out.error(error.message);
        process.exit(1);
      }
      out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
