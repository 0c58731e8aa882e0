import type { RulesCache } from '../alarms/engine/rules-cache.ts';
import type { MaintenanceCache } from '../maintenance/cache.ts';
import type { DeviceRegistry } from './pipeline/device-registry.ts';
import type { IngestPipeline } from './pipeline/pipeline.ts';

/** Device ingest's parts (module.ts `createIngest`): the transports, the scheduler and some features use them. */
export type Ingest = {
  registry: DeviceRegistry;
  rules: RulesCache;
  maintenance: MaintenanceCache;
  pipeline: IngestPipeline;
};
