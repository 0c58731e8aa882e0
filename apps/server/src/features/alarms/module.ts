import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { alarmRoutes } from './routes.ts';

/** The alarm API: lists, one alarm, its lifecycle, notes, the management report and the metrics. */
export function alarmsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  return alarmRoutes({ db: ctx.db, bus: ctx.bus, audit: ctx.audit, auth: ctx.auth, now: ctx.now });
}
