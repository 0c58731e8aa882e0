import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { searchProviders } from './providers.ts';
import { createSearchRepo } from './repo.ts';
import { searchRoutes } from './routes.ts';

/** The global search over its providers. */
export function searchModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const repo = createSearchRepo(ctx.db);
  return searchRoutes({ repo, providers: searchProviders(repo) });
}
