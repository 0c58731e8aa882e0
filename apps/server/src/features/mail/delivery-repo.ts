import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailAttachments } from '../../db/schema-notifications.ts';
import { arr, query } from '../../lib/sql.ts';

export type ClaimedEmail = {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  alarm_id: number | null;
};

export function createMailDeliveryRepo(db: Db) {
  return {
    /**
     * Claims up to `limit` due queued emails in one atomic UPDATE over rows picked with
     * `FOR UPDATE SKIP LOCKED`, moving their next attempt to `lease` and counting the attempt.
     */
    async claimDueEmails(now: Date, lease: string, limit: number): Promise<ClaimedEmail[]> {
      return query<ClaimedEmail>(
        db,
        sql`update email_messages set attempts = attempts + 1, next_attempt_at = ${lease}::timestamptz
          where id in (select id from email_messages where status = 'queued'
            and (attempts = 0 or next_attempt_at <= ${now.toISOString()}::timestamptz)
            order by id limit ${limit} for update skip locked)
          returning id, to_address, subject, html, text, attempts, alarm_id`,
      );
    },
    async markEmailSent(id: number, at: string, providerMessageId: string | null): Promise<void> {
      await db.execute(sql`update email_messages set status = 'sent', sent_at = ${at}::timestamptz,
      provider_message_id = ${providerMessageId}, last_error = null where id = ${id}`);
    },
    /** No mail server is configured: the message was rendered and kept, and nothing claims it was sent. */
    async markEmailNotSent(id: number): Promise<void> {
      await db.execute(sql`update email_messages set status = 'not_sent', sent_at = null,
      last_error = 'no_mail_server' where id = ${id}`);
    },
    /** Records a failed attempt: queued again for `next`, or failed when given up. */
    async markEmailAttemptFailed(id: number, f: { giveUp: boolean; next: string; error: string }): Promise<void> {
      await db.execute(sql`update email_messages set status = ${f.giveUp ? 'failed' : 'queued'},
      next_attempt_at = ${f.next}::timestamptz, last_error = ${f.error} where id = ${id}`);
    },
    /** The stored attachment rows of these emails, in id order. */
    async attachmentRows(emailIds: number[]) {
      return db
        .select()
        .from(emailAttachments)
        .where(inArray(emailAttachments.emailId, emailIds))
        .orderBy(emailAttachments.id);
    },
    /** Where these alarms sit (their ref, controller and tenant). */
    async alarmPlaces(alarmIds: number[]) {
      return query<{ ref: number; controller_id: number; organization_id: number; location_id: number | null }>(
        db,
        sql`select ref, controller_id, organization_id, location_id from alarms where id = any(${arr(alarmIds)}::int[])`,
      );
    },
  };
}

export type MailDeliveryRepo = ReturnType<typeof createMailDeliveryRepo>;
