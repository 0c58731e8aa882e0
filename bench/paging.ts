/**
 * npm run bench:paging -- [--samples 40] [--background-clients 200] [--background-inflight 1]
 *
 * A device publishes a fault (a point reporting `manual_on`, raised at once) and the bench waits for
 * the alarm's first page to be handed to its channel: the `alarm_pages` row committed together with
 * the email it queued (or the raise email it reuses). That interval, measured while a second process
 * keeps the `bench:alarm-latency` background telemetry load on the same server and PostgreSQL, with
 * the server's scheduler and notification worker running as in production.
 *
 * Each sample raises on its own probe controller in its own location, so no sample joins a flood or
 * chatters (either holds the page back by design). The probe's alarm type pages the technician at
 * once (a policy of one step, delay 0), whose rules are email, SMS and push at once: the bench also
 * times the fault → the SMS request arriving at a local server shaped like Twilio's API (sent by the
 * real `twilio` client, as the tests do) and → the push arriving, signed and encrypted, at a local
 * push service (which checks the VAPID signature and decrypts it). Both are sent by the notification
 * worker's channel pass after the page commits.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt from 'mqtt';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureAlarmCatalogue } from '../apps/server/src/features/alarms/engine/catalogue.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { startServer } from '../apps/server/src/server.ts';
import { startTestPushService } from '../apps/server/src/test/push-service.ts';
import { startTestTwilio } from '../apps/server/src/test/twilio.ts';
import { freshDatabase, keyOf, mac, percentile, seedControllers } from './lib/bench-db.ts';
import { record } from './lib/report.ts';
import { benchServerConfig } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '40' },
    'background-clients': { type: 'string', default: '200' },
    'background-inflight': { type: 'string', default: '1' },
  },
});
const samples = Number(values.samples);
const background = Number(values['background-clients']);
const TIMEOUT_MS = 15_000;

const url = await freshDatabase('rcm_bench_paging');
const database = await openDatabase({ url });
await ensureAlarmCatalogue(database.db);
await seedDemo(database.db, new Date(), { history: false });
// Background devices are bench controllers 0..N-1; the probes are N..N+samples-1.
await seedControllers(url, background + samples);

const client = new pg.Client({ connectionString: url });
await client.connect();
const probeMacs = Array.from({ length: samples }, (_, i) => mac(background + i));
await client.query(
  `with placed as (
     insert into locations (organization_id, name)
     select c.organization_id, 'Probe store ' || c.mac_address from controllers c where c.mac_address = any($1::text[])
     returning id, name)
   update controllers c set location_id = placed.id from placed where placed.name = 'Probe store ' || c.mac_address`,
  [probeMacs],
);
const policy = await client.query<{ id: number }>(
  `insert into escalation_policies (organization_id, name, repeat) values (null, 'Bench: technician at once', 0) returning id`,
);
const policyId = policy.rows[0]?.id;
await client.query(
  `insert into escalation_steps (policy_id, position, delay_minutes, targets)
   select $1, 0, 0, jsonb_build_array(jsonb_build_object('type', 'user', 'id', id)) from users where email = 'technician@example.com'`,
  [policyId],
);
await client.query(`update alarm_types set escalation_policy_id = $1 where code = 'RACK_MANUALLY_ON'`, [policyId]);

// The technician is paged by email, SMS and push at once: a verified number, a subscribed device.
const twilio = await startTestTwilio();
const pushService = await startTestPushService();
const device = pushService.subscribe();
await client.query(
  `with tech as (select id from users where email = 'technician@example.com'),
   phone as (
     insert into contact_methods (user_id, type, address, verified_at, created_at)
     select id, 'sms', '+15005550100', now(), now() from tech returning id, user_id),
   subscribed as (
     insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, created_at)
     select id, $1, $2, $3, 'bench', now() from tech returning id)
   insert into notification_rules (user_id, position, method, contact_method_id, delay_minutes)
   select user_id, 0, 'email', null, 0 from phone
   union all select user_id, 1, 'contact', id, 0 from phone
   union all select user_id, 2, 'push', null, 0 from phone`,
  [device.endpoint, device.json.keys.p256dh, device.json.keys.auth],
);

const config = {
  ...benchServerConfig(url),
  ...twilio.env,
  // The local push service listens on 127.0.0.1.
  WEBHOOK_ALLOW_PRIVATE: true,
};
const server = await startServer({ config, database });
const broker = `mqtt://127.0.0.1:${server.mqttPort}`;

// Background load from a second process, on devices other than the probes.
const load = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'lib/publisher.ts'),
    broker,
    String(background),
    '3',
    '600',
    'device',
    String(values['background-inflight']),
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
await new Promise((r) => setTimeout(r, 3000));

const telemetry = (n: number, status: string) =>
  JSON.stringify({
    msg_id: `probe-${n}-${status}`,
    ts: new Date().toISOString(),
    racks: [{ ref: 'A', metrics: {}, points: [{ addr: 'A.COMP1', name: 'Compressor 1', value: 1, status }] }],
  });

/** Waits for the first committed page of the probe's alarm (polled every 5 ms on a connection of its own). */
async function firstPage(probeMac: string, deadline: number): Promise<{ channel: string; email: boolean } | null> {
  while (performance.now() < deadline) {
    const r = await client.query<{ channel: string; email_id: number | null }>(
      `select p.channel, p.email_id from alarm_pages p join alarms a on a.id = p.alarm_id
       join controllers c on c.id = a.controller_id where c.mac_address = $1 limit 1`,
      [probeMac],
    );
    const row = r.rows[0];
    if (row) return { channel: row.channel, email: row.email_id !== null };
    await new Promise((res) => setTimeout(res, 5));
  }
  return null;
}

