import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { connectDevice, telemetry } from '../../test/device.ts';
import { headers } from '../../test/helpers.ts';
import { addPreferenceMembers, PUBLIC_URL, useNotificationsServer } from '../../test/notifications.ts';
import { listen } from '../../test/socket.ts';
import { processOutbox } from './alarm-outbox.ts';
import { runNotificationsOnce } from './worker.ts';

// Demo controller 2 is FreshMart #103: the manager (es-MX, all FreshMart stores) sees it, the viewer
// (FreshMart #101 and #102 only) does not.
const FRESHMART_103 = '02:52:43:00:10:02';

const fx = useNotificationsServer(undefined, { subscribed: ['manager@example.com'] });
const { clock, emailsOf, queueRaise } = fx;

describe('alarm raised by a device → email', () => {
  it('emails the members who may see it, in their language, with a link to the alarm view', async () => {
    // The technician (service company, every organization) opts in; the viewer may not see #103.
    const tech = await login(fx.server.app, 'technician@example.com');
    const put = await fx.server.app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: headers(tech),
      payload: {
        enabled: true,
        min_severity: 'critical',
        quiet_hours_start: null,
        quiet_hours_end: null,
        time_zone: 'America/Chicago',
      },
    });
    expect(put.statusCode).toBe(200);

    const manager = await listen(fx.server.url, fx.managerToken);
    const device = await connectDevice(fx.server.mqttPort ?? 0, FRESHMART_103, demoDeviceKey(FRESHMART_103));
    const t0 = new Date();
    await device.publish('telemetry', telemetry(t0, { oil_pressure: 6 }));
    await device.publish('telemetry', telemetry(new Date(t0.getTime() + 61_000), { oil_pressure: 5 }));
    await device.end();
    const [alarm] = await query<{ id: number; ref: number }>(
      fx.server.database.db,
      sql`select a.id, a.ref from alarms a join controllers c on c.id = a.controller_id
          join alarm_types t on t.id = a.alarm_type_id
          where c.mac_address = ${FRESHMART_103} and t.code = 'LOW_OIL_PRESSURE' and a.status = 'active'`,
    );
    if (!alarm) throw new Error('no alarm raised');

    fx.smtp.messages.length = 0;
    await runNotificationsOnce(fx.deps);
    const rows = await emailsOf(alarm.id);
    expect(rows.map((r) => [r.to_address, r.locale, r.status])).toEqual([
      ['manager@example.com', 'es-MX', 'sent'],
      ['technician@example.com', 'en-US', 'sent'],
    ]);
    const link = `${PUBLIC_URL}/alarms/${alarm.ref}/view`;
    const toManager = fx.smtp.messages.find((m) => m.to.includes('manager@example.com'));
    const toTech = fx.smtp.messages.find((m) => m.to.includes('technician@example.com'));
    expect(fx.smtp.messages.flatMap((m) => m.to).sort()).toEqual(['manager@example.com', 'technician@example.com']);
    expect(toManager?.subject).toContain(`(alarma #${alarm.ref})`);
    expect(toManager?.subject).toContain('Presión de aceite baja');
    expect(toManager?.body).toContain('Ver la alarma');
    expect(toManager?.body).toContain(link);
    expect(toTech?.subject).toContain(`(alarm #${alarm.ref})`);
    expect(toTech?.body).toContain(link);
    expect(rows[0]?.provider_message_id).toMatch(/^test-\d+$/);
    await manager.waitFor('notification.updated', (e: { alarm_ref: number }) => e.alarm_ref === alarm.ref);
    manager.close();

    // Nothing twice: another pass finds nothing to do.
    await runNotificationsOnce(fx.deps);
    expect(await emailsOf(alarm.id)).toHaveLength(2);
  });

  it('respects thresholds and quiet hours', async () => {
    const db = fx.server.database.db;
    // quiet@ in quiet hours around "now" in Mexico City, low@ taking everything from low up, off@ turned off.
    await addPreferenceMembers(db, clock.now);

    // A medium alarm: under the manager's threshold (high), over the "low" member's.
    const [medium, critical] = await seedAlarms(db, [
      { controller: 3, type: 'HIGH_SUPERHEAT', raisedAt: clock.now },
      { controller: 3, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!medium || !critical) throw new Error('seed failed');
    await queueRaise(medium.id);
    await queueRaise(critical.id);
    await processOutbox(fx.deps);
    expect((await emailsOf(medium.id)).map((r) => r.to_address)).toEqual(['low@freshmart.test']);
    // The technician opted in for critical alarms above; the member in quiet hours and the one who
    // turned notifications off get nothing.
    expect((await emailsOf(critical.id)).map((r) => r.to_address)).toEqual([
      'manager@example.com',
      'technician@example.com',
      'low@freshmart.test',
    ]);
  });

  it('does not email staff of the service company unless they opted in, nor other organizations', async () => {
    const [alarm] = await seedAlarms(fx.server.database.db, [
      { controller: 5, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(fx.deps);
    // Valle Verde has no demo member; the technician opted in above (critical and up), the admin did not.
    expect((await emailsOf(alarm.id)).map((r) => r.to_address)).toEqual(['technician@example.com']);
  });
});
