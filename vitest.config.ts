import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const withPostgres = !!process.env.TEST_DATABASE_URL;
// Absolute roots, so `npm test -w <package>` (another cwd) finds the same files.
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// A worker runs its files one after another in one module graph: the server's graph (every feature,
// PGlite's WebAssembly) is loaded and compiled once per worker instead of once per file, which was
// most of the run. Each file still opens its own database, server and ports, and leaves no state
// behind (bench/results/findings.md, "Test run time"). Set on the server's projects: an inline
// project does not take the root's `isolate`, and the web's jsdom tests keep their isolation.
const isolate = false;
// The server's test files that open no database (pure rules, brokers, their own PostgreSQL): run once,
// in the PGlite project.
const noDatabase = [
  'scripts/product-build.test.ts',
  'src/db/data-dir-lock.test.ts',
  'src/features/alarms/cases/case-probe.test.ts',
  'src/features/alarms/cases/case-rules.test.ts',
  'src/features/alarms/engine/engine.test.ts',
  'src/features/alarms/engine/reasons.test.ts',
  'src/features/alarms/leaks/leak-trend.test.ts',
  'src/features/alarms/nuisance/nuisance.test.ts',
  'src/features/audit/present.test.ts',
  'src/features/auth/policies.test.ts',
  'src/features/ingest/transports/held-acks.test.ts',
  'src/features/ingest/transports/safety-net-stop.test.ts',
  'src/features/ingest/transports/safety-net-thread.test.ts',
  'src/features/notifications/rules.test.ts',
  'src/features/oncall/chain.test.ts',
  'src/features/oncall/rota.test.ts',
  'src/features/ops/mosquitto-auth.test.ts',
  'src/features/provisioning/endpoints.test.ts',
  'src/features/refrigerant/compliance.test.ts',
  'src/features/reports/export.test.ts',
  'src/lib/public-address.test.ts',
  'src/lib/us-spelling.test.ts',
  'src/scheduled/leader.test.ts',
];
// With PostgreSQL configured, every test file that opens a database runs there (the production path,
// with real concurrency); PGlite, the same engine compiled to WebAssembly, then runs what is its own:
// the database layer, the embedded operations (backups, checkpoints, disk, the data directory's lock),
// ingest's pipeline, writer and transports, the demo seed (its gateway too) and first setup, sign-in
// and sessions, the reports' SQL, the scheduled tasks, and the sweeps that call every route (paging,
// id range, authentication and permission before validation), so every route's statements still run
// on it. Without PostgreSQL, PGlite runs every file.
const onPgliteToo = [
  'src/*.test.ts',
  'src/db/**/*.test.ts',
  'src/events/**/*.test.ts',
  'src/lib/**/*.test.ts',
  'src/scheduled/**/*.test.ts',
  'src/seed/**/*.test.ts',
  'src/features/api-docs/**/*.test.ts',
  'src/features/auth/auth.test.ts',
  'src/features/auth/authentication-first.test.ts',
  'src/features/auth/permission-first.test.ts',
  'src/features/auth/sessions.test.ts',
  'src/features/ingest/ingest.test.ts',
  'src/features/ingest/rejections.test.ts',
  'src/features/ingest/alarms-flow.test.ts',
  'src/features/ingest/pipeline/**/*.test.ts',
  'src/features/ingest/transports/**/*.test.ts',
  'src/features/ops/**/*.test.ts',
  'src/features/reports/**/*.test.ts',
  'src/features/setup/**/*.test.ts',
];

// Of those, what is not the database's: the reports' PDF rendering runs once, on PostgreSQL.
const notTwice = ['src/features/reports/reports-pdf.test.ts'];

export default defineConfig({
  test: {
    // At the end of the run: which suites this machine skipped, and why.
    globalSetup: [dir('./apps/server/src/test/skipped-summary.ts')],
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most of a server
    // test file's time waits on PostgreSQL, brokers and timers; each file has its own database. One
    // worker more than the cores keeps them busy (bench/results/findings.md, "Test run time").
    maxWorkers: availableParallelism() + 1,
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
      { test: { name: 'gateway', root: dir('./apps/gateway'), environment: 'node', testTimeout: 15_000 } },
      {
        test: {
          name: 'server',
          root: dir('./apps/server'),
          isolate,
          environment: 'node',
          env: { RCM_TEST_DB: 'pglite' },
          ...(withPostgres
            ? { include: [...onPgliteToo, ...noDatabase], exclude: ['**/node_modules/**', ...notTwice] }
            : {}),
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
                isolate,
                environment: 'node',
                env: { RCM_TEST_DB: 'postgres' },
                exclude: ['**/node_modules/**', ...noDatabase],
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
