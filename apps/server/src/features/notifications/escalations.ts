import { toDate } from '../../lib/sql.ts';
import { type AlarmRef, intArray, queueAlarmEmails, refOf } from './alarm-emails.ts';
import { loadAlarm } from './alarm-outbox-repo.ts';
import {
  lockNextDueEscalation,
  postponeEscalation,
  recordEscalationRound,
  stopEscalation,
} from './escalations-repo.ts';
import { escalationRecipients } from './recipients.ts';
import type { NotificationWorkerDeps } from './worker-deps.ts';

/**
 * Escalates alarms still active past their type's delay: the type's team and named users are emailed,
 * again every `escalation_repeat_seconds` until the alarm is acknowledged or cleared.
 */
export async function processEscalations(deps: NotificationWorkerDeps, limit = 50): Promise<number> {
  let fired = 0;
  const changed = new Map<number, AlarmRef>();
  for (let i = 0; i < limit; i++) {
    const now = deps.now();
    let found = false;
    await deps.db.transaction(async (tx) => {
      const due = await lockNextDueEscalation(tx, now);
      if (!due) return;
      found = true;
      const alarm = await loadAlarm(tx, Number(due.alarm_id));
      if (alarm?.status !== 'active' || alarm.escalation_delay_seconds == null || alarm.suppressed) {
        await stopEscalation(tx, due.alarm_id);
        return;
      }
      if (alarm.shelved_until != null) {
        // Shelved: the escalation waits until the shelving ends.
        await postponeEscalation(tx, due.alarm_id, toDate(alarm.shelved_until));
        return;
      }
      const tier = Number(due.rounds) + 1;
      const recipients = await escalationRecipients(
        tx,
        { organizationId: Number(alarm.organization_id), locationId: alarm.location_id },
        { teamId: alarm.escalation_team_id, userIds: intArray(alarm.escalation_user_ids) },
      );
      if ((await queueAlarmEmails(tx, deps, alarm, recipients, tier)) > 0) changed.set(Number(alarm.id), refOf(alarm));
      const repeat = alarm.escalation_repeat_seconds;
      const next = repeat != null && repeat > 0 ? new Date(now.getTime() + repeat * 1000).toISOString() : null;
      await recordEscalationRound(tx, due.alarm_id, { tier, at: now, next });
      fired++;
    });
    if (!found) break;
  }
  for (const ref of changed.values()) deps.bus.emit('notification.updated', ref);
  return fired;
}
