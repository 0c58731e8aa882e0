// The entry of a worker thread written in TypeScript when the server runs from source (worker.ts
// `startWorker` passes the module as workerData.entry; the build runs each worker's bundle instead).
// A worker thread does not inherit its parent's module loader (`node --import tsx`, or vitest's), so
// this plain module registers tsx in the thread and then imports the TypeScript entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
