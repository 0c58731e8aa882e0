import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arr, query } from '../../lib/sql.ts';

export type MyEmailRow = { id: number; at: unknown; status: string; text: string };
export type MyPageRow = { id: number; channel: 'sms' | 'voice' | 'push'; at: unknown; status: string };
export type MyLinkRow = { token_hash: string; expires_at: unknown; used_at: unknown };

export function createMyPagesRepo(db: Db) {
  return {
    /** The person's emails about the alarm (paging or their preferences sent them), oldest first. */
    myAlarmEmails(alarmId: number, userId: number): Promise<MyEmailRow[]> {
      return query<MyEmailRow>(
        db,
        sql`select id, coalesce(sent_at, created_at) as at, status, text from email_messages
          where alarm_id = ${alarmId} and user_id = ${userId} order by id`,
      );
    },
    /** The person's pages of the alarm on the channels other than email (an email page is its email). */
    myOtherPages(alarmId: number, userId: number): Promise<MyPageRow[]> {
      return query<MyPageRow>(
        db,
        sql`select id, channel, at, status from alarm_pages
          where alarm_id = ${alarmId} and user_id = ${userId} and channel in ('sms', 'voice', 'push')
          order by at, id`,
      );
    },
    /** Of these token hashes, the person's links to this alarm (anyone else's, or another alarm's, are not). */
    myLinks(alarmId: number, userId: number, hashes: string[]): Promise<MyLinkRow[]> {
      if (hashes.length === 0) return Promise.resolve([]);
      return query<MyLinkRow>(
        db,
        sql`select token_hash, expires_at, used_at from ack_links
          where alarm_id = ${alarmId} and user_id = ${userId} and token_hash = any(${arr(hashes)}::text[])`,
      );
    },
  };
}

export type MyPagesRepo = ReturnType<typeof createMyPagesRepo>;
