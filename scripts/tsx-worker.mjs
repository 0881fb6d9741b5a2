// Runs a TypeScript worker thread from source (tsx, Vitest): Node 20 does not pass `--import tsx` on to workers,
// so the worker registers tsx itself, then loads the entry named in its workerData. The bundled server needs none
// of this (its workers are built to .js beside main.js).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
