/**
 * A feed's records → encoded staging batches (docs/decisions/feeds-import.md, "Stage").
 *
 * Parsing, validating and encoding a million items is most of an import's JavaScript work, so a feed read from a
 * file or URL is parsed in a worker thread (stage-worker.ts) while the main thread only hands finished batches to
 * the database: on a 2-core machine the parser, the COPY and PostgreSQL then run side by side. A feed already open
 * as a stream (an upload, a test's generator) cannot cross threads and is parsed in place by the same function.
 */
import { Worker } from 'node:worker_threads';
import type { FeedValidators } from './detect-format';
import { FeedFormatError, FeedNotModifiedError, FeedSourceError } from './feed-errors';
import type { FeedRecordResult, FeedRowError } from './feed-item';
import { type StageEncoding, type StagePayload, stageEncoder, stageRow } from './stage-table';

export type StageBatchOptions = { batchSize: number; maxErrors: number; encoding: StageEncoding };

export type StageBatch = {
  /** Encoded rows; absent when the batch only reports progress (the last one, or one of errors only). */
  payload: StagePayload | null;
  rows: number;
  /** Records read so far, valid or not. */
  itemsRead: number;
  /** Row errors so far (all are counted). */
  errorCount: number;
  /** Row errors found since the previous batch, while fewer than maxErrors were kept. */
  errors: FeedRowError[];
};

export async function* stageBatches(records: AsyncIterable<FeedRecordResult>, options: StageBatchOptions): AsyncGenerator<StageBatch> {
  const encoder = stageEncoder(options.encoding);
  let rows = 0;
  let errors: FeedRowError[] = [];
  let kept = 0;
  let itemsRead = 0;
  let errorCount = 0;
  const take = (): StageBatch => {
    const batch = { payload: rows > 0 ? encoder.take() : null, rows, itemsRead, errorCount, errors };
    rows = 0;
    errors = [];
    return batch;
  };
  for await (const record of records) {
    itemsRead += 1;
    if (record.ok) {
      encoder.add(stageRow(record.position, record.item));
      rows += 1;
      if (rows >= options.batchSize) yield take();
    } else {
      errorCount += 1;
      if (kept < options.maxErrors) {
        kept += 1;
        errors.push(record.error);
      }
    }
  }
  yield take();
}

/** What the worker posts: a batch, the end, or why the feed failed as a whole. */
export type StageWorkerMessage =
  | { type: 'batch'; batch: StageBatch }
  | { type: 'validators'; validators: FeedValidators }
  | { type: 'done' }
  | { type: 'failed'; name: string; message: string };

export type StageWorkerData = StageBatchOptions & { source: string; conditional?: FeedValidators | null };

/** A URL fetched conditionally (import-feed.ts): the last import's validators in, this response's out. */
export type ConditionalFetch = { validators: FeedValidators | null; onValidators: (validators: FeedValidators) => void };

/** Batches the worker may parse ahead of the writer: enough to keep both busy, few enough to keep memory flat. */
export const STAGE_WORKER_IN_FLIGHT = 2;

/**
 * The bundled server ships the worker as stage-worker.js beside main.js; from source it is TypeScript, run through
 * tsx. Parsing makes millions of short-lived objects: a young generation larger than V8's default lets them die
 * young instead of being promoted and collected again (a million items, in one thread: 17.9 s with the default,
 * 13.6 s with 64 MB semi-spaces; the import's peak RSS stays near 300 MB).
 */
function startWorker(data: StageWorkerData): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: 96 };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./stage-worker.js', import.meta.url), { workerData: data, resourceLimits });
  const entry = new URL('./stage-worker.ts', import.meta.url).href;
  return new Worker(new URL('../../../../scripts/tsx-worker.mjs', import.meta.url), { workerData: { ...data, entry }, resourceLimits });
}

/** stageBatches(openFeed(source)) in a worker thread. Stopping the loop (or `signal`) stops the worker. */
export async function* stageBatchesInWorker(
  source: string,
  options: StageBatchOptions,
  signal?: AbortSignal,
  conditional?: ConditionalFetch,
): AsyncGenerator<StageBatch> {
  const worker = startWorker({ ...options, source, conditional: conditional?.validators ?? null });
  const queue: StageWorkerMessage[] = [];
  let failure: Error | null = null;
  let exited = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (message: StageWorkerMessage) => {
    queue.push(message);
    notify();
  });
  worker.on('error', (error) => {
    failure ??= error;
    notify();
  });
  worker.on('exit', (code) => {
    exited = true;
    if (code !== 0) failure ??= new Error(`the feed parser stopped unexpectedly (exit code ${code})`);
    notify();
  });
  const onAbort = () => void worker.terminate();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const message = queue.shift();
      if (message === undefined) {
        if (failure) throw failure;
        if (exited) throw new Error('the feed parser stopped before the end of the feed');
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if (message.type === 'done') return;
      if (message.type === 'failed') throw revive(message);
      if (message.type === 'validators') {
        conditional?.onValidators(message.validators);
        continue;
      }
      // Credit for one more batch: the worker never runs more than STAGE_WORKER_IN_FLIGHT batches ahead.
      worker.postMessage('next');
      yield message.batch;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}

/** Whole-feed errors keep their class across the thread boundary (the importer reports them as they are). */
function revive(message: { name: string; message: string }): Error {
  if (message.name === 'FeedFormatError') return new FeedFormatError(message.message);
  if (message.name === 'FeedSourceError') return new FeedSourceError(message.message);
  if (message.name === 'FeedNotModifiedError') return Object.assign(new FeedNotModifiedError(''), { message: message.message });
  const error = new Error(message.message);
  error.name = message.name;
  return error;
}
