import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { createMailDeliveryRepo, type MailDeliveryRepo } from './delivery-repo.ts';
import type { EmailAttachment } from './outbox-repo.ts';
import type { MailTransport } from './transport.ts';

/** A claimed message not finished within this lease (its worker died) is tried again. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Delivery attempts (and outbox attempts) before a message is given up. */
export const MAX_ATTEMPTS = 5;

/** What delivery needs (the notification worker's dependencies hold it). */
export type DeliveryDeps = {
  db: Db;
  bus: EventBus;
  transport: MailTransport;
  from: string;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Delivery attempts before a message is marked failed. */
  maxAttempts?: number;
};

/** Retry backoff: 30 s, 1 min, 2 min, 4 min, ... at most 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers queued emails. A message is claimed by one atomic UPDATE over rows picked with
 * `FOR UPDATE SKIP LOCKED` that also moves its next attempt past a lease, so racing workers (other
 * instances) never claim the same message; a worker that dies mid-send lets the lease expire.
 * A failure is retried with exponential backoff, then marked failed.
 */
export async function deliverDue(deps: DeliveryDeps, limit = 20): Promise<{ sent: number; failed: number }> {
  const now = deps.now();
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const deliveryRepo = createMailDeliveryRepo(deps.db);
  const claimed = await deliveryRepo.claimDueEmails(now, lease, limit);
  let sent = 0;
  let failed = 0;
  const alarmIds = new Set<number>();
  const max = deps.maxAttempts ?? MAX_ATTEMPTS;
  const files = await attachmentsOf(
    deliveryRepo,
    claimed.map((m) => Number(m.id)),
  );
  for (const m of claimed.sort((a, b) => a.id - b.id)) {
    try {
      const { providerMessageId } = await deps.transport.send({
        id: Number(m.id),
        from: deps.from,
        to: m.to_address,
        subject: m.subject,
        html: m.html,
        text: m.text,
        attachments: files.get(Number(m.id)),
      });
      if (deps.transport.kind === 'local') await deliveryRepo.markEmailNotSent(m.id);
      else {
        await deliveryRepo.markEmailSent(m.id, deps.now().toISOString(), providerMessageId || null);
        sent++;
      }
    } catch (err) {
      const attempts = Number(m.attempts);
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = attempts >= max;
      const next = new Date(deps.now().getTime() + backoffMs(attempts)).toISOString();
      await deliveryRepo.markEmailAttemptFailed(m.id, { giveUp, next, error: message.slice(0, 500) });
      deps.log?.warn({ emailId: m.id, attempts, err: message }, 'notifications: delivery failed');
      if (giveUp) failed++;
    }
    if (m.alarm_id != null) alarmIds.add(Number(m.alarm_id));
  }
  await emitForAlarms(deps.db, deps.bus, [...alarmIds]);
  return { sent, failed };
}

/** The stored attachments of these emails, by email id. */
async function attachmentsOf(
  deliveryRepo: MailDeliveryRepo,
  emailIds: number[],
): Promise<Map<number, EmailAttachment[]>> {
  const byEmail = new Map<number, EmailAttachment[]>();
  if (emailIds.length === 0) return byEmail;
  const rows = await deliveryRepo.attachmentRows(emailIds);
  for (const r of rows) {
    const list = byEmail.get(r.emailId) ?? [];
    list.push({ filename: r.filename, contentType: r.contentType, content: r.content });
    byEmail.set(r.emailId, list);
  }
  return byEmail;
}

/** Announces `notification.updated` for these alarms (to their scope rooms). */
export async function emitForAlarms(db: Db, bus: EventBus, alarmIds: number[]): Promise<void> {
  if (alarmIds.length === 0) return;
  const rows = await createMailDeliveryRepo(db).alarmPlaces(alarmIds);
  for (const r of rows) {
    bus.emit('notification.updated', {
      alarmRef: Number(r.ref),
      controllerId: Number(r.controller_id),
      organizationId: Number(r.organization_id),
      locationId: r.location_id == null ? null : Number(r.location_id),
    });
  }
}
