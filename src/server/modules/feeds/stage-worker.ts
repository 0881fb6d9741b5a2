/**
 * Worker thread of stageBatchesInWorker (stage-batches.ts): opens the feed, parses and encodes it batch by batch,
 * and posts each batch (its buffer transferred, not copied), never more than STAGE_WORKER_IN_FLIGHT ahead of the
 * importer's acknowledgements.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openFeed } from './detect-format';
import { STAGE_WORKER_IN_FLIGHT, stageBatches, type StageWorkerData, type StageWorkerMessage } from './stage-batches';

const port = parentPort;
if (!port) throw new Error('stage-worker.ts runs as a worker thread of stageBatchesInWorker');

const options = workerData as StageWorkerData;
let credits = STAGE_WORKER_IN_FLIGHT;
let wake: (() => void) | null = null;
port.on('message', () => {
  credits += 1;
  wake?.();
  wake = null;
});

const post = (message: StageWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const feed = openFeed(options.source, {
    conditional: options.conditional ?? null,
    onValidators: (validators) => post({ type: 'validators', validators }),
  });
  for await (const batch of stageBatches(feed, options)) {
    while (credits === 0) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    credits -= 1;
    const payload = batch.payload;
    post({ type: 'batch', batch }, payload instanceof Uint8Array ? [payload.buffer as ArrayBuffer] : []);
  }
  post({ type: 'done' });
} catch (error) {
  const failure = error instanceof Error ? error : new Error(String(error));
  post({ type: 'failed', name: failure.name, message: failure.message });
}
// Nothing else keeps the thread alive: it ends here, and the port's listener must not hold it open.
port.unref();
