import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Demo email notification preferences: the viewer hears of critical alarms only, and not at night. */
export async function seedNotifications(db: Db): Promise<void> {
  await db.execute(sql`insert into notification_preferences (user_id, enabled, min_severity, quiet_start, quiet_end, time_zone)
    select id, true, 'critical', '22:00', '06:00', 'America/Chicago' from users where email = 'viewer@example.com'
    on conflict (user_id) do nothing`);
}
