import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import type { FeatureContext } from '../context.ts';
import { endMaintenance, expireShelvings } from './management-jobs.ts';
import { alarmRoutes } from './routes.ts';
import { foldAlarmTotals } from './totals.ts';

/** The alarm API: lists, one alarm, its lifecycle, notes, the management report and the metrics. */
export function alarmsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  return alarmRoutes({ db: ctx.db, bus: ctx.bus, audit: ctx.audit, auth: ctx.auth, now: ctx.now });
}

/** The alarms' scheduled tasks. */
export function alarmsTasks(ctx: FeatureContext): ScheduledTask[] {
  return [
    {
      // Shelvings that are up and maintenance windows that ended (management-jobs.ts).
      name: 'alarm-management',
      everyMs: 5_000,
      run: async (db, events) => {
        events.queueAll([...(await expireShelvings(db, ctx.now())), ...(await endMaintenance(db, ctx.now()))]);
      },
    },
    // Staff's alarm counts: the changes the counter trigger appended (totals.ts).
    { name: 'alarm-totals', everyMs: 2_000, run: async (db) => void (await foldAlarmTotals(db)) },
  ];
}
