import { fileURLToPath } from 'node:url';
import type { FeedRecordResult } from '@/server/modules/feeds/feed-item';

/** A fixture file of the feed tests, by name. */
export const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** Reads a parse to its end, keeping what it yielded and what it threw (a rejected feed throws). */
export async function drain(records: AsyncIterable<FeedRecordResult>): Promise<{ results: FeedRecordResult[]; thrown: unknown }> {
  const results: FeedRecordResult[] = [];
  try {
    for await (const record of records) results.push(record);
    return { results, thrown: null };
  } catch (error) {
    return { results, thrown: error };
  }
}
