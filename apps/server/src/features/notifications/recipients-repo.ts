import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import { mayViewSql } from '../auth/scope.ts';

export type Severity = 'critical' | 'high' | 'medium' | 'low';
export type AlarmTarget = { organizationId: number; locationId: number | null; severity: Severity };

export type RecipientRow = {
  id: number;
  email: string;
  language: string;
  enabled: boolean;
  min_severity: Severity;
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
};

/** Who may be emailed about an alarm, read in the caller's transaction. */
export function createRecipientsRepo() {
  return {
    /**
     * Users subscribed to alarm emails (saved preferences with emails on) who may see an alarm of this
     * organization and location, with their preferences. Paging is separate (escalation policies).
     */
    async alarmAudience(alarm: AlarmTarget, tx: DbOrTx): Promise<RecipientRow[]> {
      return query<RecipientRow>(
        tx,
        sql`select u.id, u.email, u.language,
              p.enabled,
              p.min_severity,
              p.quiet_start, p.quiet_end, p.time_zone
            from users u
            join roles r on r.id = u.role_id
            join notification_preferences p on p.user_id = u.id
            where ${mayViewSql('alarms', { user: sql`u`, role: sql`r` }, { org: sql`${alarm.organizationId}`, loc: sql`${alarm.locationId}` })}
              and p.enabled
            order by u.id`,
      );
    },
  };
}

export type RecipientsRepo = ReturnType<typeof createRecipientsRepo>;
