import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { mailSettingsRoutes } from './mail-settings.ts';
import { createMailSettingsRepo } from './mail-settings-repo.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationsService } from './service.ts';

/** Email notifications, their service built from the context, and Settings → Email. */
export function notificationsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const service = createNotificationsService({ db: ctx.db, bus: ctx.bus, now: ctx.now });
  const publicUrl = ctx.shared.consoleUrl.url;
  const routes = notificationRoutes({ config: ctx.config, service, now: ctx.now, publicUrl });
  const mail = mailSettingsRoutes({
    repo: createMailSettingsRepo(ctx.db),
    config: ctx.config,
    db: ctx.db,
    audit: ctx.audit,
    publicUrl,
  });
  return async (app) => {
    await app.register(routes);
    await app.register(mail);
  };
}
