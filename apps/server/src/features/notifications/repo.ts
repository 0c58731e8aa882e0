import type { EmailNotification, EmailNotificationList, NotificationPreferences } from '@rcm/shared/notifications';
import { pageMeta } from '@rcm/shared/pagination';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailMessages } from '../../db/schema-notifications.ts';
import { toIso as iso, query } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';
import { MANDRILL_EVENT_COLUMNS, type MandrillEvent } from '../mail/mandrill.ts';
import type { Severity } from './recipients.ts';

type Page = { page: number; per_page: number };

const EMAIL_SELECT = sql`e.id, e.kind, e.tier, e.to_address, e.locale, e.status, a.ref as alarm_ref, e.created_at,
  e.sent_at, e.delivered_at, e.opened_at, e.clicked_at, e.rejected_at, e.spam_at, e.soft_bounced_at, e.bounced_at,
  (select min(p.step) from alarm_pages p where p.email_id = e.id) as step`;

/** Where an alarm `a` sits in a tenant. */
const ALARM_COLUMNS = { org: sql`a.organization_id`, loc: sql`a.location_id` };

/** An email_messages row (with `alarm_ref`, null for emails of no alarm) as the API shows it. */
export function toEmail(r: Record<string, unknown>): EmailNotification {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    tier: Number(r.tier),
    step: r.step == null ? null : Number(r.step),
    email: String(r.to_address),
    locale: String(r.locale),
    status: r.status as EmailNotification['status'],
    alarm_ref: r.alarm_ref == null ? null : Number(r.alarm_ref),
    created_at: iso(r.created_at) ?? '',
    sent_at: iso(r.sent_at),
    delivered_at: iso(r.delivered_at),
    opened_at: iso(r.opened_at),
    clicked_at: iso(r.clicked_at),
    rejected_at: iso(r.rejected_at),
    spam_at: iso(r.spam_at),
    soft_bounced_at: iso(r.soft_bounced_at),
    bounced_at: iso(r.bounced_at),
  };
}

/** A user's stored notification preferences (no row: the defaults apply). */
export type StoredPreferences = {
  enabled: boolean;
  min_severity: Severity;
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
};

/** Recorded emails (email_messages), their alarms' tenants, and users' notification preferences. */
export function createNotificationsRepo(db: Db) {
  async function page(where: SQL, p: Page): Promise<EmailNotificationList> {
    const [count] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from email_messages e join alarms a on a.id = e.alarm_id where ${where}`,
    );
    const total = Number(count?.n ?? 0);
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select ${EMAIL_SELECT} from email_messages e join alarms a on a.id = e.alarm_id where ${where}
          order by e.created_at desc, e.id desc limit ${p.per_page} offset ${(p.page - 1) * p.per_page}`,
    );
    return {
      data: rows.map(toEmail),
      meta: pageMeta(p.page, p.per_page, total),
    };
  }

  return {
    /** Where a controller sits in a tenant. */
    async controllerTenant(id: number) {
      const [controller] = await query<{ organization_id: number | null; location_id: number | null }>(
        db,
        sql`select organization_id, location_id from controllers where id = ${id}`,
      );
      return controller;
    },

    /** One page of an alarm's emails, newest first. */
    alarmEmails(alarmId: number, p: Page): Promise<EmailNotificationList> {
      return page(sql`e.alarm_id = ${alarmId}`, p);
    },

    /** One page of the emails of a controller's alarms within `scope`, newest first. */
    controllerEmails(controllerId: number, scope: TenantScope, p: Page): Promise<EmailNotificationList> {
      return page(sql`a.controller_id = ${controllerId} and ${scopeSql(scope, ALARM_COLUMNS)}`, p);
    },

    /** Recorded emails by id, with their subject, text and status. */
    async emailsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: emailMessages.id,
          subject: emailMessages.subject,
          text: emailMessages.text,
          status: emailMessages.status,
        })
        .from(emailMessages)
        .where(inArray(emailMessages.id, ids));
    },

    async preferences(userId: number): Promise<StoredPreferences | undefined> {
      const [row] = await query<StoredPreferences>(
        db,
        sql`select enabled, min_severity, quiet_start, quiet_end, time_zone from notification_preferences
            where user_id = ${userId}`,
      );
      return row;
    },

    async savePreferences(userId: number, body: NotificationPreferences, at: string): Promise<void> {
      await db.execute(sql`insert into notification_preferences
          (user_id, enabled, min_severity, quiet_start, quiet_end, time_zone, updated_at)
        values (${userId}, ${body.enabled}, ${body.min_severity}, ${body.quiet_hours_start}, ${body.quiet_hours_end},
          ${body.time_zone}, ${at}::timestamptz)
        on conflict (user_id) do update set enabled = excluded.enabled, min_severity = excluded.min_severity,
          quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone,
          updated_at = excluded.updated_at`);
    },

    /** Notification outbox rows not processed yet (the whole deployment's). */
    async outboxBacklog(): Promise<number> {
      const [row] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from notification_outbox where processed_at is null`,
      );
      return row?.n ?? 0;
    },

    /** Stamps one delivery event on its emails (the first time of each kind wins); returns the rows changed. */
    async stampMandrillEvent(e: MandrillEvent) {
      const column = sql.raw(MANDRILL_EVENT_COLUMNS[e.event]);
      const match =
        e.id !== null && e.emailId !== null
          ? sql`(provider_message_id = ${e.id} or id = ${e.emailId})`
          : e.id !== null
            ? sql`provider_message_id = ${e.id}`
            : sql`id = ${e.emailId}`;
      return query<{ id: number; alarm_id: number | null }>(
        db,
        sql`update email_messages set ${column} = coalesce(${column}, ${e.at.toISOString()}::timestamptz)
            where ${match} returning id, alarm_id`,
      );
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
