import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { headers, userByEmail } from '../../test/helpers.ts';
import { addPreferenceMembers, useNotificationsServer } from '../../test/notifications.ts';
import { processOutbox } from './alarm-outbox.ts';
import { deliverDue } from './delivery.ts';
import { processEscalations } from './escalations.ts';

const fx = useNotificationsServer();
const { clock, emailsOf, queueRaise } = fx;

// The first tier goes to the FreshMart members whose preferences take the alarm (the manager, low@).
beforeAll(() => addPreferenceMembers(fx.server.database.db, clock.now));

describe('escalation', () => {
  it('notifies the next tier after the delay and repeats until acknowledged (test clock)', async () => {
    const db = fx.server.database.db;
    const admin = await userByEmail(fx.server.database, 'admin@example.com');
    const [team] = await query<{ id: number }>(db, sql`select id from teams where name = 'Field Technicians'`);
    await db.execute(sql`update alarm_types set escalation_delay_seconds = 600, escalation_repeat_seconds = 300,
      escalation_team_id = ${team?.id}, escalation_user_ids = ${`{${admin.id}}`}::int[] where code = 'LOW_LIQUID_LEVEL'`);
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm] = await seedAlarms(db, [{ controller: 4, type: 'LOW_LIQUID_LEVEL', raisedAt: t0 }]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    const first = (await emailsOf(alarm.id)).map((r) => r.to_address);
    expect(first).toEqual(['manager@example.com', 'low@freshmart.test']);

    const escalated = async () => (await emailsOf(alarm.id)).filter((r) => r.tier > 0).length;
    clock.now = new Date(t0.getTime() + 599_000);
    await processEscalations(fx.deps);
    expect(await escalated()).toBe(0);
    clock.now = new Date(t0.getTime() + 601_000);
    await processEscalations(fx.deps);
    let tier1 = (await emailsOf(alarm.id)).filter((r) => r.tier === 1);
    expect(tier1.map((r) => [r.to_address, r.kind]).sort()).toEqual([
      ['admin@example.com', 'escalation'],
      ['technician@example.com', 'escalation'],
    ]);
    expect(tier1[0]?.subject).toMatch(/^Not acknowledged: /);
    // Not again before the repeat interval; again after it.
    clock.now = new Date(t0.getTime() + 800_000);
    await processEscalations(fx.deps);
    expect(await escalated()).toBe(2);
    clock.now = new Date(t0.getTime() + 902_000);
    await processEscalations(fx.deps);
    expect((await emailsOf(alarm.id)).filter((r) => r.tier === 2)).toHaveLength(2);

    // Acknowledged: the outbox event stops it.
    const ack = await fx.server.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.ref}/acknowledge`,
      headers: headers(fx.managerToken),
    });
    expect(ack.statusCode).toBe(200);
    await processOutbox(fx.deps);
    clock.now = new Date(t0.getTime() + 3_600_000);
    await processEscalations(fx.deps);
    tier1 = (await emailsOf(alarm.id)).filter((r) => r.tier > 0);
    expect(tier1).toHaveLength(4);
    await deliverDue(fx.deps);
    expect((await emailsOf(alarm.id)).every((r) => r.status === 'sent')).toBe(true);
  });
});
