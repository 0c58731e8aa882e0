import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { policiesRoutes } from './policies-routes.ts';
import { schedulesRoutes } from './schedules-routes.ts';

/** On call: schedules, escalation policies and an alarm's pages (the engine runs in the notification worker). */
export function oncallModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, audit: ctx.audit, now: ctx.now };
  return async (app) => {
    await app.register(schedulesRoutes(deps));
    await app.register(policiesRoutes(deps));
  };
}
