import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { createSetupRepo } from './repo.ts';
import { setupRoutes } from './routes.ts';
import { createSetupService } from './service.ts';

/** The first start's setup: is it needed, and the first administrator. */
export function setupModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const setup = createSetupService({ db: ctx.db, repo: createSetupRepo(ctx.db), audit: ctx.audit, auth: ctx.auth });
  return setupRoutes({ setup, auth: ctx.auth, rateLimit: ctx.config.LOGIN_RATE_LIMIT });
}
