import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { addUser, seedAlarms } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { connectDevice, telemetry } from '../../test/device.ts';
import { headers, userByEmail } from '../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { startTestSmtp } from '../../test/smtp.ts';
import { listen } from '../../test/socket.ts';
import { processOutbox } from './alarm-outbox.ts';
import { deliverDue } from './delivery.ts';
import { processEscalations } from './escalations.ts';
import { mandrillSignature } from './mandrill.ts';
import { createMailTransport, type MailTransport } from './transport.ts';
import { type NotificationWorkerDeps, runNotificationsOnce } from './worker.ts';

// Demo controller 2 is FreshMart #103: the manager (es-MX, all FreshMart stores) sees it, the viewer
// (FreshMart #101 and #102 only) does not.
const FRESHMART_103 = '02:52:43:00:10:02';
const PUBLIC_URL = 'http://console.test';
const WEBHOOK_KEY = 'test-mandrill-key';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let transport: MailTransport;
const clock = { now: new Date() };
let deps: NotificationWorkerDeps;
let managerToken: string;

type EmailRow = {
  id: number;
  to_address: string;
  locale: string;
  subject: string;
  text: string;
  status: string;
  kind: string;
  tier: number;
  attempts: number;
  sent_at: unknown;
  delivered_at: unknown;
  opened_at: unknown;
  clicked_at: unknown;
  bounced_at: unknown;
  provider_message_id: string | null;
};

const emailsOf = (alarmId: number) =>
  query<EmailRow>(server.database.db, sql`select * from email_messages where alarm_id = ${alarmId} order by id`);

async function queueRaise(alarmId: number) {
  await server.database.db.execute(
    sql`insert into notification_outbox (alarm_id, event) values (${alarmId}, 'raised')`,
  );
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await createTestServer({ PUBLIC_URL, MANDRILL_WEBHOOK_KEY: WEBHOOK_KEY });
  transport = createMailTransport(smtp.url);
  deps = {
    db: server.database.db,
    bus: server.bus,
    transport,
    publicUrl: PUBLIC_URL,
    from: 'Console <alerts@console.test>',
    now: () => clock.now,
  };
  managerToken = await login(server.app, 'manager@example.com');
});
afterAll(async () => {
  transport?.close();
  await server?.stop();
  await smtp?.close();
});
beforeEach(() => {
  clock.now = new Date();
});

