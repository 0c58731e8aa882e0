import { normalizeLocale } from '@rcm/shared/locale';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dueQueued } from '../../db/due-rows.ts';
import type { PageChannel, PageStatus } from '../../db/schema-oncall.ts';
import { query } from '../../lib/sql.ts';
import type { Recipient } from './recipient.ts';
import { DEFAULT_TIME_ZONE } from './recipient.ts';

export type DueDelivery = {
  id: number;
  alarm_id: number;
  user_id: number | null;
  channel: PageChannel;
  step: number;
  cycle: number;
  attempts: number;
  address: string | null;
  verified: boolean | null;
  /** Set: a send began and its outcome is unknown (its sender died mid-send). */
  send_started_at: unknown;
  sent_body: string | null;
};

export function createDeliverRepo(db: Db) {
  return {
    /**
     * Claims the deliveries due by `now` for `claimant` with one UPDATE over rows picked `FOR UPDATE SKIP
     * LOCKED` that also moves their next attempt past a lease: racing instances never send the same page
     * twice, and a worker that dies mid-send lets the lease expire (or its restart releases its claims).
     */
    async claimDueDeliveries(now: Date, lease: Date, limit: number, claimant: string): Promise<DueDelivery[]> {
      return query<DueDelivery>(
        db,
        sql`${dueQueued('alarm_pages', now, limit)}
          update alarm_pages p set next_attempt_at = ${lease.toISOString()}::timestamptz, attempts = p.attempts + 1,
            claimed_by = ${claimant}
          from due where p.id = due.id
          returning p.id, p.alarm_id, p.user_id, p.channel, p.step, p.cycle, p.attempts, p.send_started_at, p.sent_body,
            (select address from contact_methods where id = p.contact_method_id) as address,
            (select verified_at is not null from contact_methods where id = p.contact_method_id) as verified`,
      );
    },
    /**
     * A restarted sender's claims (`claimant`; null: every claim, for the embedded database's one process)
     * are due at once.
     */
    async releaseClaims(claimant: string | null, now: Date): Promise<number> {
      const rows = await query<{ id: number }>(
        db,
        sql`update alarm_pages set next_attempt_at = ${now.toISOString()}::timestamptz, claimed_by = null
          where status = 'queued' and claimed_by is not null
            and (${claimant}::text is null or claimed_by = ${claimant})
          returning id`,
      );
      return rows.length;
    },
    /**
     * A send is about to start: the claim is renewed to `lease` and what is sent recorded, before the
     * request; false when the claim was lost (another sender holds the delivery now).
     */
    async beginSend(id: number, r: { claimant: string; at: Date; lease: Date; body: string | null }): Promise<boolean> {
      const rows = await query<{ id: number }>(
        db,
        sql`update alarm_pages set send_started_at = ${r.at.toISOString()}::timestamptz, sent_body = ${r.body},
            next_attempt_at = ${r.lease.toISOString()}::timestamptz
          where id = ${id} and status = 'queued' and claimed_by = ${r.claimant} returning id`,
      );
      return rows.length > 0;
    },
    /** The paged person as the email and message renderers need them (null: deleted or disabled). */
    async recipientOf(userId: number): Promise<Recipient | null> {
      const [row] = await query<{ id: number; email: string; language: string; time_zone: string }>(
        db,
        sql`select u.id, u.email, u.language, coalesce(p.time_zone, ${DEFAULT_TIME_ZONE}) as time_zone
          from users u left join notification_preferences p on p.user_id = u.id
          where u.id = ${userId} and not u.disabled and u.deleted_at is null`,
      );
      return row
        ? { userId: Number(row.id), email: row.email, locale: normalizeLocale(row.language), timeZone: row.time_zone }
        : null;
    },
    /** A delivery done by its claimant: its status, what the outside service called it, no more attempts. */
    async markDelivery(
      id: number,
      claimant: string,
      r: { status: PageStatus; providerId?: string | null; emailId?: number | null; detail?: string | null },
    ): Promise<void> {
      await db.execute(sql`update alarm_pages set status = ${r.status}, next_attempt_at = null,
      provider_id = coalesce(${r.providerId ?? null}, provider_id), email_id = coalesce(${r.emailId ?? null}::int, email_id),
      detail = ${r.detail ?? null}, claimed_by = null, send_started_at = null
      where id = ${id} and status = 'queued' and claimed_by = ${claimant}`);
    },
    /**
     * A failed try by its claimant: again at `next` (the reason kept in `detail`), or failed for good.
     * `unknown`: the service never answered, so the send may have happened; the next try looks it up first.
     */
    async retryDelivery(
      id: number,
      claimant: string,
      r: { next: Date | null; detail: string | null; unknown?: boolean },
    ): Promise<void> {
      await db.execute(sql`update alarm_pages set detail = coalesce(${r.detail}, detail),
      status = case when ${r.next === null} then 'failed' else status end,
      send_started_at = case when ${r.unknown ?? false} then send_started_at end, claimed_by = null,
      next_attempt_at = ${r.next ? r.next.toISOString() : null}::timestamptz
      where id = ${id} and status = 'queued' and claimed_by = ${claimant}`);
    },
    /** A delivery that was never sent (the alarm was acknowledged or cleared before its time): not a page. */
    async dropDelivery(id: number): Promise<void> {
      await db.execute(sql`delete from alarm_pages where id = ${id} and status = 'queued'`);
    },
    /** Holds a delivery until `until` (the alarm is shelved). */
    async holdDelivery(id: number, until: Date): Promise<void> {
      await db.execute(sql`update alarm_pages set next_attempt_at = ${until.toISOString()}::timestamptz, claimed_by = null
      where id = ${id}`);
    },
    /** What Twilio's status callback says of a message or call, onto its page (never over "acknowledged"). */
    async recordProviderStatus(providerId: string, status: PageStatus, detail: string | null): Promise<number | null> {
      const [row] = await query<{ alarm_id: number }>(
        db,
        sql`update alarm_pages set status = ${status}, detail = coalesce(${detail}, detail)
          where provider_id = ${providerId} and status <> 'acknowledged' returning alarm_id`,
      );
      return row ? Number(row.alarm_id) : null;
    },
  };
}

export type DeliverRepo = ReturnType<typeof createDeliverRepo>;
