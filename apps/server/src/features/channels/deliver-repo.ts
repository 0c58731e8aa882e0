import { normalizeLocale } from '@rcm/shared/locale';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { PageChannel, PageStatus } from '../../db/schema-oncall.ts';
import { query } from '../../lib/sql.ts';
import { DEFAULT_TIME_ZONE } from '../notifications/preference-defaults.ts';
import type { Recipient } from '../notifications/recipients.ts';

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
};

/**
 * Claims the deliveries due by `now` with one UPDATE over rows picked `FOR UPDATE SKIP LOCKED` that
 * also moves their next attempt past a lease: racing instances never send the same page twice, and
 * a worker that dies mid-send lets the lease expire.
 */
export async function claimDueDeliveries(db: DbOrTx, now: Date, lease: Date, limit: number): Promise<DueDelivery[]> {
  return query<DueDelivery>(
    db,
    sql`with due as (
          select id from alarm_pages
          where status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at limit ${limit} for update skip locked)
        update alarm_pages p set next_attempt_at = ${lease.toISOString()}::timestamptz, attempts = p.attempts + 1
        from due where p.id = due.id
        returning p.id, p.alarm_id, p.user_id, p.channel, p.step, p.cycle, p.attempts,
          (select address from contact_methods where id = p.contact_method_id) as address,
          (select verified_at is not null from contact_methods where id = p.contact_method_id) as verified`,
  );
}

/** The paged person as the email and message renderers need them (null: deleted or disabled). */
export async function recipientOf(db: DbOrTx, userId: number): Promise<Recipient | null> {
  const [row] = await query<{ id: number; email: string; language: string; time_zone: string }>(
    db,
    sql`select u.id, u.email, u.language, coalesce(p.time_zone, ${DEFAULT_TIME_ZONE}) as time_zone
        from users u left join notification_preferences p on p.user_id = u.id
        where u.id = ${userId} and not u.disabled and u.deleted_at is null`,
  );
  return row
    ? { userId: Number(row.id), email: row.email, locale: normalizeLocale(row.language), timeZone: row.time_zone }
    : null;
}

/** A delivery done: its status, what the outside service called it, no more attempts. */
export async function markDelivery(
  db: DbOrTx,
  id: number,
  r: { status: PageStatus; providerId?: string | null; emailId?: number | null; detail?: string | null },
): Promise<void> {
  await db.execute(sql`update alarm_pages set status = ${r.status}, next_attempt_at = null,
    provider_id = coalesce(${r.providerId ?? null}, provider_id), email_id = coalesce(${r.emailId ?? null}::int, email_id),
    detail = ${r.detail ?? null} where id = ${id}`);
}

/** A failed try: again at `next` (the reason kept in `detail`), or failed for good. */
export async function retryDelivery(
  db: DbOrTx,
  id: number,
  r: { next: Date | null; detail: string | null },
): Promise<void> {
  await db.execute(sql`update alarm_pages set detail = coalesce(${r.detail}, detail),
    status = case when ${r.next === null} then 'failed' else status end,
    next_attempt_at = ${r.next ? r.next.toISOString() : null}::timestamptz where id = ${id}`);
}

/** A delivery that was never sent (the alarm was acknowledged or cleared before its time): not a page. */
export async function dropDelivery(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`delete from alarm_pages where id = ${id} and status = 'queued'`);
}

/** Holds a delivery until `until` (the alarm is shelved). */
export async function holdDelivery(db: DbOrTx, id: number, until: Date): Promise<void> {
  await db.execute(sql`update alarm_pages set next_attempt_at = ${until.toISOString()}::timestamptz where id = ${id}`);
}

/** What Twilio's status callback says of a message or call, onto its page (never over "acknowledged"). */
export async function recordProviderStatus(
  db: DbOrTx,
  providerId: string,
  status: PageStatus,
  detail: string | null,
): Promise<number | null> {
  const [row] = await query<{ alarm_id: number }>(
    db,
    sql`update alarm_pages set status = ${status}, detail = coalesce(${detail}, detail)
        where provider_id = ${providerId} and status <> 'acknowledged' returning alarm_id`,
  );
  return row ? Number(row.alarm_id) : null;
}
