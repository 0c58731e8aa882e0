import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Demo email notifications: escalation on a few alarm types (the field technicians' team for low oil
 * pressure, the store manager for low superheat and low liquid level) and preferences for the viewer.
 */
export async function seedNotifications(db: Db): Promise<void> {
  await db.execute(sql`update alarm_types set escalation_repeat_seconds = 900,
      escalation_team_id = (select id from teams where name = 'Field Technicians' order by id limit 1)
    where code = 'LOW_OIL_PRESSURE'`);
  await db.execute(sql`update alarm_types set escalation_repeat_seconds = 1800,
      escalation_user_ids = array(select id from users where email = 'manager@example.com')
    where code in ('LOW_SUPERHEAT', 'LOW_LIQUID_LEVEL')`);
  await db.execute(sql`insert into notification_preferences (user_id, enabled, min_severity, quiet_start, quiet_end, time_zone)
    select id, true, 'critical', '22:00', '06:00', 'America/Chicago' from users where email = 'viewer@example.com'
    on conflict (user_id) do nothing`);
}
