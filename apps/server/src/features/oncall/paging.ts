import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { toDate } from '../../lib/sql.ts';
import { createAckLinksRepo } from '../channels/ack-links-repo.ts';
import { type AlarmRef, refOf } from '../channels/alarm-emails.ts';
import type { AlarmRow } from '../channels/alarm-message.ts';
import { createAlarmMessageRepo } from '../channels/alarm-message-repo.ts';
import type { Recipient } from '../channels/recipient.ts';
import { queueWebhookEvent } from '../channels/webhook-deliver.ts';
import { createWebhookQueueRepo } from '../channels/webhook-queue-repo.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { nextInChain, tierOf } from './chain.ts';
import { pagePerson } from './page-person.ts';
import type { PagingRepo } from './paging-repo.ts';
import { createPoliciesRepo, type StepRow } from './policies-repo.ts';
import { onCallAt } from './rota.ts';
import { createSchedulesRepo } from './schedules-repo.ts';
import { rotaOf } from './schedules-service.ts';

export type { PagingRepo } from './paging-repo.ts';

/** What a paging pass needs (the notification worker's dependencies). */
export type PagingDeps = {
  db: Db;
  bus: EventBus;
  outbox: EmailOutboxRepo;
  publicUrl: string;
  now: () => Date;
  paging: PagingRepo;
};

/** Alarms whose type and location name no policy page by the default one only when this severe. */
const DEFAULT_POLICY_SEVERITIES = new Set(['critical', 'high']);

/**
 * Starts an alarm's chain (in the outbox's transaction): its location's policy, else its type's, else
 * the default one for high and critical alarms. Step 1 is due `from` + its delay. False: nobody is paged.
 */
export async function startPaging(repo: PagingRepo, tx: DbOrTx, alarm: AlarmRow, from: Date): Promise<boolean> {
  const policyId = await repo.policyFor(alarm, DEFAULT_POLICY_SEVERITIES.has(alarm.severity), tx);
  const first = policyId === null ? undefined : (await createPoliciesRepo(tx).byId(policyId))?.steps[0];
  if (policyId === null || !first) {
    await repo.stopChain(alarm.id, tx);
    return false;
  }
  await repo.startChain(alarm.id, policyId, new Date(from.getTime() + first.delayMinutes * 60_000), tx);
  return true;
}

/**
 * A flood started with this alarm: it pages for the location, and the chains of the alarms raised
 * there before it end (a flood pages once per location, not once per alarm).
 */
export async function pageFlood(repo: PagingRepo, tx: DbOrTx, alarm: AlarmRow, from: Date): Promise<void> {
  if (alarm.location_id != null) await repo.stopLocationChains(Number(alarm.location_id), alarm.id, tx);
  await startPaging(repo, tx, alarm, from);
}

/** Shelving ended with the alarm still active: the paused chain goes on now (or starts, if it never did). */
export async function resumePaging(repo: PagingRepo, tx: DbOrTx, alarm: AlarmRow, now: Date): Promise<void> {
  if (await repo.chainRunning(alarm.id, tx)) await repo.resumeChain(alarm.id, now, tx);
  else await startPaging(repo, tx, alarm, now);
}

/**
 * Acknowledged or cleared: nothing more is paged; the acknowledger's pages say they acted. True when
 * a page changed (the consoles showing it refetch).
 */
export async function stopPaging(repo: PagingRepo, tx: DbOrTx, alarm: AlarmRow): Promise<boolean> {
  await repo.stopChain(alarm.id, tx);
  if (alarm.acknowledged_by == null) return (await repo.dropUnsentDeliveries(alarm.id, tx)) > 0;
  return (await repo.markPagesAcknowledged(alarm.id, Number(alarm.acknowledged_by), tx)) > 0;
}

/** The people one step reaches at `now`: its users, teams, the schedules' on-call person, the members. */
async function stepRecipients(
  repo: PagingRepo,
  tx: DbOrTx,
  alarm: AlarmRow,
  step: StepRow,
  now: Date,
): Promise<Recipient[]> {
  const ids = (type: 'user' | 'team' | 'schedule') =>
    step.targets.flatMap((t) => (t.type === type && 'id' in t ? [Number(t.id)] : []));
  const schedules = await createSchedulesRepo(tx).byIds(ids('schedule'));
  const onCall = schedules.flatMap((s) => {
    const current = onCallAt(rotaOf(s), now, 1).current;
    return current ? [current.userId] : [];
  });
  return repo.pageAudience(
    { organizationId: Number(alarm.organization_id), locationId: alarm.location_id },
    {
      userIds: [...ids('user'), ...onCall],
      teamIds: ids('team'),
      members: step.targets.some((t) => t.type === 'members'),
    },
    tx,
  );
}

