import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import type { FeatureContext } from '../context.ts';
import { policiesRoutes } from './policies-routes.ts';
import { remindShiftStarts } from './reminders.ts';
import { schedulesRoutes } from './schedules-routes.ts';

/** On call: schedules, escalation policies and an alarm's pages (the engine runs in the notification worker). */
export function oncallModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.db, audit: ctx.audit, now: ctx.now };
  return async (app) => {
    await app.register(schedulesRoutes(deps));
    await app.register(policiesRoutes(deps));
  };
}

/** On call's scheduled task: shift-start reminders, checked every minute (reminders.ts). */
export function oncallTasks(ctx: FeatureContext, deps: { publicUrl: string }): ScheduledTask[] {
  return [
    {
      name: 'oncall-reminders',
      everyMs: 60_000,
      run: async (db) => void (await remindShiftStarts(db, ctx.now(), deps)),
    },
  ];
}
