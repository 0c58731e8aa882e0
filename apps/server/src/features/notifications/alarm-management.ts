import type { Db, DbOrTx } from '../../db/client.ts';
import { toDate } from '../../lib/sql.ts';
import { FLOOD, inFlood, isChattering, type NotifyDecision, notifyDecision } from '../alarms/nuisance/nuisance.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import type { AlarmManagementRepo } from './alarm-management-repo.ts';
import { renderFloodEmail } from './flood-email.ts';
import { alarmRecipients, type RecipientsRepo, type Severity } from './recipients.ts';

export type RaisedAlarm = {
  id: number;
  controller_id: number;
  alarm_type_id: number;
  subject: string;
  organization_id: number;
  location_id: number | null;
  raised_at: unknown;
  chattering: boolean;
  chatter_count: number;
  chatter_minutes: number;
};

const SEVERITY_ORDER: Severity[] = ['critical', 'high', 'medium', 'low'];

/** What deciding a raise and ending floods work with: the repositories, the console's address, the time. */
export type AlarmManagementDeps = {
  alarmManagement: AlarmManagementRepo;
  recipients: RecipientsRepo;
  outbox: EmailOutboxRepo;
  publicUrl: string;
  now: Date;
};

/**
 * Decides the first notification of a raised alarm from what the database holds (the decision itself
 * is `notifyDecision`'s): marks it chattering when its condition raised often enough, and starts or
 * joins its location's flood. Returns what to do with its email; `changed` when the alarm row changed.
 */
export async function decideRaise(
  tx: DbOrTx,
  alarm: RaisedAlarm,
  deps: AlarmManagementDeps,
): Promise<{ decision: NotifyDecision; changed: boolean }> {
  const repo = deps.alarmManagement;
  const at = toDate(alarm.raised_at);
  const since = new Date(at.getTime() - Number(alarm.chatter_minutes) * 60_000).toISOString();
  const raises = await repo.conditionRaiseTimes(alarm, since, at, tx);
  const chattering =
    alarm.chattering ||
    isChattering(
      raises.map((r) => toDate(r.raised_at)),
      at,
      { count: Number(alarm.chatter_count), minutes: Number(alarm.chatter_minutes) },
    );
  let changed = false;
  if (chattering && !alarm.chattering) {
    await repo.markChattering(alarm.id, tx);
    changed = true;
  }
  const last = await repo.lastConditionEmailAt(alarm, tx);
  const locationRaises = alarm.location_id == null ? [] : await raisesAt(repo, tx, Number(alarm.location_id), at);
  const flood = alarm.location_id == null ? undefined : await repo.lockOpenFlood(alarm.location_id, tx);
  const decision = notifyDecision({
    chattering,
    lastEmailAt: last?.at == null ? null : toDate(last.at),
    locationRaises,
    floodOpen: !!flood,
    at,
  });
  if (decision === 'in-flood' && flood) {
    await repo.countInFlood(flood.id, tx);
  }
  if (decision === 'flood-start' && alarm.location_id != null) {
    await repo.startFlood(
      { organizationId: alarm.organization_id, locationId: alarm.location_id, at, count: locationRaises.length },
      tx,
    );
    await emailFlood(tx, deps, {
      phase: 'start',
      organizationId: Number(alarm.organization_id),
      locationId: Number(alarm.location_id),
      startedAt: at,
      from: new Date(at.getTime() - FLOOD.minutes * 60_000),
    });
  }
  return { decision, changed };
}

/** Raise times of alarms at a location in the flood period before `at` (suppressed ones do not count). */
async function raisesAt(repo: AlarmManagementRepo, tx: DbOrTx, locationId: number, at: Date): Promise<Date[]> {
  const since = new Date(at.getTime() - FLOOD.minutes * 60_000).toISOString();
  const rows = await repo.locationRaiseTimes(locationId, since, at, tx);
  return rows.map((r) => toDate(r.raised_at));
}

/** The flood's summary email to the location's recipients (at the severity of its worst alarm). */
async function emailFlood(
  tx: DbOrTx,
  deps: AlarmManagementDeps,
  f: { phase: 'start' | 'end'; organizationId: number; locationId: number; startedAt: Date; from: Date },
): Promise<void> {
  const rows = await deps.alarmManagement.floodAlarms(f.locationId, f.from, deps.now, tx);
  if (rows.length === 0) return;
  const worst = SEVERITY_ORDER.find((s) => rows.some((r) => r.severity === s)) ?? 'low';
  const recipients = await alarmRecipients(
    deps.recipients,
    tx,
    { organizationId: f.organizationId, locationId: f.locationId, severity: worst },
    deps.now,
  );
  const alarms = rows.map((r) => ({
    ref: Number(r.ref),
    severity: r.severity,
    typeName: r.type_name,
    typeNameEs: r.type_name_es,
    controllerName: r.controller_name,
  }));
  for (const r of recipients) {
    const content = renderFloodEmail(
      { phase: f.phase, locationName: rows[0]?.location_name ?? '', startedAt: f.startedAt, alarms },
      { locale: r.locale, timeZone: r.timeZone, publicUrl: deps.publicUrl },
    );
    await deps.outbox.enqueue(
      { kind: `flood_${f.phase}`, to: r.email, locale: r.locale, ...content, userId: r.userId },
      tx,
    );
  }
}

/**
 * Ends the floods whose location has calmed down (no more than the flood count raised in the last
 * flood period), one summary email each. Rows are locked so one instance ends each flood.
 */
export async function endFloods(db: Db, deps: AlarmManagementDeps): Promise<number> {
  const repo = deps.alarmManagement;
  let ended = 0;
  await db.transaction(async (tx) => {
    const open = await repo.lockOpenFloods(tx);
    for (const f of open) {
      if (inFlood(await raisesAt(repo, tx, Number(f.location_id), deps.now), deps.now)) continue;
      await repo.endFlood(f.id, deps.now, tx);
      const startedAt = toDate(f.started_at);
      await emailFlood(tx, deps, {
        phase: 'end',
        organizationId: Number(f.organization_id),
        locationId: Number(f.location_id),
        startedAt,
        from: new Date(startedAt.getTime() - FLOOD.minutes * 60_000),
      });
      ended++;
    }
  });
  return ended;
}
