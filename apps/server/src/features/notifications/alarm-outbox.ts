import { toDate } from '../../lib/sql.ts';
import { alarmSummariesByIds } from '../alarms/list/summaries.ts';
import { createAckLinksRepo } from '../channels/ack-links-repo.ts';
import { type AlarmRef, queueAlarmEmails, refOf } from '../channels/alarm-emails.ts';
import { createAlarmMessageRepo } from '../channels/alarm-message-repo.ts';
import { queueWebhookEvent } from '../channels/webhook-deliver.ts';
import { createWebhookQueueRepo } from '../channels/webhook-queue-repo.ts';
import { MAX_ATTEMPTS } from '../mail/delivery.ts';
import { pageFlood, resumePaging, startPaging, stopPaging } from '../oncall/paging.ts';
import { decideRaise } from './alarm-management.ts';
import { createAlarmOutboxRepo } from './alarm-outbox-repo.ts';
import { alarmRecipients } from './recipients.ts';
import type { NotificationWorkerDeps } from './worker-deps.ts';

/** Alarm raises older than this when the worker sees them (a long outage) are not emailed any more. */
const STALE_RAISE_MS = 24 * 3_600_000;

/**
 * Turns pending notification_outbox rows into emails, one row per transaction: the row is locked
 * (`FOR UPDATE SKIP LOCKED`), so several instances never handle the same one. A raise emails the
 * matching members and starts the alarm's paging chain (features/oncall/paging.ts); an acknowledge or
 * clear stops it.
 */
export async function processOutbox(deps: NotificationWorkerDeps, limit = 50): Promise<number> {
  let handled = 0;
  const changed = new Map<number, AlarmRef>();
  /** Alarms found chattering here: the consoles hear of it. */
  const marked: number[] = [];
  const alarmOutbox = createAlarmOutboxRepo(deps.db);
  const alarms = createAlarmMessageRepo(deps.db);
  const webhookQueue = createWebhookQueueRepo(deps.db);
  const emails = { ...deps, ackLinks: createAckLinksRepo(deps.db) };
  for (; handled < limit; handled++) {
    const now = deps.now();
    let failedId: number | null = null;
    let found = false;
    try {
      await deps.db.transaction(async (tx) => {
        const item = await alarmOutbox.lockNextOutboxRow(tx);
        if (!item) return;
        found = true;
        failedId = Number(item.id);
        const alarm = await alarms.loadAlarm(Number(item.alarm_id), tx);
        // Raised in a maintenance window or shelved: no email, no escalation (the end of either
        // notifies again when the alarm is still open: a new raise, or the `unshelved` event).
        const held = alarm !== null && (alarm.suppressed || alarm.shelved_until != null);
        if (alarm && !held && (item.event === 'raised' || item.event === 'unshelved')) {
          const raisedAt = toDate(alarm.raised_at);
          let email = item.event === 'unshelved' ? alarm.status !== 'cleared' : true;
          // A raise pages unless it joins a flood (the flood's first alarm pages for the location) or
          // its condition chatters; an unshelve resumes the paused chain.
          let page: 'alarm' | 'flood' | null = item.event === 'raised' ? 'alarm' : null;
          if (item.event === 'raised' && now.getTime() - raisedAt.getTime() <= STALE_RAISE_MS) {
            const decided = await decideRaise(tx, alarm, { ...deps, now });
            if (decided.changed) marked.push(Number(alarm.id));
            email = decided.decision === 'email';
            page = decided.decision === 'email' ? 'alarm' : decided.decision === 'flood-start' ? 'flood' : null;
          } else if (item.event === 'raised') {
            email = false;
            page = null;
          }
          if (email) {
            const recipients = await alarmRecipients(
              deps.recipients,
              tx,
              {
                organizationId: Number(alarm.organization_id),
                locationId: alarm.location_id,
                severity: alarm.severity,
              },
              now,
            );
            if ((await queueAlarmEmails(tx, emails, alarm, recipients, 0)).length > 0)
              changed.set(Number(alarm.id), refOf(alarm));
          }
          if (alarm.status === 'active' && page === 'alarm') await startPaging(deps.paging, tx, alarm, raisedAt);
          if (alarm.status === 'active' && page === 'flood') await pageFlood(deps.paging, tx, alarm, raisedAt);
          if (alarm.status === 'active' && item.event === 'unshelved') await resumePaging(deps.paging, tx, alarm, now);
          if (item.event === 'raised' && now.getTime() - raisedAt.getTime() <= STALE_RAISE_MS)
            await queueWebhookEvent(tx, webhookQueue, {
              event: 'alarm.raised',
              alarm,
              at: now,
              publicUrl: deps.publicUrl,
            });
        } else if (alarm && (item.event === 'acknowledged' || item.event === 'cleared')) {
          if (await stopPaging(deps.paging, tx, alarm)) changed.set(Number(alarm.id), refOf(alarm));
          await queueWebhookEvent(tx, webhookQueue, {
            event: item.event === 'acknowledged' ? 'alarm.acknowledged' : 'alarm.cleared',
            alarm,
            at: now,
            publicUrl: deps.publicUrl,
          });
        }
        await alarmOutbox.markOutboxProcessed(item.id, now, tx);
      });
    } catch (err) {
      // One bad row must not block the others: count the attempt, give up after a few.
      deps.log?.error({ err, outboxId: failedId }, 'notifications: outbox row failed');
      if (failedId !== null) {
        await alarmOutbox.countOutboxFailure(failedId, now, MAX_ATTEMPTS);
      }
      continue;
    }
    if (!found) break;
  }
  for (const ref of changed.values()) deps.bus.emit('notification.updated', ref);
  for (const summary of await alarmSummariesByIds(deps.db, marked)) deps.bus.emit('alarm.updated', summary);
  return handled;
}
