import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

import { parseFeed } from '@/server/modules/feeds/detect-format';
import { FeedFormatError, FeedSourceError } from '@/server/modules/feeds/feed-errors';
import {
  type StageBatch,
  type StageBatchOptions,
  type StageWorkerMessage,
  stageBatches,
  stageBatchesInWorker,
} from '@/server/modules/feeds/stage-batches';
import type { StageEncoding } from '@/server/modules/feeds/stage-table';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

async function collect(batches: AsyncIterable<StageBatch>) {
  const all: StageBatch[] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

const text = (payload: StageBatch['payload']) => (payload === null ? '' : typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8'));

describe.each<StageEncoding>(['copy', 'json'])('staging batches (%s)', (encoding) => {
  const options: StageBatchOptions = { batchSize: 2, maxErrors: 1, encoding };

  it('are the same from the worker thread as parsed in place, with counts and the first errors', async () => {
    const file = fixture('shop-b.tsv');
    const inPlace = await collect(stageBatches(parseFeed([await readFile(file)], { fileName: file }), options));
    const inWorker = await collect(stageBatchesInWorker(file, options));

    expect(inWorker.map((batch) => ({ ...batch, payload: text(batch.payload) }))).toEqual(
      inPlace.map((batch) => ({ ...batch, payload: text(batch.payload) })),
    );
    const last = inWorker.at(-1);
    // Full batches, then the remainder with the totals.
    expect(inWorker.slice(0, -1).every((batch) => batch.rows === options.batchSize)).toBe(true);
    expect(last?.rows).toBeLessThan(options.batchSize);
    expect(inWorker.reduce((sum, batch) => sum + batch.rows, 0)).toBe((last?.itemsRead ?? 0) - (last?.errorCount ?? 0));
    expect(inWorker.flatMap((batch) => batch.errors)).toHaveLength(Math.min(1, last?.errorCount ?? 0));
    if (encoding === 'copy') expect(text(inWorker[0]?.payload ?? null).split('\n')[0]?.split('\t')).toHaveLength(21);
    else expect(JSON.parse(text(inWorker[0]?.payload ?? null))).toHaveLength(2);
  });

  it('keep the class and message of a whole-feed failure across the thread', async () => {
    const truncated = await collect(stageBatchesInWorker(fixture('truncated.xml'), options)).catch((error: unknown) => error);
    expect(truncated).toBeInstanceOf(FeedFormatError);
    expect((truncated as Error).message).toMatch(/line \d+/);

    const missing = await collect(stageBatchesInWorker(fixture('no-such-feed.tsv'), options)).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(FeedSourceError);
    expect((missing as Error).message).toContain('no-such-feed.tsv');
  });

  it('stop the worker when the reader stops early', async () => {
    const first: StageBatch[] = [];
    for await (const batch of stageBatchesInWorker(fixture('shop-b.tsv'), { ...options, batchSize: 1 })) {
      first.push(batch);
      break;
    }
    expect(first).toHaveLength(1);
    expect(first[0]?.rows).toBe(1);
  });
});

describe('the bundled server', () => {
  it('ships the parser worker beside main.js, and it stages a feed', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    // Inside the repository, so the bundle resolves its packages from node_modules as the real one does.
    const outdir = path.join(root, 'dist', `bundle-test-${process.pid}`);
    try {
      execFileSync(process.execPath, ['scripts/build-server.mjs', outdir], { cwd: root });
      expect(existsSync(path.join(outdir, 'main.js'))).toBe(true);
      const worker = new Worker(path.join(outdir, 'stage-worker.js'), {
        workerData: { source: fixture('shop-b.tsv'), batchSize: 100, maxErrors: 10, encoding: 'copy' },
      });
      const messages: StageWorkerMessage[] = [];
      await new Promise<void>((resolve, reject) => {
        worker.on('message', (message: StageWorkerMessage) => {
          messages.push(message);
          if (message.type !== 'batch') resolve();
        });
        worker.on('error', reject);
      });
      await worker.terminate();
      expect(messages.at(-1)).toEqual({ type: 'done' });
      const [first] = messages;
      expect(first?.type === 'batch' && text(first.batch.payload)).toContain('B-1001\tSamsung Galaxy M35');
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
