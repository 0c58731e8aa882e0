import { demoMac } from '@rcm/shared/demo';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { maintenanceWindows } from '../db/schema-maintenance.ts';
import { query } from '../lib/sql.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The demo's alarm management: FreshMart #101's nightly case cleaning (every day 02:00–03:00, store
 * time), its history's alarms raised inside that window stored suppressed, a power cut at FreshMart
 * #103 two months ago (a flood of 14 alarms in 6 minutes), a flaky sensor a few weeks ago (chattering)
 * and a few shelvings, so the alarm-management report has a year to judge.
 */
export async function seedAlarmManagement(db: Db, now: Date): Promise<void> {
  const [store] = await query<{ id: number; organization_id: number; timezone: string }>(
    db,
    sql`select id, organization_id, timezone from locations where name = 'FreshMart #101 Downtown'`,
  );
  const [admin] = await query<{ id: number }>(db, sql`select id from users where email = 'admin@example.com'`);
  if (!store || !admin) return;
  const [cleaning] = await db
    .insert(maintenanceWindows)
    .values({
      organizationId: store.organization_id,
      locationId: store.id,
      startsAt: new Date(now.getTime() - 400 * DAY),
      endsAt: new Date(now.getTime() + 365 * DAY),
      recurrence: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], from: '02:00', to: '03:00' },
      reason: 'Nightly case cleaning',
      createdBy: admin.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: maintenanceWindows.id });
  if (!cleaning) return;
  // History raised during the cleaning hour was stored suppressed (the engine decides so live).
  await db.execute(sql`update alarms set suppressed = true, maintenance_window_id = ${cleaning.id}
    where location_id = ${store.id} and status = 'cleared'
      and extract(hour from raised_at at time zone ${store.timezone}) = 2`);

  const [cedar] = await query<{ id: number }>(db, sql`select id from controllers where mac_address = ${demoMac(2)}`);
  const [flaky] = await query<{ id: number }>(db, sql`select id from controllers where mac_address = ${demoMac(3)}`);
  const [sensor] = await query<{ id: number; severity: string; name: string; name_es: string }>(
    db,
    sql`select id, severity, name, name_es from alarm_types where code = 'SENSOR_FAILURE'`,
  );
  if (!cedar || !flaky || !sensor) return;

  // A power cut: 14 sensors report failure within 6 minutes, two months ago; the flood it was.
  const cut = new Date(now.getTime() - 60 * DAY);
  const raise = (controllerId: number, subject: string, at: Date, chattering: boolean) => sql`(
    ${sensor.id}, ${controllerId}, (select organization_id from controllers where id = ${controllerId}),
    (select location_id from controllers where id = ${controllerId}), ${subject}, 'A',
    ${`Sensor failure: ${subject} reports a fault`}, ${`Falla de sensor: ${subject} reporta una falla`},
    ${sensor.severity}, 'cleared', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz,
    ${at.toISOString()}::timestamptz, ${new Date(at.getTime() + 40 * MINUTE).toISOString()}::timestamptz,
    'resolved', ${chattering})`;
  const cutRaises = Array.from({ length: 14 }, (_, k) =>
    raise(cedar.id, `A.CASE${(k % 7) + 1}${k >= 7 ? 'B' : ''}`, new Date(cut.getTime() + k * 26_000), false),
  );
  // A flaky sensor: failing for two minutes every quarter hour one afternoon three weeks ago.
  const afternoon = new Date(now.getTime() - 21 * DAY);
  const flakyRaises = Array.from({ length: 9 }, (_, k) =>
    raise(flaky.id, 'A.CASE3', new Date(afternoon.getTime() + k * 15 * MINUTE), k >= 2),
  );
  await db.execute(sql`insert into alarms (alarm_type_id, controller_id, organization_id, location_id, subject, rack_ref,
      reason, reason_es, severity, status, raised_at, registered_at, last_occurrence_at, cleared_at, health_status, chattering)
    values ${sql.join([...cutRaises, ...flakyRaises], sql`, `)}`);
  await db.execute(sql`insert into alarm_floods (organization_id, location_id, started_at, ended_at, alarm_count)
    select organization_id, location_id, ${new Date(cut.getTime() + 10 * 26_000).toISOString()}::timestamptz,
      ${new Date(cut.getTime() + 20 * MINUTE).toISOString()}::timestamptz, 14
    from controllers where id = ${cedar.id}`);

  // A few alarms were shelved for a while before they were cleared.
  await db.execute(sql`insert into alarm_shelvings (alarm_id, user_id, reason, shelved_at, until, ended_at)
    select a.id, ${admin.id}, 'Sensor being replaced', a.raised_at + interval '5 minutes',
      a.raised_at + interval '65 minutes', a.raised_at + interval '65 minutes'
    from alarms a where a.status = 'cleared' and not a.suppressed and a.cleared_at > a.raised_at + interval '65 minutes'
    order by a.id limit 12`);
}
