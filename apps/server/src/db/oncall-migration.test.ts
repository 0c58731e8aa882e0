import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { query } from '../lib/sql.ts';
import { migrationsBefore, openTestDatabase } from '../test/database.ts';
import { migrateDatabase } from './client.ts';

type PolicyRow = { code: string; name: string | null; repeat: number | null; steps: unknown };

describe('migration 0025 on alarm types with an email escalation', () => {
  let before: Awaited<ReturnType<typeof migrationsBefore>> | undefined;
  afterAll(async () => {
    await before?.remove();
  });

  it('turns each escalation into an equivalent policy and keeps an escalation under way going', async () => {
    before = await migrationsBefore('0025_oncall');
    const database = await openTestDatabase({ migrationsFolder: before.dir });
    const db = database.db;
    try {
      await db.execute(sql`insert into organizations (id, name) values (901, 'Old Co')`);
      await db.execute(
        sql`insert into roles (id, name, color, permissions) values (901, 'Tech', '#000000', '{alarms_view}')`,
      );
      await db.execute(sql`insert into teams (id, name, organization_id) values (901, 'Night crew', 901)`);
      await db.execute(sql`insert into users (id, name, email, password_hash, organization_id, role_id)
        values (901, 'Ana', 'ana@old.test', 'x', 901, 901), (902, 'Ben', 'ben@old.test', 'x', 901, 901)`);
      await db.execute(sql`insert into alarm_types (id, code, name, name_es, source, match, severity,
          escalation_delay_seconds, escalation_repeat_seconds, escalation_team_id, escalation_user_ids) values
        (901, 'OLD_BOTH', 'Old both', 'Viejo', 'metric', 'superheat', 'high', 610, 1800, 901, '{902,901}'),
        (902, 'OLD_ONCE', 'Old once', 'Viejo', 'metric', 'superheat', 'low', 0, null, null, '{902}'),
        (903, 'OLD_NONE', 'Old none', 'Viejo', 'metric', 'superheat', 'low', null, null, null, '{}')`);
      await db.execute(sql`insert into locations (id, organization_id, name) values (901, 901, 'Store')`);
      await db.execute(sql`insert into controllers (id, mac_address, organization_id, location_id, authorised)
        values (901, 'aa:bb:cc:00:09:01', 901, 901, true)`);
      await db.execute(sql`insert into alarms (id, alarm_type_id, controller_id, organization_id, location_id, severity, reason, subject, raised_at, last_occurrence_at)
        values (901, 901, 901, 901, 901, 'high', 'x', 'rack:A', now(), now())`);
      await db.execute(sql`insert into alarm_escalations (alarm_id, rounds, next_at) values (901, 2, now())`);

      await migrateDatabase(database);

      const policies = await query<PolicyRow>(
        db,
        sql`select t.code, p.name, p.repeat,
              (select json_agg(json_build_object('delay', s.delay_minutes, 'targets', s.targets) order by s.position)
                 from escalation_steps s where s.policy_id = p.id) as steps
            from alarm_types t left join escalation_policies p on p.id = t.escalation_policy_id
            where t.id between 901 and 903 order by t.id`,
      );
      const parsed = policies.map((p) => ({
        ...p,
        steps: typeof p.steps === 'string' ? JSON.parse(p.steps) : p.steps,
      }));
      const both = [
        { type: 'team', id: 901 },
        { type: 'user', id: 902 },
        { type: 'user', id: 901 },
      ];
      expect(parsed).toEqual([
        {
          code: 'OLD_BOTH',
          name: 'Old both escalation',
          repeat: 9,
          steps: [
            { delay: 11, targets: both },
            { delay: 30, targets: both },
          ],
        },
        {
          code: 'OLD_ONCE',
          name: 'Old once escalation',
          repeat: 0,
          steps: [{ delay: 0, targets: [{ type: 'user', id: 902 }] }],
        },
        { code: 'OLD_NONE', name: null, repeat: null, steps: null },
      ]);
      const [running] = await query<{ next_step: number; policy: string }>(
        db,
        sql`select e.next_step, p.name as policy from alarm_escalations e join escalation_policies p on p.id = e.policy_id
            where e.alarm_id = 901`,
      );
      expect(running).toEqual({ next_step: 1, policy: 'Old both escalation' });
      const [fallback] = await query<{ name: string; steps: number; schedule: string }>(
        db,
        sql`select p.name, (select count(*)::int from escalation_steps s where s.policy_id = p.id) as steps,
              (select name from oncall_schedules where organization_id is null) as schedule
            from escalation_policies p where p.is_default`,
      );
      expect(fallback).toEqual({
        name: 'Default: store staff, then on call',
        steps: 2,
        schedule: 'Service company on call',
      });
    } finally {
      await database.close();
    }
  });
});
