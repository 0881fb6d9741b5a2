import { describe, expect, it } from 'vitest';

import { feedChunks, type SyntheticFeedFormat } from '../../../../bench/generate-feed';
import { parseFeed } from '@/server/modules/feeds/detect-format';

const ITEMS = 200_000;

describe.each<SyntheticFeedFormat>(['tsv', 'xml'])('streaming a %s feed of 200,000 items', (format) => {
  it('parses it with flat memory', async () => {
    // Generated lazily, chunk by chunk: the feed never exists whole, in memory or on disk.
    const chunks = feedChunks({ format, items: ITEMS, storeSlug: 'stream-test', seed: 7, invalidEvery: 1000 });
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let ok = 0;
    let failed = 0;
    let lastPosition = 0;
    const started = performance.now();
    for await (const record of parseFeed(chunks)) {
      if (record.ok) ok++;
      else {
        failed++;
        expect(record.error.reason).toBe('price: currency USD is not INR');
      }
      lastPosition = record.ok ? record.position : record.error.position;
      if ((ok + failed) % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(ITEMS / seconds);
    console.log(
      `${format}: ${ITEMS} items in ${seconds.toFixed(2)} s = ${rate.toLocaleString('en-US')} items/s ` +
        `(generator included), peak heap growth ${(peak / 1e6).toFixed(1)} MB`,
    );

    expect(ok).toBe(ITEMS - ITEMS / 1000);
    expect(failed).toBe(ITEMS / 1000);
    expect(lastPosition).toBe(format === 'tsv' ? ITEMS + 1 : ITEMS); // TSV counts lines, header first
    expect(peak).toBeLessThan(100e6);
    // Throughput is measured by `npm run bench` (feed import), not asserted here: a busy machine is not a bug.
  });
});
