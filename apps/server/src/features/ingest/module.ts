import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import { createRulesCache } from '../alarms/engine/rules-cache.ts';
import type { FeatureContext } from '../context.ts';
import { createMaintenanceCache } from '../maintenance/cache.ts';
import type { Ingest } from './parts.ts';
import { createDeviceRegistry } from './pipeline/device-registry.ts';
import { createDeviceRepo } from './pipeline/device-repo.ts';
import { graceSince, sweepOffline } from './pipeline/offline-sweeper.ts';
import { createOfflineSweeperRepo } from './pipeline/offline-sweeper-repo.ts';
import { createIngestPipeline } from './pipeline/pipeline.ts';
import { INGEST_FAILING_AFTER } from './pipeline/submit-result.ts';
import { ingestHttpRoutes } from './transports/http-routes.ts';

export type { Ingest } from './parts.ts';

/** Device ingest's parts, built before the features: the transports, the scheduler and some features use them. */
export function createIngest(deps: {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** The fleet's provisioning key (features/provisioning/keys.ts); null: no device may announce itself. */
  provisioning: { current: () => Promise<string> } | null;
  now: () => Date;
  /** Concurrent writer lanes (see the pipeline): 2 on PostgreSQL, 1 on PGlite. */
  lanes?: number;
  /** A batch is written at this many readings or this long after its first message (see the pipeline). */
  maxBatchReadings?: number;
  maxDelayMs?: number;
  /** While true, ingest refuses every message unacknowledged (the disk watch's "low"). */
  refusing?: () => boolean;
}): Ingest {
  const { now } = deps;
  const devices = createDeviceRepo(deps.db);
  const registry = createDeviceRegistry({
    repo: devices,
    provisioning: deps.provisioning,
    now: () => now().getTime(),
  });
  const rules = createRulesCache(deps.db, () => now().getTime());
  const maintenance = createMaintenanceCache(deps.db, now);
  const pipeline = createIngestPipeline({
    db: deps.db,
    registry,
    rules,
    maintenance,
    bus: deps.bus,
    log: deps.log,
    now,
    lanes: deps.lanes,
    maxBatchReadings: deps.maxBatchReadings,
    maxDelayMs: deps.maxDelayMs,
    refusing: deps.refusing,
  });
  return { registry, rules, maintenance, pipeline };
}

/** Readiness: batches keep failing (the database refuses them) while devices are told nothing. */
export function ingestFailing(ingest: Ingest): boolean {
  return ingest.pipeline.stats().consecutiveFailures >= INGEST_FAILING_AFTER;
}

/** HTTP ingest (`/ingest/…`), over the parts `createIngest` built. */
export function ingestModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { registry, pipeline } = ctx.shared.ingest;
  return ingestHttpRoutes({ registry, pipeline, bus: ctx.bus, refusing: ctx.shared.embedded.refusing });
}

/** Ingest's scheduled task: controllers silent too long go offline (pipeline/offline-sweeper.ts). */
export function ingestTasks(ctx: FeatureContext): ScheduledTask[] {
  const startedAt = ctx.now();
  const sweeps = createOfflineSweeperRepo();
  // Decided at this instance's first sweep (undefined until then).
  let since: Date | null | undefined;
  return [
    {
      name: 'offline-sweep',
      everyMs: 30_000,
      run: async (db, events) => {
        const previous = await sweeps.recordSweepRun(ctx.now(), db);
        if (since === undefined) since = graceSince(previous, startedAt);
        const result = await sweepOffline(sweeps, db, ctx.now(), since ? { startedAt: since } : {});
        for (const mac of result.macs) ctx.shared.ingest.registry.setOnline(mac, false);
        events.queueAll(result.events);
      },
    },
  ];
}
