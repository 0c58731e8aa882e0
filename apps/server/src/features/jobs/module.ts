import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import { createAlarmPlaceRepo } from '../alarms/list/place-repo.ts';
import type { FeatureContext } from '../context.ts';
import { createJobCategoriesRepo } from './categories-repo.ts';
import { jobCategoryRoutes } from './categories-routes.ts';
import { createJobCategoriesService } from './categories-service.ts';
import { type JobsProvider, localJobsProvider } from './provider.ts';
import { createJobsRepo } from './repo.ts';
import { jobRoutes } from './routes.ts';
import { createJobsService } from './service.ts';
import { createJobSync } from './sync.ts';
import { createJobSyncRepo } from './sync-repo.ts';
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
export function jobsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db, bus, audit, now } = ctx;
  const repo = createJobsRepo(db);
  const provider = jobsProviderFor(ctx.config);
  const categoriesRepo = createJobCategoriesRepo(db);
  const categories = createJobCategoriesService({ db, repo: categoriesRepo, audit, provider: provider.kind, now });
  const alarms = createAlarmPlaceRepo(db);
  const service = createJobsService({ db, repo, categories: categoriesRepo, alarms, provider, bus, audit, now });
  return async (app) => {
    await app.register(jobRoutes({ repo, service, categories, provider: provider.kind }));
    await app.register(jobCategoryRoutes(categories));
    await app.register(
      zuperWebhookRoutes({
        db,
        sync: createJobSync(createJobSyncRepo(db)),
        bus,
        secret: ctx.config.ZUPER_WEBHOOK_SECRET,
        now,
      }),
    );
  };
}

/** The jobs' scheduled task: the Zuper sync (every 5 minutes, one instance at a time); none for the local provider. */
export function jobsTasks(ctx: FeatureContext): ScheduledTask[] {
  const provider = jobsProviderFor(ctx.config);
  if (provider.kind === 'local') return [];
  const sync = createJobSync(createJobSyncRepo(ctx.db));
  return [
    {
      name: 'zuper-sync',
      everyMs: 5 * 60_000,
      run: async (db, events) => {
        const changes = await sync.syncProviderJobs(provider, ctx.now(), db);
        for (const change of changes) events.queue('job.updated', change);
      },
    },
  ];
}
