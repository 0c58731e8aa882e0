import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationsService } from './service.ts';

/** Email notifications, their service built from the context. */
export function notificationsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const service = createNotificationsService({ db: ctx.db, bus: ctx.bus, now: ctx.now });
  return notificationRoutes({ config: ctx.config, service, now: ctx.now });
}
