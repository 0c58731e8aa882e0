import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import type { FeatureContext } from '../context.ts';
import { backupRoutes } from './backup-routes.ts';

/**
 * The storage and backups API (`/admin/storage`, `/admin/backups…`). Health, readiness and metrics
 * (routes.ts) are the app's own: `buildApp` registers them on the root, ahead of the features.
 */
export function opsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { backups, disk } = ctx.shared.embedded;
  return backupRoutes({ backups, disk, audit: ctx.audit });
}

/** The embedded database's scheduled tasks: checkpoints, table maintenance and the nightly backup (none on PostgreSQL). */
export function opsTasks(ctx: FeatureContext): ScheduledTask[] {
  return ctx.shared.embedded.tasks();
}
