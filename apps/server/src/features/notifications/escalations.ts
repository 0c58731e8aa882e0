import { sql } from 'drizzle-orm';
import { query, toDate } from '../../lib/sql.ts';
import { type AlarmRef, intArray, loadAlarm, queueAlarmEmails, refOf } from './alarm-emails.ts';
import { escalationRecipients } from './recipients.ts';
import type { NotificationWorkerDeps } from './worker.ts';

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
      const [due] = await query<{ alarm_id: number; rounds: number }>(
        tx,
        sql`select alarm_id, rounds from alarm_escalations where next_at <= ${now.toISOString()}::timestamptz
            order by next_at limit 1 for update skip locked`,
      );
      if (!due) return;
      found = true;
      const alarm = await loadAlarm(tx, Number(due.alarm_id));
      if (alarm?.status !== 'active' || alarm.escalation_delay_seconds == null || alarm.suppressed) {
        await tx.execute(sql`update alarm_escalations set next_at = null where alarm_id = ${due.alarm_id}`);
        return;
      }
      if (alarm.shelved_until != null) {
        // Shelved: the escalation waits until the shelving ends.
        await tx.execute(sql`update alarm_escalations set next_at = ${toDate(alarm.shelved_until).toISOString()}::timestamptz
          where alarm_id = ${due.alarm_id}`);
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
      await tx.execute(sql`update alarm_escalations set rounds = ${tier}, last_notified_at = ${now.toISOString()}::timestamptz,
        next_at = ${next}::timestamptz where alarm_id = ${due.alarm_id}`);
      fired++;
    });
    if (!found) break;
  }
  for (const ref of changed.values()) deps.bus.emit('notification.updated', ref);
  return fired;
}
