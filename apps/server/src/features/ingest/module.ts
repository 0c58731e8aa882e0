import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { createRulesCache, type RulesCache } from '../alarms/rules-cache.ts';
import { createMaintenanceCache, type MaintenanceCache } from '../maintenance/cache.ts';
import { createDeviceRegistry, type DeviceRegistry } from './pipeline/device-registry.ts';
import { createIngestPipeline, type IngestPipeline } from './pipeline/pipeline.ts';

export type IngestModule = {
  registry: DeviceRegistry;
  rules: RulesCache;
  maintenance: MaintenanceCache;
  pipeline: IngestPipeline;
};

export function createIngestModule(deps: {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  provisioningKey: string | null;
  now?: () => Date;
  /** Concurrent writer lanes (see the pipeline): 2 on PostgreSQL, 1 on PGlite. */
  lanes?: number;
  /** A batch is written at this many readings or this long after its first message (see the pipeline). */
  maxBatchReadings?: number;
  maxDelayMs?: number;
  /** While true, ingest refuses every message unacknowledged (the disk watch's "low"). */
  refusing?: () => boolean;
}): IngestModule {
  const now = deps.now ?? (() => new Date());
  const registry = createDeviceRegistry({
    db: deps.db,
    provisioningKey: deps.provisioningKey,
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
