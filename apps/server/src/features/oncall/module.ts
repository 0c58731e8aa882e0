import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import { createAlarmPlaceRepo } from '../alarms/list/place-repo.ts';
import type { FeatureContext } from '../context.ts';
import { createPagesRepo } from './pages-repo.ts';
import { createPoliciesRepo } from './policies-repo.ts';
import { policiesRoutes } from './policies-routes.ts';
import { createPoliciesService } from './policies-service.ts';
import { remindShiftStarts } from './reminders.ts';
import { createRemindersRepo } from './reminders-repo.ts';
import { createSchedulesRepo } from './schedules-repo.ts';
import { schedulesRoutes } from './schedules-routes.ts';
import { createSchedulesService } from './schedules-service.ts';
import { pagingWarnings } from './warnings.ts';
import { createWarningsRepo } from './warnings-repo.ts';

/** On call: schedules, escalation policies and an alarm's pages (the engine runs in the notification worker). */
export function oncallModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, audit: ctx.audit, now: ctx.now };
  const schedules = createSchedulesService(deps);
  const policies = createPoliciesService(deps);
  return async (app) => {
    await app.register(
      schedulesRoutes({
        service: schedules,
        warnings: (scope, now) =>
          pagingWarnings(
            {
              repo: createWarningsRepo(ctx.db),
              policies: createPoliciesRepo(ctx.db),
              schedules: createSchedulesRepo(ctx.db),
            },
            scope,
            now,
          ),
        now: ctx.now,
      }),
    );
    await app.register(
      policiesRoutes({ service: policies, pages: createPagesRepo(ctx.db), alarms: createAlarmPlaceRepo(ctx.db) }),
    );
  };
}

/** On call's scheduled task: shift-start reminders, checked every minute (reminders.ts). */
export function oncallTasks(ctx: FeatureContext, deps: { publicUrl: string }): ScheduledTask[] {
  const reminders = { repo: createRemindersRepo(), outbox: ctx.shared.outbox, publicUrl: deps.publicUrl };
  return [
    {
      name: 'oncall-reminders',
      everyMs: 60_000,
      run: async (db) => void (await remindShiftStarts(db, ctx.now(), reminders)),
    },
  ];
}
