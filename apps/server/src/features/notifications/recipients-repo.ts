import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import { DEFAULT_MIN_SEVERITY, DEFAULT_TIME_ZONE } from './preference-defaults.ts';

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

/**
 * Users who may see an alarm of this organization and location, with their alarm preferences (members
 * without saved preferences get the defaults; other organizations' staff only when they opted in).
 */
export async function alarmAudience(db: DbOrTx, alarm: AlarmTarget): Promise<RecipientRow[]> {
  return query<RecipientRow>(
    db,
    sql`select u.id, u.email, u.language,
          coalesce(p.enabled, u.organization_id = ${alarm.organizationId}) as enabled,
          coalesce(p.min_severity, ${DEFAULT_MIN_SEVERITY}) as min_severity,
          p.quiet_start, p.quiet_end, coalesce(p.time_zone, ${DEFAULT_TIME_ZONE}) as time_zone
        from users u
        join roles r on r.id = u.role_id
        left join notification_preferences p on p.user_id = u.id
        where not u.disabled and 'alarms_view' = any(r.permissions)
          and (
            (u.organization_id = ${alarm.organizationId} and (u.all_locations or exists (
              select 1 from user_locations ul where ul.user_id = u.id and ul.location_id = ${alarm.locationId})))
            or (u.organization_id <> ${alarm.organizationId} and p.enabled
              and ('controllers_view_all' = any(r.permissions) or 'organization_view_all' = any(r.permissions)))
          )
        order by u.id`,
  );
}
