import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import type { FeatureContext } from '../context.ts';
import { createMaintenanceRepo } from '../maintenance/repo.ts';
import { foldAlarmTotals } from './list/totals.ts';
import { createHoldExpiry } from './nuisance/hold-expiry.ts';
import { createHoldExpiryRepo } from './nuisance/hold-expiry-repo.ts';
import { alarmRoutes } from './routes.ts';

/** The alarm API: lists, one alarm, its lifecycle, notes and the metrics. */
export function alarmsModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  return alarmRoutes({ db: ctx.db, bus: ctx.bus, audit: ctx.audit, auth: ctx.auth, now: ctx.now });
}

/** The alarms' scheduled tasks. */
export function alarmsTasks(ctx: FeatureContext): ScheduledTask[] {
  const holds = createHoldExpiry({ repo: createHoldExpiryRepo(ctx.db), maintenance: createMaintenanceRepo(ctx.db) });
  return [
    {
      // Shelvings that are up and maintenance windows that ended (nuisance/hold-expiry.ts).
      name: 'alarm-management',
      everyMs: 5_000,
      run: async (db, events) => {
        events.queueAll([
          ...(await holds.expireShelvings(ctx.now(), db)),
          ...(await holds.endMaintenance(ctx.now(), db)),
        ]);
      },
    },
    // Staff's alarm counts: the changes the counter trigger appended (list/totals.ts).
    { name: 'alarm-totals', everyMs: 2_000, run: async (db) => void (await foldAlarmTotals(db)) },
  ];
}
