import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { SEARCH_PROVIDERS } from './providers.ts';
import { searchRoutes } from './routes.ts';

/** The global search over its providers. */
export function searchModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  return searchRoutes({ db: ctx.db, providers: SEARCH_PROVIDERS });
}
