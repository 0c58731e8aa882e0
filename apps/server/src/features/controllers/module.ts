import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alarmSummariesByIds } from '../alarms/list/summaries.ts';
import { createAlarmMetricsRepo } from '../alarms/metrics/metrics-repo.ts';
import type { FeatureContext } from '../context.ts';
import { createControllerListRepo } from './list-repo.ts';
import { controllerMetrics } from './metrics.ts';
import { createControllersRepo } from './repo.ts';
import { controllerRoutes } from './routes.ts';
import { createControllersService } from './service.ts';

/** Controllers: the list, a controller's racks and charts, approval, changes and removal. */
export function controllersModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db, bus } = ctx;
  const repo = createControllersRepo(db);
  const service = createControllersService({
    db,
    repo,
    audit: ctx.audit,
    forgetDevice: (mac) => ctx.shared.ingest.registry.forget(mac),
    revokeDevice: (mac) => ctx.shared.ingest.registry.revoke(mac),
    announceAlarms: async (ids) => {
      for (const summary of await alarmSummariesByIds(db, ids)) bus.emit('alarm.updated', summary);
    },
    now: ctx.now,
  });
  return controllerRoutes({
    repo,
    list: createControllerListRepo(db),
    service,
    metrics: controllerMetrics(createAlarmMetricsRepo(db)),
    now: ctx.now,
  });
}