describe('alarm raised by a device → email', () => {
  it('emails the members who may see it, in their language, with a link to the alarm view', async () => {
    // The technician (service company, every organization) opts in; the viewer may not see #103.
    const tech = await login(server.app, 'technician@example.com');
    const put = await server.app.inject({
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

    const manager = await listen(server.url, managerToken);
    const device = await connectDevice(server.mqttPort ?? 0, FRESHMART_103, demoDeviceKey(FRESHMART_103));
    const t0 = new Date();
    await device.publish('telemetry', telemetry(t0, { oil_pressure: 6 }));
    await device.publish('telemetry', telemetry(new Date(t0.getTime() + 61_000), { oil_pressure: 5 }));
    await device.end();
    const [alarm] = await query<{ id: number; ref: number }>(
      server.database.db,
      sql`select a.id, a.ref from alarms a join controllers c on c.id = a.controller_id
          join alarm_types t on t.id = a.alarm_type_id
          where c.mac_address = ${FRESHMART_103} and t.code = 'LOW_OIL_PRESSURE' and a.status = 'active'`,
    );
    if (!alarm) throw new Error('no alarm raised');

    smtp.messages.length = 0;
    await runNotificationsOnce(deps);
    const rows = await emailsOf(alarm.id);
    expect(rows.map((r) => [r.to_address, r.locale, r.status])).toEqual([
      ['manager@example.com', 'es-MX', 'sent'],
      ['technician@example.com', 'en-US', 'sent'],
    ]);
    const link = `${PUBLIC_URL}/alarms/${alarm.ref}/view`;
    const toManager = smtp.messages.find((m) => m.to.includes('manager@example.com'));
    const toTech = smtp.messages.find((m) => m.to.includes('technician@example.com'));
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(['manager@example.com', 'technician@example.com']);
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
    await runNotificationsOnce(deps);
    expect(await emailsOf(alarm.id)).toHaveLength(2);
  });

  it('respects thresholds and quiet hours', async () => {
    const db = server.database.db;
    const quiet = await addUser(db, { from: 'manager@example.com', email: 'quiet@freshmart.test' });
    const low = await addUser(db, { from: 'manager@example.com', email: 'low@freshmart.test' });
    const off = await addUser(db, { from: 'manager@example.com', email: 'off@freshmart.test' });
    // Quiet hours around "now" in Mexico City; the other member takes everything from low up.
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Mexico_City',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(clock.now);
    const [h] = local.split(':').map(Number);
    const pad = (n: number) => String((n + 24) % 24).padStart(2, '0');
    await db.execute(sql`insert into notification_preferences (user_id, enabled, min_severity, quiet_start, quiet_end, time_zone)
      values (${quiet.id}, true, 'low', ${`${pad((h ?? 0) - 1)}:00`}, ${`${pad((h ?? 0) + 1)}:00`}, 'America/Mexico_City'),
             (${low.id}, true, 'low', null, null, 'America/Chicago'),
             (${off.id}, false, 'low', null, null, 'America/Chicago')`);

    // A medium alarm: under the manager's default threshold (high), over the "low" member's.
    const [medium, critical] = await seedAlarms(db, [
      { controller: 3, type: 'HIGH_SUPERHEAT', raisedAt: clock.now },
      { controller: 3, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!medium || !critical) throw new Error('seed failed');
    await queueRaise(medium.id);
    await queueRaise(critical.id);
    await processOutbox(deps);
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
    const [alarm] = await seedAlarms(server.database.db, [
      { controller: 5, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(deps);
    // Valle Verde has no demo member; the technician opted in above (critical and up), the admin did not.
    expect((await emailsOf(alarm.id)).map((r) => r.to_address)).toEqual(['technician@example.com']);
  });
});

describe('delivery', () => {
  it('sends each message once with two workers racing', async () => {
    const [alarm] = await seedAlarms(server.database.db, [
      { controller: 1, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!alarm) throw new Error('seed failed');
    await deliverDue(deps, 100); // what earlier tests queued
    for (let i = 0; i < 12; i++) {
      await server.database.db.execute(sql`insert into email_messages (kind, to_address, subject, html, text, alarm_id)
        values ('alarm', ${`race${i}@example.com`}, 'race', '<p>race</p>', 'race', ${alarm.id})`);
    }
    smtp.messages.length = 0;
    const other = createMailTransport(smtp.url);
    const results = await Promise.all([
      deliverDue({ ...deps }, 5),
      deliverDue({ ...deps, transport: other }, 5),
      deliverDue({ ...deps }, 5),
      deliverDue({ ...deps, transport: other }, 5),
    ]);
    other.close();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(12);
    const ids = smtp.messages.map((m) => m.emailId);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toHaveLength(12);
    const rows = await emailsOf(alarm.id);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries with backoff, then gives up', async () => {
    smtp.reject.add('busy@example.com');
    const [alarm] = await seedAlarms(server.database.db, [
      { controller: 1, type: 'LOW_OIL_PRESSURE', raisedAt: clock.now },
    ]);
    if (!alarm) throw new Error('seed failed');
    await server.database.db.execute(sql`insert into email_messages (kind, to_address, subject, html, text, alarm_id)
      values ('alarm', 'busy@example.com', 'retry', '<p>x</p>', 'x', ${alarm.id})`);
    const limited = { ...deps, maxAttempts: 2 };
    await deliverDue(limited);
    let [row] = await emailsOf(alarm.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    // Not due again before its backoff (30 s).
    clock.now = new Date(clock.now.getTime() + 20_000);
    await deliverDue(limited);
    [row] = await emailsOf(alarm.id);
    expect(row?.attempts).toBe(1);
    clock.now = new Date(clock.now.getTime() + 15_000);
    await deliverDue(limited);
    [row] = await emailsOf(alarm.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    smtp.reject.delete('busy@example.com');
  });
});

describe('Mandrill webhook', () => {
  const url = `${PUBLIC_URL}/api/webhooks/email/mandrill`;
  const post = (events: unknown[], signature?: (params: Record<string, string>) => string) => {
    const params = { mandrill_events: JSON.stringify(events) };
    return server.app.inject({
      method: 'POST',
      url: '/api/webhooks/email/mandrill',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature ? { 'x-mandrill-signature': signature(params) } : {}),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };

  it('answers Mandrill’s URL check', async () => {
    expect((await server.app.inject({ method: 'HEAD', url: '/api/webhooks/email/mandrill' })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/webhooks/email/mandrill' })).statusCode).toBe(200);
  });

  it('changes nothing on a bad signature and fills the columns on a good one', async () => {
    const [row] = await query<EmailRow>(
      server.database.db,
      sql`select * from email_messages where to_address = 'manager@example.com' and status = 'sent' order by id limit 1`,
    );
    if (!row?.provider_message_id) throw new Error('no sent email');
    const ts = Math.floor(Date.now() / 1000);
    const events = [
      { event: 'delivered', _id: row.provider_message_id, ts, msg: { _id: row.provider_message_id } },
      { event: 'open', _id: row.provider_message_id, ts: ts + 60, msg: { _id: row.provider_message_id } },
      { event: 'click', _id: row.provider_message_id, ts: ts + 90, msg: { _id: row.provider_message_id } },
      { event: 'hard_bounce', _id: 'unknown', ts, msg: { _id: 'unknown', metadata: { email_id: String(row.id) } } },
      { event: 'deferral', _id: row.provider_message_id, ts },
    ];
    const before = await emailsOf(Number((await alarmIdOf(row.id)) ?? 0));

    const unsigned = await post(events);
    expect(unsigned.statusCode).toBe(403);
    const forged = await post(events, (p) => mandrillSignature('wrong-key', url, p));
    expect(forged.statusCode).toBe(403);
    const otherUrl = await post(events, (p) => mandrillSignature(WEBHOOK_KEY, 'http://evil.test/hook', p));
    expect(otherUrl.statusCode).toBe(403);
    expect(await emailsOf(Number(await alarmIdOf(row.id)))).toEqual(before);

    const good = await post(events, (p) => mandrillSignature(WEBHOOK_KEY, url, p));
    expect(good.statusCode).toBe(200);
    const [after] = await query<EmailRow>(server.database.db, sql`select * from email_messages where id = ${row.id}`);
    expect(after?.delivered_at).not.toBeNull();
    expect(after?.opened_at).not.toBeNull();
    expect(after?.clicked_at).not.toBeNull();
    expect(after?.bounced_at).not.toBeNull();

    // The API shows them.
    const ref = await refOf(row.id);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/alarms/${ref}/notifications`,
      headers: headers(managerToken),
    });
    const shown = res.json().data.find((e: { id: number }) => e.id === row.id);
    expect(shown).toMatchObject({ email: 'manager@example.com', status: 'sent' });
    expect(shown.opened_at).toBe(new Date((ts + 60) * 1000).toISOString());
  });
});

async function alarmIdOf(emailId: number): Promise<number | null> {
  const [r] = await query<{ alarm_id: number }>(
    server.database.db,
    sql`select alarm_id from email_messages where id = ${emailId}`,
  );
  return r?.alarm_id ?? null;
}
async function refOf(emailId: number): Promise<number> {
  const [r] = await query<{ ref: number }>(
    server.database.db,
    sql`select a.ref from email_messages e join alarms a on a.id = e.alarm_id where e.id = ${emailId}`,
  );
  return Number(r?.ref);
}

describe('escalation', () => {
  it('notifies the next tier after the delay and repeats until acknowledged (test clock)', async () => {
    const db = server.database.db;
    const admin = await userByEmail(server.database, 'admin@example.com');
    const [team] = await query<{ id: number }>(db, sql`select id from teams where name = 'Field Technicians'`);
    await db.execute(sql`update alarm_types set escalation_delay_seconds = 600, escalation_repeat_seconds = 300,
      escalation_team_id = ${team?.id}, escalation_user_ids = ${`{${admin.id}}`}::int[] where code = 'LOW_LIQUID_LEVEL'`);
    const t0 = new Date(Date.now() - 1000);
    clock.now = t0;
    const [alarm] = await seedAlarms(db, [{ controller: 4, type: 'LOW_LIQUID_LEVEL', raisedAt: t0 }]);
    if (!alarm) throw new Error('seed failed');
    await queueRaise(alarm.id);
    await processOutbox(deps);
    const first = (await emailsOf(alarm.id)).map((r) => r.to_address);
    expect(first).toEqual(['manager@example.com', 'low@freshmart.test']);

    const escalated = async () => (await emailsOf(alarm.id)).filter((r) => r.tier > 0).length;
    clock.now = new Date(t0.getTime() + 599_000);
    await processEscalations(deps);
    expect(await escalated()).toBe(0);
    clock.now = new Date(t0.getTime() + 601_000);
    await processEscalations(deps);
    let tier1 = (await emailsOf(alarm.id)).filter((r) => r.tier === 1);
    expect(tier1.map((r) => [r.to_address, r.kind]).sort()).toEqual([
      ['admin@example.com', 'escalation'],
      ['technician@example.com', 'escalation'],
    ]);
    expect(tier1[0]?.subject).toMatch(/^Not acknowledged: /);
    // Not again before the repeat interval; again after it.
    clock.now = new Date(t0.getTime() + 800_000);
    await processEscalations(deps);
    expect(await escalated()).toBe(2);
    clock.now = new Date(t0.getTime() + 902_000);
    await processEscalations(deps);
    expect((await emailsOf(alarm.id)).filter((r) => r.tier === 2)).toHaveLength(2);

    // Acknowledged: the outbox event stops it.
    const ack = await server.app.inject({
      method: 'POST',
      url: `/api/alarms/${alarm.ref}/acknowledge`,
      headers: headers(managerToken),
    });
    expect(ack.statusCode).toBe(200);
    await processOutbox(deps);
    clock.now = new Date(t0.getTime() + 3_600_000);
    await processEscalations(deps);
    tier1 = (await emailsOf(alarm.id)).filter((r) => r.tier > 0);
    expect(tier1).toHaveLength(4);
    await deliverDue(deps);
    expect((await emailsOf(alarm.id)).every((r) => r.status === 'sent')).toBe(true);
  });
});
