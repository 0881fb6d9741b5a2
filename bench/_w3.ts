import { openFeed } from '@/server/modules/feeds/detect-format';
import { stageBatches } from '@/server/modules/feeds/stage-batches';
let t = performance.now(); let n = 0;
for await (const b of stageBatches(openFeed('/tmp/pfeed.tsv'), { batchSize: 5000, maxErrors: 100, encoding: 'copy' })) n += b.rows;
console.log('in-thread stageBatches', n, Math.round(performance.now() - t));
