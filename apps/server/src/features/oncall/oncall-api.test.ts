import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { userByEmail } from '../../test/helpers.ts';
import { call, fx, ids, START, useOncallApi } from '../../test/oncall-api.ts';

useOncallApi();

describe('on-call schedules', () => {
  let scheduleId = 0;

  it('asks for a session before it looks at the body', async () => {
    const res = await fx.t.app.inject({ method: 'POST', url: '/api/oncall/schedules', payload: { name: 1 } });
    expect(res.statusCode).toBe(401);
  });

  it('lets an organization build its own schedule, audited', async () => {
    const editor = await userByEmail(fx.t.database, 'fm-editor@example.com');
    const res = await call('orgEditor', 'POST', 'oncall/schedules', {
      name: 'FreshMart nights',
      organization_id: ids.freshOrg,
      time_zone: 'America/Chicago',
      layers: [
        {
          name: 'Nights',
          user_ids: [ids.target, editor.id],
          starts_at: START,
          shift_hours: 24,
          restrict: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '18:00', to: '08:00' },
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data as { id: number; layers: { users: { id: number }[] }[]; organisation: { id: number } };
    scheduleId = data.id;
    expect(data.layers[0]?.users.map((u) => u.id)).toEqual([ids.target, editor.id]);
    expect(data.organisation.id).toBe(ids.freshOrg);
    const entries = await fx.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'oncall_schedule.create'), eq(auditLog.subjectId, String(scheduleId))));
    expect(entries).toHaveLength(1);
  });

  it('hides it from another organization (404) and lists only what the caller may see', async () => {
    for (const [method, url, body] of [
      ['GET', `oncall/schedules/${scheduleId}`],
      ['PATCH', `oncall/schedules/${scheduleId}`, { name: 'Mine now' }],
      ['DELETE', `oncall/schedules/${scheduleId}`],
      ['GET', `oncall/schedules/${scheduleId}/shifts?from=${START}&to=2026-01-06T14:00:00Z`],
      [
        'POST',
        `oncall/schedules/${scheduleId}/overrides`,
        { user_id: ids.target, starts_at: START, ends_at: '2026-01-06T00:00:00Z' },
      ],
    ] as const) {
      expect((await call('otherOrg', method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    const theirs = await call('otherOrg', 'GET', 'oncall/schedules?per_page=100');
    const names = (theirs.body.data as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(['Service company on call']);
    expect((theirs.body.meta as { total: number }).total).toBe(1);
    const now = await call('otherOrg', 'GET', 'oncall/now');
    expect((now.body.data as { schedule: { name: string } }[]).map((n) => n.schedule.name)).toEqual([
      'Service company on call',
    ]);
    const ours = await call('orgViewer', 'GET', 'oncall/schedules?per_page=100');
    expect((ours.body.data as { name: string }[]).map((s) => s.name).sort()).toEqual([
      'FreshMart nights',
      'Service company on call',
    ]);
  });

  it('keeps the shared schedule and other organizations out of an organization’s reach', async () => {
    const shared = (await call('orgViewer', 'GET', 'oncall/schedules?q=Service')).body.data as { id: number }[];
    const sharedId = shared[0]?.id ?? 0;
    expect((await call('orgEditor', 'PATCH', `oncall/schedules/${sharedId}`, { name: 'Ours' })).status).toBe(403);
    expect((await call('orgViewer', 'PATCH', `oncall/schedules/${scheduleId}`, { name: 'x' })).status).toBe(403);
    expect(
      (await call('orgEditor', 'POST', 'oncall/schedules', { name: 'Global', organization_id: null })).status,
    ).toBe(403);
    const nwUser = await userByEmail(fx.t.database, 'nw-editor@example.com');
    const foreign = await call(
      'orgEditor',
      'POST',
      'oncall/schedules',
      {
        name: 'Borrowed',
        organization_id: ids.freshOrg,
        layers: [{ user_ids: [nwUser.id], starts_at: START, shift_hours: 12 }],
      },
      'es-MX',
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.error).toMatchObject({ code: 'validation_failed' });
    const fields = (foreign.body.error as { details: { fields: { field: string; message: string }[] } }).details.fields;
    expect(fields[0]?.field).toBe('layers.0.user_ids');
    const bad = await call(
      'orgEditor',
      'POST',
      'oncall/schedules',
      {
        name: 'Bad',
        organization_id: ids.freshOrg,
        time_zone: 'Mars/Olympus',
        layers: [{ user_ids: [ids.target], starts_at: START, shift_hours: 745 }],
      },
      'es-MX',
    );
    expect(bad.status).toBe(422);
    const badFields = (bad.body.error as { details: { fields: { field: string; message: string }[] } }).details.fields;
    expect(badFields.map((f) => f.field).sort()).toEqual(['layers.0.shift_hours', 'time_zone']);
    expect(badFields.find((f) => f.field === 'layers.0.shift_hours')?.message).toBe('Debe ser como máximo 744.');
  });

  it('computes the final rota with overrides, and who is on call now and next', async () => {
    const editor = await userByEmail(fx.t.database, 'fm-editor@example.com');
    const url = `oncall/schedules/${scheduleId}/shifts?from=2026-01-05T18:00:00Z&to=2026-01-07T18:00:00Z`;
    const before = await call('orgViewer', 'GET', url);
    expect(before.status).toBe(200);
    type Shift = { user: { id: number }; starts_at: string; ends_at: string; source: string };
    const rows = (r: typeof before) =>
      (r.body.data as Shift[]).map((s) => [s.user.id, s.starts_at, s.ends_at, s.source]);
    // Monday night is the first participant's, Tuesday night the second's (18:00–08:00 Chicago).
    expect(rows(before)).toEqual([
      [ids.target, '2026-01-06T00:00:00.000Z', '2026-01-06T14:00:00.000Z', 'layer'],
      [editor.id, '2026-01-07T00:00:00.000Z', '2026-01-07T14:00:00.000Z', 'layer'],
    ]);
    const added = await call('orgEditor', 'POST', `oncall/schedules/${scheduleId}/overrides`, {
      user_id: editor.id,
      starts_at: '2026-01-06T02:00:00Z',
      ends_at: '2026-01-06T04:00:00Z',
    });
    expect(added.status).toBe(201);
    const overrideId = (added.body.data as { overrides: { id: number }[] }).overrides[0]?.id;
    expect(rows(await call('orgViewer', 'GET', url))).toEqual([
      [ids.target, '2026-01-06T00:00:00.000Z', '2026-01-06T02:00:00.000Z', 'layer'],
      [editor.id, '2026-01-06T02:00:00.000Z', '2026-01-06T04:00:00.000Z', 'override'],
      [ids.target, '2026-01-06T04:00:00.000Z', '2026-01-06T14:00:00.000Z', 'layer'],
      [editor.id, '2026-01-07T00:00:00.000Z', '2026-01-07T14:00:00.000Z', 'layer'],
    ]);
    fx.t.clock.now = new Date('2026-01-06T03:00:00Z');
    const now = await call('noSettings', 'GET', 'oncall/now');
    const mine = (
      now.body.data as {
        schedule: { id: number };
        current: { id: number };
        next: { user: { id: number }; starts_at: string };
      }[]
    ).find((n) => n.schedule.id === scheduleId);
    expect(mine?.current.id).toBe(editor.id);
    expect(mine?.next).toMatchObject({ user: { id: ids.target }, starts_at: '2026-01-06T04:00:00.000Z' });
    expect((await call('orgEditor', 'DELETE', `oncall/schedules/${scheduleId}/overrides/${overrideId}`)).status).toBe(
      204,
    );
    expect((await call('orgEditor', 'DELETE', `oncall/schedules/${scheduleId}/overrides/${overrideId}`)).status).toBe(
      404,
    );
    const long = await call(
      'orgViewer',
      'GET',
      `oncall/schedules/${scheduleId}/shifts?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z`,
    );
    expect(long.status).toBe(422);
  });

  it('lets policies page schedules, refuses deleting what is in use (409 in_use)', async () => {
    const created = await call('orgEditor', 'POST', 'escalation-policies', {
      name: 'FreshMart after hours',
      organization_id: ids.freshOrg,
      repeat: 2,
      steps: [
        { delay_minutes: 0, targets: [{ type: 'members' }] },
        { delay_minutes: 10, targets: [{ type: 'schedule', id: scheduleId }] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const policyId = (created.body.data as { id: number }).id;
    expect((await call('otherOrg', 'PATCH', `escalation-policies/${policyId}`, { name: 'x' })).status).toBe(404);
    const theirs = await call('otherOrg', 'GET', 'escalation-policies?per_page=100');
    expect((theirs.body.data as { id: number }[]).some((p) => p.id === policyId)).toBe(false);
    // Another organization's schedule is not a target it may name.
    const foreign = await call('otherOrg', 'POST', 'escalation-policies', {
      name: 'Borrowed',
      organization_id: null,
      steps: [{ delay_minutes: 0, targets: [{ type: 'schedule', id: scheduleId }] }],
    });
    expect(foreign.status).toBe(403);
    const nw = await userByEmail(fx.t.database, 'nw-editor@example.com');
    const borrowed = await call('otherOrg', 'POST', 'escalation-policies', {
      name: 'Borrowed',
      organization_id: nw.organizationId,
      steps: [{ delay_minutes: 0, targets: [{ type: 'schedule', id: scheduleId }] }],
    });
    expect(borrowed.status).toBe(422);
    expect(JSON.stringify(borrowed.body)).toContain('steps.0.targets');

    const inUse = await call('orgEditor', 'DELETE', `oncall/schedules/${scheduleId}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatchObject({ code: 'in_use' });

    const patched = await call('orgEditor', 'PATCH', `escalation-policies/${policyId}`, { repeat: 0 });
    expect(patched.body.data).toMatchObject({ repeat: 0, steps: [{ delay_minutes: 0 }, { delay_minutes: 10 }] });

    const list = await call('admin', 'GET', 'escalation-policies?per_page=100');
    const def = (list.body.data as { id: number; is_default: boolean }[]).find((p) => p.is_default);
    const refused = await call('admin', 'DELETE', `escalation-policies/${def?.id}`);
    expect(refused.status).toBe(409);

    expect((await call('orgEditor', 'DELETE', `escalation-policies/${policyId}`)).status).toBe(204);
    expect((await call('orgEditor', 'DELETE', `oncall/schedules/${scheduleId}`)).status).toBe(204);
    expect((await call('orgViewer', 'GET', `oncall/schedules/${scheduleId}`)).status).toBe(404);
  });

  it('warns of high and critical alarm types that would page nobody in an organization', async () => {
    const created = await call('admin', 'POST', 'organizations', { name: 'Empty Stores' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // High suction pressure pages the administrator, who sees every organization.
    const admin = await userByEmail(fx.t.database, 'admin@example.com');
    const policy = await call('admin', 'POST', 'escalation-policies', {
      name: 'Suction',
      organization_id: null,
      steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: admin.id }] }],
    });
    await fx.t.database.db.execute(
      sql`update alarm_types set escalation_policy_id = ${(policy.body.data as { id: number }).id}
          where code = 'HIGH_SUCTION_PRESSURE'`,
    );
    type Warning = { organization: { name: string }; alarm_type: { code: string } };
    const res = await call('admin', 'GET', 'oncall/warnings');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = res.body.data as Warning[];
    const empty = all.filter((w) => w.organization.name === 'Empty Stores').map((w) => w.alarm_type.code);
    // The default policy pages the store's people first, then the service on call (nobody in a test
    // database): a customer without members hears of nothing.
    expect(empty).toContain('CASE_HIGH_TEMP');
    expect(empty).not.toContain('HIGH_SUCTION_PRESSURE');
    expect(all.some((w) => w.organization.name === 'FreshMart Foods')).toBe(false);
    const own = await call('orgViewer', 'GET', 'oncall/warnings');
    expect(own.status).toBe(200);
    expect((own.body.data as Warning[]).every((w) => w.organization.name === 'FreshMart Foods')).toBe(true);
    expect((await call('noSettings', 'GET', 'oncall/warnings')).status).toBe(403);
  });
});
