import { normalizeLocale } from '@rcm/shared/locale';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arr, query } from '../../lib/sql.ts';

export type Texter = { user_id: number; language: string };

/**
 * SMS replies are remembered a year: an "ACK" acknowledges the sender's latest page, so a replay
 * would act on a later alarm. A call's requests and status callbacks act only on their own page and
 * come within minutes: two days.
 */
export const TWILIO_SMS_MEMORY_MS = 366 * 24 * 3_600_000;
export const TWILIO_MEMORY_MS = 2 * 24 * 3_600_000;

export function createTwilioRepo(db: Db) {
  return {
    /** The people whose verified SMS number this is (most recently verified first). */
    async smsSenders(address: string): Promise<Texter[]> {
      return query<Texter>(
        db,
        sql`select c.user_id, u.language from contact_methods c join users u on u.id = c.user_id
          where c.address = ${address} and c.type = 'sms' and c.verified_at is not null
            and not u.disabled and u.deleted_at is null
          order by c.verified_at desc`,
      );
    },
    /** The alarm (ref) and person of these people's latest page of an active alarm, SMS pages first. */
    async latestActivePage(userIds: number[], ref: number | null) {
      const [row] = await query<{ user_id: number; ref: number }>(
        db,
        sql`select p.user_id, a.ref from alarm_pages p join alarms a on a.id = p.alarm_id
          where p.user_id = any(${arr(userIds)}::int[]) and a.status = 'active'
            and (${ref}::int is null or a.ref = ${ref}::int)
          order by (p.channel = 'sms') desc, p.at desc, p.id desc limit 1`,
      );
      return row ? { userId: Number(row.user_id), ref: Number(row.ref) } : null;
    },
    /** A call's page: its person, alarm and language. */
    async voicePage(pageId: number) {
      const [row] = await query<{ user_id: number | null; alarm_id: number; language: string | null }>(
        db,
        sql`select p.user_id, p.alarm_id, u.language from alarm_pages p left join users u on u.id = p.user_id
          where p.id = ${pageId} and p.channel = 'voice'`,
      );
      return row
        ? {
            userId: row.user_id == null ? null : Number(row.user_id),
            alarmId: Number(row.alarm_id),
            locale: normalizeLocale(row.language),
          }
        : null;
    },
    /**
     * Records a Twilio request by its key; false when the key was seen before (a replay of a signed
     * request: Twilio's signature covers the URL and fields but no time, so only memory tells).
     */
    async firstTwilioRequest(key: string, at: Date): Promise<boolean> {
      const rows = await query<{ key: string }>(
        db,
        sql`insert into twilio_requests (key, received_at) values (${key}, ${at.toISOString()}::timestamptz)
          on conflict (key) do nothing returning key`,
      );
      return rows.length > 0;
    },
    async purgeTwilioRequests(now: Date): Promise<void> {
      const sms = new Date(now.getTime() - TWILIO_SMS_MEMORY_MS).toISOString();
      const other = new Date(now.getTime() - TWILIO_MEMORY_MS).toISOString();
      await db.execute(
        sql`delete from twilio_requests where received_at < case when key like 'sms:%'
            then ${sms}::timestamptz else ${other}::timestamptz end`,
      );
    },
  };
}

export type TwilioRepo = ReturnType<typeof createTwilioRepo>;
