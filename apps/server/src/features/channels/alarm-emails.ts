import type { DbOrTx } from '../../db/client.ts';
import { toDate } from '../../lib/sql.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { type AckLinksRepo, ackLinkUrl } from './ack-links-repo.ts';
import { renderAlarmEmail } from './alarm-email-template.ts';
import type { AlarmRow } from './alarm-message.ts';
import type { Recipient } from './recipient.ts';

/** What the consoles are told of an alarm whose notifications changed. */
export type AlarmRef = { alarmRef: number; controllerId: number; organizationId: number; locationId: number | null };
export const refOf = (a: AlarmRow): AlarmRef => ({
  alarmRef: Number(a.ref),
  controllerId: Number(a.controller_id),
  organizationId: Number(a.organization_id),
  locationId: a.location_id == null ? null : Number(a.location_id),
});

/**
 * Queues the alarm's email (tier 0) or escalation (tier n) to each recipient, with their one-tap
 * acknowledge link when they may acknowledge it; returns the emails' ids in order.
 */
export async function queueAlarmEmails(
  tx: DbOrTx,
  deps: { ackLinks: AckLinksRepo; outbox: EmailOutboxRepo; publicUrl: string; now: () => Date },
  alarm: AlarmRow,
  recipients: readonly Recipient[],
  tier: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const r of recipients) {
    const token = await deps.ackLinks.createAckLinkFor(
      { alarmId: Number(alarm.id), userId: r.userId, at: deps.now() },
      tx,
    );
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
      {
        locale: r.locale,
        timeZone: r.timeZone,
        publicUrl: deps.publicUrl,
        ackUrl: token ? ackLinkUrl(deps.publicUrl, token) : null,
      },
    );
    const { id } = await deps.outbox.enqueue(
      {
        kind: tier > 0 ? 'escalation' : 'alarm',
        to: r.email,
        locale: r.locale,
        ...content,
        alarmId: Number(alarm.id),
        userId: r.userId,
        tier,
      },
      tx,
    );
    ids.push(id);
  }
  return ids;
}
