import type { EmailNotification, EmailNotificationList, NotificationPreferences } from '@rcm/shared/notifications';
import { preferenceIssues } from '@rcm/shared/notifications';
import { pageMeta } from '@rcm/shared/pagination';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import { toIso as iso, query } from '../../lib/sql.ts';
import { inScope, requireScope, scopeFor, scopeSql } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { emitForAlarms } from './delivery.ts';
import { MANDRILL_EVENT_COLUMNS, type MandrillEvent } from './mandrill.ts';
import { DEFAULT_MIN_SEVERITY, DEFAULT_TIME_ZONE, type Severity } from './recipients.ts';

type Page = { page: number; per_page: number };

const EMAIL_SELECT = sql`e.id, e.kind, e.tier, e.to_address, e.locale, e.status, a.ref as alarm_ref, e.created_at,
  e.sent_at, e.delivered_at, e.opened_at, e.clicked_at, e.rejected_at, e.spam_at, e.soft_bounced_at, e.bounced_at`;

/** An email_messages row (with `alarm_ref`, null for emails of no alarm) as the API shows it. */
export function toEmail(r: Record<string, unknown>): EmailNotification {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    tier: Number(r.tier),
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

/** Where an alarm `a` sits in a tenant. */
const ALARM_COLUMNS = { org: sql`a.organization_id`, loc: sql`a.location_id` };

export function createNotificationsService(deps: { db: Db; bus: EventBus; now: () => Date }) {
  const { db } = deps;

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
    /** The emails of one alarm the caller may see (else 404: its existence is not revealed). */
    async forAlarm(ctx: AuthContext, ref: number, p: Page): Promise<EmailNotificationList> {
      const scope = requireScope(ctx, 'alarms');
      const [alarm] = await query<{ id: number; organization_id: number; location_id: number | null }>(
        db,
        sql`select id, organization_id, location_id from alarms where ref = ${ref}`,
      );
      if (!alarm || !inScope(scope, { organizationId: Number(alarm.organization_id), locationId: alarm.location_id })) {
        throw new AppError(404, 'not_found');
      }
      return page(sql`e.alarm_id = ${alarm.id}`, p);
    },

    /** The emails of a controller's alarms, limited to the alarms the caller may see. */
    async forController(ctx: AuthContext, id: number, p: Page): Promise<EmailNotificationList> {
      const scope = requireScope(ctx, 'alarms');
      const [controller] = await query<{ organization_id: number | null; location_id: number | null }>(
        db,
        sql`select organization_id, location_id from controllers where id = ${id}`,
      );
      if (
        !controller ||
        !inScope(scope, { organizationId: controller.organization_id, locationId: controller.location_id })
      ) {
        throw new AppError(404, 'not_found');
      }
      return page(sql`a.controller_id = ${id} and ${scopeSql(scope, ALARM_COLUMNS)}`, p);
    },

    async preferences(ctx: AuthContext): Promise<NotificationPreferences> {
      const [row] = await query<{
        enabled: boolean;
        min_severity: Severity;
        quiet_start: string | null;
        quiet_end: string | null;
        time_zone: string;
      }>(
        db,
        sql`select enabled, min_severity, quiet_start, quiet_end, time_zone from notification_preferences
            where user_id = ${ctx.user.id}`,
      );
      if (!row) {
        // Members are notified by default; staff who see every organization opt in.
        return {
          enabled: scopeFor(ctx, 'alarms')?.kind !== 'all',
          min_severity: DEFAULT_MIN_SEVERITY,
          quiet_hours_start: null,
          quiet_hours_end: null,
          time_zone: DEFAULT_TIME_ZONE,
        };
      }
      return {
        enabled: Boolean(row.enabled),
        min_severity: row.min_severity,
        quiet_hours_start: row.quiet_start,
        quiet_hours_end: row.quiet_end,
        time_zone: row.time_zone,
      };
    },

    async savePreferences(ctx: AuthContext, body: NotificationPreferences): Promise<NotificationPreferences> {
      const issues = preferenceIssues(body);
      if (issues.length > 0) {
        throw new AppError(422, 'validation_failed', { fields: issues.map((i) => ({ field: i.field, key: i.key })) });
      }
      const at = deps.now().toISOString();
      await db.execute(sql`insert into notification_preferences
          (user_id, enabled, min_severity, quiet_start, quiet_end, time_zone, updated_at)
        values (${ctx.user.id}, ${body.enabled}, ${body.min_severity}, ${body.quiet_hours_start}, ${body.quiet_hours_end},
          ${body.time_zone}, ${at}::timestamptz)
        on conflict (user_id) do update set enabled = excluded.enabled, min_severity = excluded.min_severity,
          quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone,
          updated_at = excluded.updated_at`);
      return this.preferences(ctx);
    },

    /** Stamps delivery events on their emails (the first time of each kind wins). Returns rows changed. */
    async recordMandrillEvents(events: MandrillEvent[]): Promise<number> {
      let changed = 0;
      const alarmIds = new Set<number>();
      for (const e of events) {
        const column = sql.raw(MANDRILL_EVENT_COLUMNS[e.event]);
        const match =
          e.id !== null && e.emailId !== null
            ? sql`(provider_message_id = ${e.id} or id = ${e.emailId})`
            : e.id !== null
              ? sql`provider_message_id = ${e.id}`
              : sql`id = ${e.emailId}`;
        const rows = await query<{ id: number; alarm_id: number | null }>(
          db,
          sql`update email_messages set ${column} = coalesce(${column}, ${e.at.toISOString()}::timestamptz)
              where ${match} returning id, alarm_id`,
        );
        changed += rows.length;
        for (const r of rows) if (r.alarm_id != null) alarmIds.add(Number(r.alarm_id));
      }
      await emitForAlarms(db, deps.bus, [...alarmIds]);
      return changed;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