/** Whether any step of the policy reaches, at `now`, somebody who may see the alarm. */
async function policyReachesNow(
  repo: PagingRepo,
  tx: DbOrTx,
  alarm: AlarmRow,
  steps: StepRow[],
  now: Date,
): Promise<boolean> {
  for (const step of steps) if ((await stepRecipients(repo, tx, alarm, step, now)).length > 0) return true;
  return false;
}

/**
 * Who is paged when the policy reaches nobody: the alarm's organization's people who may see it, else
 * (nobody of theirs may) everyone else who may, the service company's staff.
 */
async function defaultAudience(repo: PagingRepo, tx: DbOrTx, alarm: AlarmRow): Promise<Recipient[]> {
  const place = { organizationId: Number(alarm.organization_id), locationId: alarm.location_id };
  const members = await repo.pageAudience(place, { userIds: [], teamIds: [], members: true }, tx);
  return members.length > 0
    ? members
    : repo.pageAudience(place, { userIds: [], teamIds: [], members: false, everyone: true }, tx);
}

/**
 * Pages the chain steps that are due, one per transaction (the row is locked, so instances never page
 * the same step twice). Each person reached is paged by their notification rules (`pagePerson`):
 * an email at once here, other channels and later emails by the channels' worker.
 */
export async function processPaging(deps: PagingDeps, limit = 50): Promise<number> {
  let paged = 0;
  const changed = new Map<number, AlarmRef>();
  const repo = deps.paging;
  const pass = { ...deps, ackLinks: createAckLinksRepo(deps.db) };
  const webhookQueue = createWebhookQueueRepo(deps.db);
  const alarms = createAlarmMessageRepo(deps.db);
  for (let i = 0; i < limit; i++) {
    const now = deps.now();
    let found = false;
    await deps.db.transaction(async (tx) => {
      const due = await repo.lockNextDueStep(now, tx);
      if (!due) return;
      found = true;
      const alarm = await alarms.loadAlarm(Number(due.alarm_id), tx);
      if (alarm?.status !== 'active' || alarm.suppressed || due.policy_id == null) {
        await repo.stopChain(due.alarm_id, tx);
        return;
      }
      if (alarm.shelved_until != null) {
        // Shelved: the chain waits until the shelving ends (or the unshelve resumes it).
        await repo.postponeChain(alarm.id, toDate(alarm.shelved_until), tx);
        return;
      }
      const policy = await createPoliciesRepo(tx).byId(Number(due.policy_id));
      const position = { step: Number(due.next_step), cycle: Number(due.cycle) };
      const step = policy?.steps[position.step];
      if (!policy || !step) {
        await repo.stopChain(alarm.id, tx);
        return;
      }
      const tier = tierOf(policy, position);
      const pagedIds: number[] = [];
      // A policy that reaches nobody who may see the alarm pages its default audience instead, once,
      // and says so on every such page; its chain ends there.
      const fallback =
        position.step === 0 && position.cycle === 0 && !(await policyReachesNow(repo, tx, alarm, policy.steps, now));
      const audience = fallback
        ? await defaultAudience(repo, tx, alarm)
        : await stepRecipients(repo, tx, alarm, step, now);
      for (const r of audience) {
        const page = { step: position.step + 1, cycle: position.cycle, tier, at: now, fallback };
        if ((await pagePerson(tx, pass, alarm, r, page)) > 0) {
          changed.set(Number(alarm.id), refOf(alarm));
          pagedIds.push(r.userId);
        }
      }
      // The chain's first step is the raise itself (alarm.raised); every later step is an escalation.
      if (position.step > 0 || position.cycle > 0)
        await queueWebhookEvent(tx, webhookQueue, {
          event: 'alarm.escalated',
          alarm,
          context: { step: position.step + 1, cycle: position.cycle, pagedUserIds: pagedIds },
          at: now,
          publicUrl: deps.publicUrl,
        });
      const dueAt = toDate(due.next_at);
      await repo.advanceChain(alarm.id, { at: now, next: fallback ? null : nextInChain(policy, position, dueAt) }, tx);
      paged++;
    });
    if (!found) break;
  }
  for (const ref of changed.values()) deps.bus.emit('notification.updated', ref);
  return paged;
}
