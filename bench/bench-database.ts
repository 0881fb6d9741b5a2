/**
 * A PostgreSQL database of its own for one benchmark run, migrated, on BENCH_DATABASE_URL's server (default: the
 * local one). `close` drops it, unless BENCH_KEEP_DB=1 keeps it for EXPLAIN.
 */
import postgres from 'postgres';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';

export async function openBenchDatabase(label: string, log: (line: string) => void): Promise<DatabaseHandle & { name: string }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${process.env.BENCH_DB_PREFIX ?? 'bachat'}_bench_${label}_${process.pid}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}"`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
  return {
    ...database,
    name,
    close: async () => {
      await database.close();
      if (process.env.BENCH_KEEP_DB === '1') log(`kept database ${name} (BENCH_KEEP_DB=1)`);
      else await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
