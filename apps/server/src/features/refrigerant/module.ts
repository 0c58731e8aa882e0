import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { refrigerantRoutes } from './routes.ts';

/** Racks' refrigeration systems, the refrigerant log and table, and the refrigerant report. */
export function refrigerantModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  return refrigerantRoutes({ db: ctx.db, audit: ctx.audit, now: ctx.now });
}
