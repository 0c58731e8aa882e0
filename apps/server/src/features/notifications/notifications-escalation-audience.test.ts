import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { addUser, seedAlarms } from '../../test/alarms.ts';
import { headers, userByEmail } from '../../test/helpers.ts';
import { useEscalationServer } from '../../test/notifications.ts';
import { deliverDue } from '../mail/delivery.ts';
import { createMailTransport } from '../mail/transport.ts';
import { processPaging } from '../oncall/paging.ts';
import { processOutbox } from './alarm-outbox.ts';

const { fx, adminToken, pagesOf, at, policyFor } = useEscalationServer();
const { clock, emailsOf, queueRaise } = fx;

// Who a policy reaches: people who may see the alarm, whatever the policy names.
describe('paging by escalation policy: its audience', () => {
  it('a policy reaching only people of other stores pages the default audience instead, says so, and warns of it', async () => {
    const db = fx.server.database.db;
    await db.execute(sql`update alarm_types set severity = 'critical' where code = 'LOW_OIL_PRESSURE'`);
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm] = await seedAlarms(db, [
      { controller: 4, type: 'LOW_OIL_PRESSURE', severity: 'critical', raisedAt: t0 },
    ]);
    if (!alarm?.locationId) throw new Error('seed failed');
    // A FreshMart person narrowed to another store: a member of the organization who may not see this alarm.
    const [other] = await query<{ id: number }>(
      db,
      sql`select id from locations where organization_id = ${alarm.organizationId} and id <> ${alarm.locationId}
          and archived_at is null order by id limit 1`,
    );
    const narrow = await addUser(db, { from: 'manager@example.com', email: 'other-store@freshmart.test' });
    await db.execute(sql`update users set all_locations = false where id = ${narrow.id}`);
    await db.execute(sql`insert into user_locations (user_id, location_id) values (${narrow.id}, ${other?.id})`);
    await policyFor('LOW_OIL_PRESSURE', {
      name: 'Other store only',
      steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: narrow.id }] }],
    });

    const warned = await fx.server.app.inject({
      method: 'GET',
      url: '/api/oncall/warnings',
      headers: headers(adminToken()),
    });
    expect(warned.statusCode, warned.body).toBe(200);
    const oil = (warned.json().data as { location: { id: number } | null; alarm_type: { code: string } }[]).filter(
      (w) => w.alarm_type.code === 'LOW_OIL_PRESSURE',
    );
    expect(oil.map((w) => w.location?.id)).toContain(alarm.locationId);
    expect(oil.map((w) => w.location?.id)).not.toContain(other?.id);

    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    await processPaging(fx.deps);
    const pages = await pagesOf(alarm.ref);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((p) => p.fallback)).toBe(true);
    expect(pages.map((p) => p.user?.id)).not.toContain(narrow.id);
    // Paged: the organization's people who may see the alarm (the manager sees every store).
    const manager = await userByEmail(fx.server.database, 'manager@example.com');
    expect(pages.map((p) => p.user?.id)).toContain(manager.id);
    // The fallback paged once: the chain is over.
    clock.now = at(t0, 3 * 3600);
    await processPaging(fx.deps);
    expect((await pagesOf(alarm.ref)).length).toBe(pages.length);
  });

  it('pages by the policy alone: the manager of a later step is not emailed at the raise, nor is a viewer', async () => {
    const db = fx.server.database.db;
    const tech = await userByEmail(fx.server.database, 'technician@example.com');
    const manager = await userByEmail(fx.server.database, 'manager@example.com');
    await policyFor('LOW_SUPERHEAT', {
      name: 'Technician, then the manager',
      steps: [
        { delay_minutes: 0, targets: [{ type: 'user', id: tech.id }] },
        { delay_minutes: 10, targets: [{ type: 'user', id: manager.id }] },
      ],
    });
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm] = await seedAlarms(db, [{ controller: 4, type: 'LOW_SUPERHEAT', severity: 'high', raisedAt: t0 }]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    await processPaging(fx.deps);
    const atRaise = (await emailsOf(alarm.id)).map((r) => r.to_address);
    expect(atRaise).toContain('technician@example.com');
    expect(atRaise).not.toContain('manager@example.com');
    expect(atRaise).not.toContain('viewer@example.com');
    clock.now = at(t0, 10 * 60 + 1);
    await processPaging(fx.deps);
    expect((await emailsOf(alarm.id)).map((r) => r.to_address)).toContain('manager@example.com');
    expect((await pagesOf(alarm.ref)).map((p) => [p.step, p.user?.name])).toEqual([
      [1, tech.name],
      [2, manager.name],
    ]);
    // Without a mail server the emails are kept, not sent: their pages say so, not "queued".
    const local = createMailTransport(undefined);
    await deliverDue({ ...fx.deps, transport: local });
    local.close();
    expect((await pagesOf(alarm.ref)).map((p) => [p.status, p.detail])).toEqual([
      ['failed', 'no_mail_server'],
      ['failed', 'no_mail_server'],
    ]);
  });
});
