import Fastify from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createEventBus } from '../events/bus.ts';
import { createIngest } from '../features/ingest/module.ts';
import { openDemoTestDatabase } from './app.ts';
import type { TestDatabase } from './database.ts';

/**
 * What the pipeline tests (features/ingest/pipeline/pipeline*.test.ts) share: the demo seed at a test
 * clock (2026-11-22 08:00 UTC), and ingest modules on it. Registers the file's beforeAll/afterAll;
 * `database` answers once beforeAll has run.
 */
export function usePipelineDatabase() {
  const clock = { now: new Date('2026-11-22T08:00:00Z') };
  let opened: TestDatabase | null = null;
  const database = (): TestDatabase => {
    if (!opened) throw new Error('the pipeline database is not open (beforeAll)');
    return opened;
  };
  beforeAll(async () => {
    opened = await openDemoTestDatabase(clock.now);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    clock,
    get database() {
      return database();
    },
    /** An ingest module with `lanes` lanes on the test clock. */
    ingest: (lanes: number) =>
      createIngest({
        db: database().db,
        bus: createEventBus(),
        log: Fastify({ logger: false }).log,
        provisioning: null,
        now: () => clock.now,
        // PGlite has one connection: its lanes take turns, which is what the ordering test needs.
        lanes,
      }),
  };
}
