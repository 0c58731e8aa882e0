import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { maintenanceRoutes } from './routes.ts';

/** Maintenance windows; each change makes ingest read its window cache again. */
export function maintenanceModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  return maintenanceRoutes({
    db: ctx.db,
    audit: ctx.audit,
    now: ctx.now,
    changed: () => ctx.shared.ingest.maintenance.invalidate(),
  });
}
