import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { createJobCategoriesRepo } from './categories-repo.ts';
import { jobCategoryRoutes } from './categories-routes.ts';
import { createJobCategoriesService } from './categories-service.ts';
import { type JobsProvider, localJobsProvider } from './provider.ts';
import { createJobsRepo } from './repo.ts';
import { jobRoutes } from './routes.ts';
import { createJobsService } from './service.ts';
import { syncProviderJobs } from './sync.ts';
import { zuperWebhookRoutes } from './webhook-routes.ts';
import { createZuperProvider } from './zuper-provider.ts';

/** Zuper when ZUPER_API_URL and ZUPER_API_KEY are set, else jobs live only in our database. */
export function jobsProviderFor(config: Pick<Config, 'ZUPER_API_URL' | 'ZUPER_API_KEY'>): JobsProvider {
  if (config.ZUPER_API_URL && config.ZUPER_API_KEY) {
    return createZuperProvider({ baseUrl: config.ZUPER_API_URL, apiKey: config.ZUPER_API_KEY });
  }
  return localJobsProvider;
}

/** The jobs API (`/jobs…`) and the Zuper webhook receiver, as one plugin under `/api`. */
export function jobsPlugin(deps: {
  config: Config;
  db: Db;
  bus: EventBus;
  audit: AuditRepo;
  now: () => Date;
  provider?: JobsProvider;
}): FastifyPluginAsyncZod {
  const repo = createJobsRepo(deps.db);
  const provider = deps.provider ?? jobsProviderFor(deps.config);
  const categoriesRepo = createJobCategoriesRepo(deps.db);
  const categories = createJobCategoriesService({
    db: deps.db,
    repo: categoriesRepo,
    audit: deps.audit,
    provider: provider.kind,
  });
  const service = createJobsService({
    repo,
    categories: categoriesRepo,
    provider,
    bus: deps.bus,
    audit: deps.audit,
    now: deps.now,
  });
  return async (app) => {
    await app.register(jobRoutes({ repo, service, categories }));
    await app.register(jobCategoryRoutes(categories));
    await app.register(
      zuperWebhookRoutes({ db: deps.db, bus: deps.bus, secret: deps.config.ZUPER_WEBHOOK_SECRET, now: deps.now }),
    );
  };
}

/** The scheduled Zuper sync (every 5 minutes, one instance at a time); none for the local provider. */
export function zuperSyncJob(deps: { config: Config; bus: EventBus; now: () => Date }): ScheduledTask[] {
  const provider = jobsProviderFor(deps.config);
  if (provider.kind === 'local') return [];
  return [
    {
      name: 'zuper-sync',
      everyMs: 5 * 60_000,
      run: async (db) => {
        const changes = await syncProviderJobs(db, provider, deps.now());
        for (const change of changes) deps.bus.emit('job.updated', change);
      },
    },
  ];
}
