import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addOutsider, seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { headers, userByEmail } from '../../test/helpers.ts';
import { useEscalationServer } from '../../test/notifications.ts';
import { deliverDue } from '../mail/delivery.ts';
import { processPaging } from '../oncall/paging.ts';
import { processOutbox } from './alarm-outbox.ts';

const { fx, adminToken, pagesOf, at, policyFor } = useEscalationServer();
const { clock, emailsOf, queueRaise } = fx;

describe('paging by escalation policy', () => {
  it('pages each step after its delay, repeats the chain, records every page, and stops at acknowledge', async () => {
    const db = fx.server.database.db;
    const [team] = await query<{ id: number }>(db, sql`select id from teams where name = 'Field Technicians'`);
    const admin = await userByEmail(fx.server.database, 'admin@example.com');
    const targets = [
      { type: 'team', id: team?.id },
      { type: 'user', id: admin.id },
    ];
    await policyFor('LOW_LIQUID_LEVEL', {
      name: 'Liquid level',
      repeat: 1,
      steps: [
        { delay_minutes: 10, targets },
        { delay_minutes: 5, targets },
      ],
    });
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm] = await seedAlarms(db, [{ controller: 4, type: 'LOW_LIQUID_LEVEL', raisedAt: t0 }]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    expect((await emailsOf(alarm.id)).map((r) => r.to_address)).toEqual(['low@freshmart.test']);

    const escalated = async () => (await emailsOf(alarm.id)).filter((r) => r.tier > 0);
    clock.now = at(t0, 599);
    await processPaging(fx.deps);
    expect(await escalated()).toHaveLength(0);
    clock.now = at(t0, 601);
    await processPaging(fx.deps);
    const tier1 = (await escalated()).map((r) => [r.to_address, r.kind, r.tier]).sort();
    expect(tier1).toEqual([
      ['admin@example.com', 'escalation', 1],
      ['technician@example.com', 'escalation', 1],
    ]);
    expect((await escalated())[0]?.subject).toMatch(/^Not acknowledged: /);
    // Step 2 five minutes after step 1 was due, then the chain once more from step 1.
    clock.now = at(t0, 850);
    await processPaging(fx.deps);
    expect(await escalated()).toHaveLength(2);
    clock.now = at(t0, 901);
    await processPaging(fx.deps);
    expect(await escalated()).toHaveLength(4);
    clock.now = at(t0, 1201);
    await processPaging(fx.deps);
    expect((await escalated()).filter((r) => r.tier === 3)).toHaveLength(2);
    const pages = await pagesOf(alarm.ref);
    expect(pages.map((p) => [p.step, p.user?.name, p.channel, p.status])).toHaveLength(6);
    expect(pages.every((p) => p.channel === 'email' && p.status === 'queued')).toBe(true);
    // The emails name the step that sent them as the pages do; the subscription's email none.
    const listed = await fx.server.app.inject({
      method: 'GET',
      url: `/api/alarms/${alarm.ref}/notifications?per_page=50`,
      headers: headers(adminToken()),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const steps = (listed.json().data as { email: string; step: number | null }[])
      .map((e) => [e.email, e.step] as const)
      .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`));
    expect(steps).toEqual([
      ['admin@example.com', 1],
      ['admin@example.com', 1],
      ['admin@example.com', 2],
      ['low@freshmart.test', null],
      ['technician@example.com', 1],
      ['technician@example.com', 1],
      ['technician@example.com', 2],
    ]);
    // Another organization's user does not learn the alarm exists.
    await addOutsider(db, 'pages-outsider@example.com');
    const outsider = await login(fx.server.app, 'pages-outsider@example.com');
    const hidden = await fx.server.app.inject({
      method: 'GET',
      url: `/api/alarms/${alarm.ref}/pages`,
      headers: headers(outsider),
    });
    expect(hidden.statusCode).toBe(404);

    // Acknowledged by the administrator: the chain stops at once and their pages say so.
    const ack = await fx.server.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.ref}/acknowledge`,
      headers: headers(adminToken()),
    });
    expect(ack.statusCode).toBe(200);
    await processOutbox(fx.deps);
    clock.now = at(t0, 3600);
    await processPaging(fx.deps);
    expect(await escalated()).toHaveLength(6);
    await deliverDue(fx.deps);
    const after = await pagesOf(alarm.ref);
    expect(new Set(after.map((p) => `${p.user?.name}:${p.status}`))).toEqual(
      new Set([`${admin.name}:acknowledged`, 'Terry Technician:sent']),
    );
  });

  it('falls back to the default policy for a critical alarm: the store at once, then the service on call', async () => {
    const db = fx.server.database.db;
    await db.execute(sql`update alarm_types set escalation_policy_id = null where code = 'COMPRESSOR_PROOF_FAILURE'`);
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm] = await seedAlarms(db, [
      { controller: 4, type: 'COMPRESSOR_PROOF_FAILURE', severity: 'critical', raisedAt: t0 },
    ]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    const emailed = (await emailsOf(alarm.id)).length;
    await processPaging(fx.deps);
    const first = await pagesOf(alarm.ref);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((p) => p.step === 1)).toBe(true);
    // Members already emailed about the raise get no second email for the first page.
    const pagedMembers = first.length;
    expect((await emailsOf(alarm.id)).length).toBeLessThan(emailed + pagedMembers + 1);
    clock.now = at(t0, 15 * 60 + 1);
    const now = await fx.server.app.inject({ method: 'GET', url: '/api/oncall/now', headers: headers(adminToken()) });
    const onCall = (now.json().data as { schedule: { name: string }; current: { name: string } | null }[]).find(
      (n) => n.schedule.name === 'Service company on call',
    )?.current?.name;
    expect(onCall).toBeTruthy();
    await processPaging(fx.deps);
    const second = (await pagesOf(alarm.ref)).filter((p) => p.step === 2);
    expect(second.map((p) => p.user?.name)).toEqual([onCall]);
  });

  it('pauses while shelved, resumes at unshelve, and never pages a suppressed alarm', async () => {
    const db = fx.server.database.db;
    const admin = await userByEmail(fx.server.database, 'admin@example.com');
    await policyFor('HIGH_DISCHARGE_PRESSURE', {
      name: 'Discharge',
      steps: [{ delay_minutes: 5, targets: [{ type: 'user', id: admin.id }] }],
    });
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm, quiet] = await seedAlarms(db, [
      { controller: 4, type: 'HIGH_DISCHARGE_PRESSURE', raisedAt: t0 },
      { controller: 5, type: 'HIGH_DISCHARGE_PRESSURE', raisedAt: t0, suppressed: true },
    ]);
    if (!alarm || !quiet) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await queueRaise(quiet.id);
    await processOutbox(fx.deps);
    const shelve = await fx.server.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.ref}/shelve`,
      headers: headers(adminToken()),
      payload: { minutes: 60, reason: 'Technician on site' },
    });
    expect(shelve.statusCode, shelve.body).toBe(200);
    clock.now = at(t0, 10 * 60);
    await processPaging(fx.deps);
    expect(await pagesOf(alarm.ref)).toHaveLength(0);
    const unshelve = await fx.server.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.ref}/unshelve`,
      headers: headers(adminToken()),
    });
    expect(unshelve.statusCode, unshelve.body).toBe(200);
    await processOutbox(fx.deps);
    await processPaging(fx.deps);
    expect((await pagesOf(alarm.ref)).map((p) => p.user?.name)).toEqual([admin.name]);
    clock.now = at(t0, 3 * 3600);
    await processPaging(fx.deps);
    expect(await pagesOf(quiet.ref)).toHaveLength(0);
  });

  it('pages by the location’s own policy where it has one (it wins over the type’s)', async () => {
    const db = fx.server.database.db;
    const admin = await userByEmail(fx.server.database, 'admin@example.com');
    const tech = await userByEmail(fx.server.database, 'technician@example.com');
    await policyFor('HIGH_SUCTION_PRESSURE', {
      name: 'Suction',
      steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: admin.id }] }],
    });
    const store = await fx.server.app.inject({
      method: 'POST',
      url: '/api/escalation-policies',
      headers: headers(adminToken()),
      payload: {
        name: 'Store nights',
        organization_id: null,
        steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: tech.id }] }],
      },
    });
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm] = await seedAlarms(db, [{ controller: 6, type: 'HIGH_SUCTION_PRESSURE', raisedAt: t0 }]);
    if (!alarm?.locationId) throw new Error('seed failed');
    const url = `/api/locations/${alarm.locationId}`;
    const current = (await fx.server.app.inject({ method: 'GET', url, headers: headers(adminToken()) })).json().data;
    const { id: _id, organisation: _o, controllers_count: _c, ...fields } = current;
    const saved = await fx.server.app.inject({
      method: 'PATCH',
      url,
      headers: headers(adminToken()),
      payload: { ...fields, escalation_policy_id: store.json().data.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.escalation_policy_id).toBe(store.json().data.id);
    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    await processPaging(fx.deps);
    expect((await pagesOf(alarm.ref)).map((p) => p.user?.name)).toEqual([tech.name]);
    // The alarm list says who is on it (the latest page's people), the alarm view too.
    const list = await fx.server.app.inject({
      method: 'GET',
      url: `/api/alarms?per_page=100&location_id=${alarm.locationId}`,
      headers: headers(adminToken()),
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().data as { ref: number; paged: { id: number; name: string }[] }[]).find(
      (a) => a.ref === alarm.ref,
    );
    expect(row?.paged).toEqual([{ id: tech.id, name: tech.name }]);
    const view = await fx.server.app.inject({
      method: 'GET',
      url: `/api/alarms/${alarm.ref}`,
      headers: headers(adminToken()),
    });
    expect(view.json().data.paged).toEqual([{ id: tech.id, name: tech.name }]);
    await fx.server.app.inject({
      method: 'PATCH',
      url,
      headers: headers(adminToken()),
      payload: { ...fields, escalation_policy_id: null },
    });
  });
});
