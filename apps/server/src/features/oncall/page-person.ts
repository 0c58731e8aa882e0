import type { DbOrTx } from '../../db/client.ts';
import type { PageChannel } from '../../db/schema-oncall.ts';
import type { AckLinksRepo } from '../channels/ack-links-repo.ts';
import { queueAlarmEmails } from '../channels/alarm-emails.ts';
import type { AlarmRow } from '../channels/alarm-message.ts';
import type { Recipient } from '../channels/recipient.ts';
import { personRules } from '../channels/rules.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import type { PagingRepo } from './paging-repo.ts';

const MINUTE = 60_000;

/**
 * One person paged at one step: their notification rules become one `alarm_pages` row each (the
 * defaults when they saved none). An email due at once is queued here, in the paging transaction (a
 * chain's first page reuses the alarm's first email to them); every other delivery (SMS, call, a
 * later email, a push) is left to the channels' worker at its time, which sends it unless the alarm
 * was acknowledged by then. An unverified number, and push for a person with no device subscribed,
 * page nobody and get no row.
 */
export async function pagePerson(
  tx: DbOrTx,
  deps: { paging: PagingRepo; ackLinks: AckLinksRepo; outbox: EmailOutboxRepo; publicUrl: string; now: () => Date },
  alarm: AlarmRow,
  person: Recipient,
  page: { step: number; cycle: number; tier: number; at: Date; fallback?: boolean },
): Promise<number> {
  let rows = 0;
  for (const rule of await personRules(tx, person.userId)) {
    const channel: PageChannel | null =
      rule.method === 'email' ? 'email' : !rule.verified ? null : rule.method === 'push' ? 'push' : rule.type;
    if (channel === null) continue;
    const base = {
      alarmId: alarm.id,
      step: page.step,
      cycle: page.cycle,
      userId: person.userId,
      channel,
      fallback: page.fallback ?? false,
    };
    if (channel === 'email' && rule.delayMinutes === 0) {
      let emailId = page.tier === 0 ? await deps.paging.firstAlarmEmail(alarm.id, person.userId, tx) : null;
      if (emailId === null) [emailId = null] = await queueAlarmEmails(tx, deps, alarm, [person], page.tier);
      await deps.paging.insertPage({ ...base, at: page.at, emailId }, tx);
    } else {
      const due = new Date(page.at.getTime() + rule.delayMinutes * MINUTE);
      await deps.paging.insertPage(
        { ...base, at: due, emailId: null, nextAttemptAt: due, contactMethodId: rule.contactMethodId },
        tx,
      );
    }
    rows++;
  }
  return rows;
}
