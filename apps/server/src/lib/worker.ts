import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread whose entry is a TypeScript module, named by the caller as
 * `new URL('./broker-worker.ts', import.meta.url)`. Run from source (tsx, vitest), the thread first
 * registers tsx (`ts-worker.mjs`: a thread does not inherit its parent's loader). Run from the build
 * (`scripts/build.mjs`: one bundle per entry, side by side in `dist/`), the entry is its own bundle,
 * `broker-worker.js`, beside the running one, and no transpiler is involved.
 */
export function startWorker<T extends object>(entry: URL, workerData: T): Worker {
  if (import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
      workerData: { ...workerData, entry: entry.href },
    });
  }
  const name = path.basename(entry.pathname, '.ts');
  return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData });
}
