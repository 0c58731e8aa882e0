import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query, toDate } from '../../lib/sql.ts';
import { enqueueEmail } from './outbox-repo.ts';
import type { alarmRecipients, Severity } from './recipients.ts';
import { renderAlarmEmail } from './templates.ts';

/** An alarm with what its emails and escalation need: its type's escalation and chatter settings. */
export type AlarmRow = {
  id: number;
  ref: number;
  severity: Severity;
  reason: string;
  reason_es: string | null;
  status: 'active' | 'acknowledged' | 'cleared';
  raised_at: unknown;
  organization_id: number;
  location_id: number | null;
  controller_id: number;
  controller_name: string;
  location_name: string | null;
  type_name: string;
  type_name_es: string;
  escalation_delay_seconds: number | null;
  escalation_repeat_seconds: number | null;
  escalation_team_id: number | null;
  escalation_user_ids: number[] | string | null;
  alarm_type_id: number;
  subject: string;
  suppressed: boolean;
  shelved_until: unknown;
  chattering: boolean;
  chatter_count: number;
  chatter_minutes: number;
};

/** The alarm with its controller, location and type, or null when it is gone. */
export async function loadAlarm(tx: DbOrTx, id: number): Promise<AlarmRow | null> {
  const [row] = await query<AlarmRow>(
    tx,
    sql`select a.id, a.ref, a.severity, a.reason, a.reason_es, a.status, a.raised_at, a.organization_id, a.location_id,
          a.controller_id, coalesce(c.name, c.store_alias, c.mac_address) as controller_name,
          l.name as location_name, t.name as type_name, t.name_es as type_name_es,
          t.escalation_delay_seconds, t.escalation_repeat_seconds, t.escalation_team_id, t.escalation_user_ids,
          a.alarm_type_id, a.subject, a.suppressed, a.shelved_until, a.chattering, t.chatter_count, t.chatter_minutes
        from alarms a
        join controllers c on c.id = a.controller_id
        join alarm_types t on t.id = a.alarm_type_id
        left join locations l on l.id = a.location_id
        where a.id = ${id}`,
  );
  return row ?? null;
}

/** A Postgres int array as the driver returns it (an array, or its `{1,2}` text form). */
export function intArray(value: number[] | string | null): number[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/** What the consoles are told of an alarm whose notifications changed. */
export type AlarmRef = { alarmRef: number; controllerId: number; organizationId: number; locationId: number | null };
export const refOf = (a: AlarmRow): AlarmRef => ({
  alarmRef: Number(a.ref),
  controllerId: Number(a.controller_id),
  organizationId: Number(a.organization_id),
  locationId: a.location_id == null ? null : Number(a.location_id),
});

/** Queues the alarm's email (tier 0) or escalation (tier n) to each recipient; returns how many. */
export async function queueAlarmEmails(
  tx: DbOrTx,
  deps: { publicUrl: string },
  alarm: AlarmRow,
  recipients: Awaited<ReturnType<typeof alarmRecipients>>,
  tier: number,
): Promise<number> {
  for (const r of recipients) {
    const content = renderAlarmEmail(
      {
        ref: Number(alarm.ref),
        severity: alarm.severity,
        reason: alarm.reason,
        reasonEs: alarm.reason_es,
        typeName: alarm.type_name,
        typeNameEs: alarm.type_name_es,
        controllerName: alarm.controller_name,
        locationName: alarm.location_name,
        raisedAt: toDate(alarm.raised_at),
        tier,
      },
      { locale: r.locale, timeZone: r.timeZone, publicUrl: deps.publicUrl },
    );
    await enqueueEmail(tx, {
      kind: tier > 0 ? 'escalation' : 'alarm',
      to: r.email,
      locale: r.locale,
      ...content,
      alarmId: Number(alarm.id),
      userId: r.userId,
      tier,
    });
  }
  return recipients.length;
}
