import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { reportRoutes } from './routes.ts';

/** The reports, as pages or as CSV and PDF exports. */
export function reportsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  return reportRoutes({ db: ctx.db, audit: ctx.audit, now: ctx.now });
}
