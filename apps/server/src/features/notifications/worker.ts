import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { query, toDate } from '../../lib/sql.ts';
import { alarmSummariesByIds } from '../alarms/summaries.ts';
import { decideRaise, endFloods } from './alarm-management.ts';
import { deliverDue, MAX_ATTEMPTS } from './delivery.ts';
import { enqueueEmail, onEmailQueued } from './outbox.ts';
import { alarmRecipients, escalationRecipients, type Severity } from './recipients.ts';
import { renderAlarmEmail } from './templates.ts';
import type { MailTransport } from './transport.ts';

export type NotificationWorkerDeps = {
  db: Db;
  bus: EventBus;
  transport: MailTransport;
  /** The console's public address, for the links in emails. */
  publicUrl: string;
  from: string;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Delivery attempts before a message is marked failed. */
  maxAttempts?: number;
};

/** Alarm raises older than this when the worker sees them (a long outage) are not emailed any more. */
const STALE_RAISE_MS = 24 * 3_600_000;

type AlarmRow = {
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

async function loadAlarm(tx: DbOrTx, id: number): Promise<AlarmRow | null> {
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

function intArray(value: number[] | string | null): number[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

type AlarmRef = { alarmRef: number; controllerId: number; organizationId: number; locationId: number | null };
const refOf = (a: AlarmRow): AlarmRef => ({
  alarmRef: Number(a.ref),
  controllerId: Number(a.controller_id),
  organizationId: Number(a.organization_id),
  locationId: a.location_id == null ? null : Number(a.location_id),
});

async function queueAlarmEmails(
  tx: DbOrTx,
  deps: NotificationWorkerDeps,
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

/**
 * Turns pending notification_outbox rows into emails, one row per transaction: the row is locked
 * (`FOR UPDATE SKIP LOCKED`), so several instances never handle the same one. A raise emails the
 * matching members and starts the escalation clock; an acknowledge or clear stops it.
 */
export async function processOutbox(deps: NotificationWorkerDeps, limit = 50): Promise<number> {
  let handled = 0;
  const changed = new Map<number, AlarmRef>();
  /** Alarms found chattering here: the consoles hear of it. */
  const marked: number[] = [];
  for (; handled < limit; handled++) {
    const now = deps.now();
    let failedId: number | null = null;
    let found = false;
    try {
      await deps.db.transaction(async (tx) => {
        const [item] = await query<{ id: number; alarm_id: number; event: string }>(
          tx,
          sql`select id, alarm_id, event from notification_outbox where processed_at is null
              order by id limit 1 for update skip locked`,
        );
        if (!item) return;
        found = true;
        failedId = Number(item.id);
        const alarm = await loadAlarm(tx, Number(item.alarm_id));
        // Raised in a maintenance window or shelved: no email, no escalation (the end of either
        // notifies again when the alarm is still open: a new raise, or the `unshelved` event).
        const held = alarm !== null && (alarm.suppressed || alarm.shelved_until != null);
        if (alarm && !held && (item.event === 'raised' || item.event === 'unshelved')) {
          const raisedAt = toDate(alarm.raised_at);
          let email = item.event === 'unshelved' ? alarm.status !== 'cleared' : true;
          if (item.event === 'raised' && now.getTime() - raisedAt.getTime() <= STALE_RAISE_MS) {
            const decided = await decideRaise(tx, alarm, { publicUrl: deps.publicUrl, now });
            if (decided.changed) marked.push(Number(alarm.id));
            email = decided.decision === 'email';
          } else if (item.event === 'raised') email = false;
          if (email) {
            const recipients = await alarmRecipients(
              tx,
              {
                organizationId: Number(alarm.organization_id),
                locationId: alarm.location_id,
                severity: alarm.severity,
              },
              now,
            );
            if ((await queueAlarmEmails(tx, deps, alarm, recipients, 0)) > 0)
              changed.set(Number(alarm.id), refOf(alarm));
          }
          if (email && alarm.escalation_delay_seconds != null && alarm.status === 'active') {
            const from = item.event === 'unshelved' ? now : raisedAt;
            const due = new Date(from.getTime() + Number(alarm.escalation_delay_seconds) * 1000);
            await tx.execute(sql`insert into alarm_escalations (alarm_id, next_at)
              values (${alarm.id}, ${due.toISOString()}::timestamptz)
              on conflict (alarm_id) do update set next_at = excluded.next_at`);
          }
        } else if (alarm && (item.event === 'acknowledged' || item.event === 'cleared')) {
          await tx.execute(sql`update alarm_escalations set next_at = null where alarm_id = ${alarm.id}`);
        }
        await tx.execute(sql`update notification_outbox set processed_at = ${now.toISOString()}::timestamptz,
          attempts = attempts + 1 where id = ${item.id}`);
      });
    } catch (err) {
      // One bad row must not block the others: count the attempt, give up after a few.
      deps.log?.error({ err, outboxId: failedId }, 'notifications: outbox row failed');
      if (failedId !== null) {
        await deps.db.execute(sql`update notification_outbox set attempts = attempts + 1,
          processed_at = case when attempts + 1 >= ${MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz end
          where id = ${failedId}`);
      }
      continue;
    }
    if (!found) break;
  }
  for (const ref of changed.values()) deps.bus.emit('notification.updated', ref);
  for (const summary of await alarmSummariesByIds(deps.db, marked)) deps.bus.emit('alarm.updated', summary);
  return handled;
}

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

/** One pass of everything: outbox → emails, escalations, deliveries. */
export async function runNotificationsOnce(deps: NotificationWorkerDeps): Promise<void> {
  await processOutbox(deps);
  await endFloods(deps.db, { publicUrl: deps.publicUrl, now: deps.now() });
  await processEscalations(deps);
  await deliverDue(deps);
}

/**
 * The worker loop of one instance: a pass every `intervalMs`, and soon after an alarm change or a
 * queued email. Passes never overlap; correctness across instances comes from the row locks above.
 */
export function startNotificationWorker(deps: NotificationWorkerDeps & { intervalMs?: number }): {
  stop: () => Promise<void>;
  kick: () => void;
} {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runNotificationsOnce(deps)
      .catch((err: unknown) => {
        if (!stopped) deps.log?.error({ err }, 'notifications: worker pass failed');
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          setTimeout(tick, 0).unref?.();
        }
      });
  };
  const timer = setInterval(tick, deps.intervalMs ?? 5000);
  timer.unref?.();
  const first = setTimeout(tick, 1000);
  first.unref?.();
  const soon = () => setTimeout(tick, 100).unref?.();
  const offs = [onEmailQueued(tick), deps.bus.on('alarm.raised', soon), deps.bus.on('alarm.updated', soon)];
  return {
    kick: tick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(first);
      for (const off of offs) off();
      await running;
      deps.transport.close();
    },
  };
}
