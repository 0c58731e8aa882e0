import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../lib/sql.ts';

/**
 * The demo's on call: the service company's schedule (the technician and the administrator a week each,
 * handing over on Mondays at 08:00 Chicago time) behind the default policy, and two policies of its own:
 * low oil pressure pages the store, then on call, then the field technicians; low superheat and low
 * liquid level page the store manager after 15 minutes, then on call 15 minutes later. Every high and
 * critical type so reaches somebody who may see its alarms at every location: the service company's
 * technician and administrator (on call) see every organization.
 */
export async function seedOncall(db: Db, now: Date): Promise<void> {
  // The Monday 08:00 (14:00Z in winter; close enough for a demo) on or before now.
  const monday = new Date(now);
  monday.setUTCHours(14, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  await db.execute(sql`insert into oncall_layers (schedule_id, position, name, user_ids, starts_at, shift_hours)
    select s.id, 0, 'Weekly', array(select id from users where email in ('technician@example.com', 'admin@example.com')
      order by email desc), ${monday.toISOString()}::timestamptz, 168
    from oncall_schedules s where s.organization_id is null and s.name = 'Service company on call'
      and not exists (select 1 from oncall_layers l where l.schedule_id = s.id)`);
  const [oil] = await query<{ id: number }>(
    db,
    sql`insert into escalation_policies (organization_id, name, repeat) values (null, 'Refrigeration faults', 2) returning id`,
  );
  const [manager] = await query<{ id: number }>(
    db,
    sql`insert into escalation_policies (organization_id, name, repeat) values (null, 'Store manager, then on call', 1)
        returning id`,
  );
  if (!oil || !manager) return;
  await db.execute(sql`insert into escalation_steps (policy_id, position, delay_minutes, targets) values
    (${oil.id}, 0, 0, '[{"type":"members"}]'::jsonb),
    (${oil.id}, 1, 10, jsonb_build_array(jsonb_build_object('type', 'schedule', 'id',
      (select id from oncall_schedules where organization_id is null order by id limit 1)))),
    (${oil.id}, 2, 30, jsonb_build_array(jsonb_build_object('type', 'team', 'id',
      (select id from teams where name = 'Field Technicians' order by id limit 1)))),
    (${manager.id}, 0, 15, jsonb_build_array(jsonb_build_object('type', 'user', 'id',
      (select id from users where email = 'manager@example.com')))),
    (${manager.id}, 1, 15, jsonb_build_array(jsonb_build_object('type', 'schedule', 'id',
      (select id from oncall_schedules where organization_id is null order by id limit 1))))`);
  await db.execute(sql`update alarm_types set escalation_policy_id = ${oil.id} where code = 'LOW_OIL_PRESSURE'`);
  await db.execute(
    sql`update alarm_types set escalation_policy_id = ${manager.id} where code in ('LOW_SUPERHEAT', 'LOW_LIQUID_LEVEL')`,
  );
}
