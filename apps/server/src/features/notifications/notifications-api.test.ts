import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOutsider, seedAlarms } from '../../test/alarms.ts';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { headers } from '../../test/helpers.ts';

// The notification history and preference APIs: who may read an alarm's and a controller's emails,
// and each user's own preferences. How emails come to exist is notifications.test.ts.
describe('notification APIs: scope and preferences', () => {
  let t: TestApp;
  let alarmRef: number;
  let controllerId: number;
  let manager: string;
  let outsider: string;
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp();
    // Demo controller 2 is FreshMart #103: the manager (all FreshMart stores) sees it, the viewer
    // (FreshMart #101 and #102 only) does not. Two of its alarms, one email each.
    const seeded = await seedAlarms(t.database.db, [
      { controller: 2 },
      { controller: 2, type: 'HIGH_DISCHARGE_PRESSURE' },
    ]);
    for (const alarm of seeded) {
      await t.database.db.execute(sql`insert into email_messages (kind, to_address, subject, html, text, alarm_id, status)
        values ('alarm', 'manager@example.com', 'Alarm', '<p>Alarm</p>', 'Alarm', ${alarm.id}, 'sent')`);
    }
    alarmRef = Number(seeded[0]?.ref);
    controllerId = Number(seeded[0]?.controllerId);
    await addOutsider(t.database.db, 'outsider@vv.test');
    manager = await login(t.app, 'manager@example.com');
    outsider = await login(t.app, 'outsider@vv.test');
    viewer = await login(t.app, 'viewer@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists an alarm’s and a controller’s emails to those who may see them', async () => {
    const a = await t.app.inject({
      method: 'GET',
      url: `/api/alarms/${alarmRef}/notifications`,
      headers: headers(manager),
    });
    expect(a.statusCode).toBe(200);
    expect(a.json().meta).toMatchObject({ page: 1, per_page: 10 });
    expect(a.json().data.length).toBeGreaterThan(0);
    const c = await t.app.inject({
      method: 'GET',
      url: `/api/controllers/${controllerId}/notifications?per_page=1`,
      headers: headers(manager),
    });
    expect(c.statusCode).toBe(200);
    expect(c.json().data).toHaveLength(1);
    expect(c.json().data[0].alarm_ref).toBeTypeOf('number');
    expect(c.json().meta.total).toBeGreaterThan(1);
  });

  it('hides them from another organization and from members without the location', async () => {
    for (const token of [outsider, viewer]) {
      const a = await t.app.inject({
        method: 'GET',
        url: `/api/alarms/${alarmRef}/notifications`,
        headers: headers(token),
      });
      expect(a.statusCode).toBe(404);
      expect(a.body).not.toContain('@');
      const c = await t.app.inject({
        method: 'GET',
        url: `/api/controllers/${controllerId}/notifications`,
        headers: headers(token),
      });
      expect(c.statusCode).toBe(404);
    }
    const anon = await t.app.inject({ method: 'GET', url: `/api/alarms/${alarmRef}/notifications` });
    expect(anon.statusCode).toBe(401);
  });

  it('keeps preferences per user and rejects bad input with field errors, changing nothing', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/account/notifications',
      headers: headers(outsider),
    });
    // Alarm emails are a subscription: off until the person turns it on.
    expect(get.json().data).toEqual({
      enabled: false,
      min_severity: 'high',
      quiet_hours_start: null,
      quiet_hours_end: null,
      time_zone: 'America/Chicago',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: headers(outsider, 'es-MX'),
      payload: {
        enabled: false,
        min_severity: 'low',
        quiet_hours_start: '25:00',
        quiet_hours_end: '06:00',
        time_zone: 'Mars/Base',
      },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().error.details.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['quiet_hours_start', 'time_zone']);
    expect(fields[0]?.message).toMatch(/HH:MM|zona/);
    const half = await t.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: headers(outsider),
      payload: {
        enabled: false,
        min_severity: 'low',
        quiet_hours_start: '22:00',
        quiet_hours_end: null,
        time_zone: 'UTC',
      },
    });
    expect(half.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/notifications', headers: headers(outsider) })).json(),
    ).toEqual(get.json());
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: headers(outsider),
      payload: {
        enabled: true,
        min_severity: 'medium',
        quiet_hours_start: '22:00',
        quiet_hours_end: '06:30',
        time_zone: 'America/Monterrey',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      min_severity: 'medium',
      quiet_hours_end: '06:30',
      time_zone: 'America/Monterrey',
    });
    // Another user's preferences are untouched.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/account/notifications',
      headers: headers(manager),
    });
    expect(mine.json().data.min_severity).toBe('high');
  });
});
