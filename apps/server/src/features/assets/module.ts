import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { createAssetsRepo } from './repo.ts';
import { assetRoutes } from './routes.ts';
import { createAssetsService } from './service.ts';

/** The assets API, wired from the database. */
export function assetsModule(deps: { db: Db; audit: AuditRepo; now?: () => Date }): FastifyPluginAsyncZod {
  const repo = createAssetsRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const today = () => now().toISOString().slice(0, 10);
  return assetRoutes({ repo, service: createAssetsService({ db: deps.db, repo, audit: deps.audit, today }), today });
}
