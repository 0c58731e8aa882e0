import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '../context.ts';
import { createRefrigerantRepo } from './repo.ts';
import { createRefrigerantReport } from './report.ts';
import { createRefrigerantReportRepo } from './report-repo.ts';
import { refrigerantRoutes } from './routes.ts';
import { createRefrigerantService } from './service.ts';

/** Racks' refrigeration systems, the refrigerant log and table, and the refrigerant report. */
export function refrigerantModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db, audit, now } = ctx;
  const repo = createRefrigerantRepo(db);
  return refrigerantRoutes({
    db,
    repo,
    service: createRefrigerantService({ db, repo, audit, now }),
    report: createRefrigerantReport({ repo: createRefrigerantReportRepo(db), now }),
    now,
  });
}
