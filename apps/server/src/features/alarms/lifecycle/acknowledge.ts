import type { AlarmSummary } from '@rcm/shared/alarms';
import type { Db } from '../../../db/client.ts';
import type { EventBus } from '../../../events/bus.ts';
import type { AuditRepo } from '../../audit/repo.ts';
import type { ScopeCaller } from '../../auth/scope.ts';
import { createAlarmLifecycleRepo } from './lifecycle-repo.ts';
import { createAlarmLifecycleService } from './lifecycle-service.ts';

/**
 * Acknowledging from outside the console (channels: acknowledge links, SMS replies, calls): the same
 * transition, outbox event and announcement as the console's button, as the person who acts.
 */
export function createAcknowledger(deps: { db: Db; bus: EventBus; audit: AuditRepo; now: () => Date }) {
  const repo = createAlarmLifecycleRepo(deps.db);
  const lifecycle = createAlarmLifecycleService({ db: deps.db, repo, bus: deps.bus, audit: deps.audit, now: deps.now });
  return {
    /** 404 outside the person's scope, 403 without the permission, 409 when the alarm is not active. */
    acknowledge: (actor: ScopeCaller, ref: number): Promise<AlarmSummary> => lifecycle.apply(actor, ref, 'acknowledge'),
    /** The alarm as the dashboard shows it. */
    async summary(alarmId: number): Promise<AlarmSummary | undefined> {
      const [summary] = await repo.summaries([alarmId]);
      return summary;
    },
  };
}

export type Acknowledger = ReturnType<typeof createAcknowledger>;
