import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const withPostgres = !!process.env.TEST_DATABASE_URL;
// Absolute roots, so `npm test -w <package>` (another cwd) finds the same files.
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  test: {
    // At the end of the run: which suites this machine skipped, and why.
    globalSetup: [dir('./apps/server/src/test/skipped-summary.ts')],
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most of a server
    // test file's time waits on PostgreSQL, brokers and timers; each file has its own database.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    // A worker runs its files one after another in one module graph: the server's graph (every
    // feature, PGlite's WebAssembly) is loaded and compiled once per worker instead of once per file,
    // which was most of the run. Each file still opens its own database, server and ports, and
    // leaves no state behind (bench/results/findings.md, "Test run time").
    isolate: false,
    projects: [
      { test: { name: 'shared', root: dir('./packages/shared'), environment: 'node' } },
      {
        test: {
          name: 'simulator',
          root: dir('./apps/simulator'),
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: dir('./apps/server'),
          environment: 'node',
          env: { RCM_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: dir('./apps/server'),
                environment: 'node',
                env: { RCM_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: dir('./apps/web/vite.config.ts'),
        test: { name: 'web', root: dir('./apps/web'), environment: 'jsdom', setupFiles: ['./src/test/setup.ts'] },
      },
    ],
  },
});