/** Waits until `count()` passes `before` (the SMS or push of this sample arrived), polled every 5 ms. */
async function arrival(count: () => number, before: number, deadline: number): Promise<number | null> {
  while (performance.now() < deadline) {
    if (count() > before) return performance.now();
    await new Promise((res) => setTimeout(res, 5));
  }
  return null;
}

const readings = async () => Number((await client.query('select count(*)::int as n from readings')).rows[0]?.n ?? 0);
const windowStart = { at: performance.now(), readings: await readings() };
const latencies: number[] = [];
const smsLatencies: number[] = [];
const pushLatencies: number[] = [];
let smsMissed = 0;
let pushMissed = 0;
let timedOut = 0;
let withEmail = 0;
for (let n = 0; n < samples; n++) {
  const probe = background + n;
  const probeMac = mac(probe);
  const probeDevice = mqtt.connect(broker, {
    clientId: compactMac(probeMac),
    username: probeMac,
    password: keyOf(probe),
  });
  await new Promise<void>((resolve) => probeDevice.once('connect', () => resolve()));
  const topic = deviceTopic(probeMac, 'telemetry');
  const smsBefore = twilio.requests.filter((r) => r.path.endsWith('/Messages.json')).length;
  const pushBefore = pushService.received.length;
  const started = performance.now();
  probeDevice.publish(topic, telemetry(n, 'manual_on'), { qos: 1 });
  const page = await firstPage(probeMac, started + TIMEOUT_MS);
  if (page) {
    latencies.push(performance.now() - started);
    if (page.email) withEmail++;
  } else timedOut++;
  const [sms, push] = await Promise.all([
    arrival(
      () => twilio.requests.filter((r) => r.path.endsWith('/Messages.json')).length,
      smsBefore,
      started + TIMEOUT_MS,
    ),
    arrival(() => pushService.received.length, pushBefore, started + TIMEOUT_MS),
  ]);
  if (sms === null) smsMissed++;
  else smsLatencies.push(sms - started);
  if (push === null) pushMissed++;
  else pushLatencies.push(push - started);
  await probeDevice.endAsync();
  await new Promise((r) => setTimeout(r, 250));
}
const windowEnd = { at: performance.now(), readings: await readings() };
load.kill('SIGKILL');
await client.end();
await server.close();
await database.close();
await twilio.close();
await pushService.close();

latencies.sort((a, b) => a - b);
smsLatencies.sort((a, b) => a - b);
pushLatencies.sort((a, b) => a - b);
const result = {
  samples,
  paged: latencies.length,
  timedOut,
  withEmail,
  backgroundDevices: background,
  backgroundReadingsPerSecond: Math.round(
    (windowEnd.readings - windowStart.readings) / ((windowEnd.at - windowStart.at) / 1000),
  ),
  p50: percentile(latencies, 50).toFixed(1),
  p95: percentile(latencies, 95).toFixed(1),
  p99: percentile(latencies, 99).toFixed(1),
  max: (latencies.at(-1) ?? 0).toFixed(1),
  smsSent: smsLatencies.length,
  smsMissed,
  smsP50: percentile(smsLatencies, 50).toFixed(1),
  smsP95: percentile(smsLatencies, 95).toFixed(1),
  pushSent: pushLatencies.length,
  pushMissed,
  pushP50: percentile(pushLatencies, 50).toFixed(1),
  pushP95: percentile(pushLatencies, 95).toFixed(1),
  pushErrors: pushService.errors.length,
};
console.table(result);
record(
  'paging',
  [
    'date',
    'samples',
    'paged',
    'timed out',
    'page with its email',
    'background devices',
    'background readings/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'max ms',
    'SMS sent',
    'SMS missed',
    'SMS p50 ms',
    'SMS p95 ms',
    'push sent',
    'push missed',
    'push p50 ms',
    'push p95 ms',
    'push refused',
  ],
  [new Date().toISOString().slice(0, 16), ...Object.values(result)],
);
process.exit(0);
