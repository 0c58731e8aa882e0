import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { createAssetsRepo } from './repo.ts';
import { assetRoutes } from './routes.ts';
import { createAssetsService } from './service.ts';

/** The assets API. */
export function assetsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const repo = createAssetsRepo(ctx.db);
  const today = () => ctx.now().toISOString().slice(0, 10);
  return assetRoutes({ repo, service: createAssetsService({ db: ctx.db, repo, audit: ctx.audit, today }), today });
}
