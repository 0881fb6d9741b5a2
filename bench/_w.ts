import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { stageBatchesInWorker } from '@/server/modules/feeds/stage-batches';
import { createStageTable, stageWriter } from '@/server/modules/feeds/stage-table';
let t = performance.now(); let n = 0;
for await (const b of stageBatchesInWorker('/tmp/pfeed.tsv', { batchSize: 5000, maxErrors: 100, encoding: 'copy' })) n += b.rows;
console.log('worker only', n, Math.round(performance.now() - t));
const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/bachat_bench_5822' });
const db = database.db;
await db.execute(sql`drop table if exists feed_stage_999999`);
await createStageTable(db, 999999);
const write = stageWriter(db, 999999);
t = performance.now(); let waitW = 0, waitDb = 0; let mark = performance.now(); let pending: Promise<void> = Promise.resolve();
for await (const b of stageBatchesInWorker('/tmp/pfeed.tsv', { batchSize: 5000, maxErrors: 100, encoding: 'copy' })) {
  const got = performance.now(); waitW += got - mark;
  await pending; const p2 = performance.now(); waitDb += p2 - got;
  if (b.payload) pending = write(b.payload);
  mark = performance.now();
}
await pending;
console.log('worker + copy', Math.round(performance.now() - t), { waitW: Math.round(waitW), waitDb: Math.round(waitDb) });
await db.execute(sql`drop table if exists feed_stage_999999`);
await database.close();
