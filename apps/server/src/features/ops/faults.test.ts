import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AlarmSummary } from '@rcm/shared/alarms';
import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt from 'mqtt';
import type pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceKey } from '../../seed/demo.ts';
import { demoMac } from '../../test/alarms.ts';
import {
  faultTestsEnabled,
  instanceEnv,
  LOAD,
  startFaultDatabase,
  startLoad,
  waitFor,
  waitForFlow,
} from '../../test/faults.ts';
import {
  freePort,
  type Instance,
  killInstance,
  startInstance,
  startMosquitto,
  type startPostgres,
  startRedis,
  waitReady,
} from '../../test/services.ts';
import { DEFAULT_SERVER_USER, mosquittoAcl, mosquittoPasswordLine } from './mosquitto-auth.ts';

/*
 * Faults under load: two server instances as processes, their own PostgreSQL cluster,
 * Mosquitto and Redis on free ports. Devices publish all along, counting PUBACKs; meanwhile one
 * instance is killed with SIGKILL (the other takes over the scheduled work), PostgreSQL, Mosquitto
 * and Redis are restarted. At the end every acknowledged message is stored, none twice.
 * faults-sigterm.test.ts: an instance stopped with SIGTERM mid-stream.
 */
const enabled = faultTestsEnabled();

const ALARM_DEVICE = demoMac(11);
const SWEPT = demoMac(20);
const SERVER_PASSWORD = randomBytes(12).toString('hex');

describe.skipIf(!enabled)('faults under load: two instances, PostgreSQL, Mosquitto, Redis', () => {
  const dir = enabled ? mkdtempSync(path.join(tmpdir(), 'rcm-faults-')) : '';
  let postgres: Awaited<ReturnType<typeof startPostgres>>;
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let databaseUrl = '';
  let db: pg.Pool;
  const instances: Record<'a' | 'b', Instance | null> = { a: null, b: null };
  const ports = { a: 0, b: 0 };
  // Logs are kept unless the test passed.
  let passed = false;
  const sockets: { name: string; socket: Socket; connects: number; alarms: number[]; clears: number[] }[] = [];

  const urlOf = (name: 'a' | 'b') => `http://127.0.0.1:${ports[name]}`;
  const startOne = async (name: 'a' | 'b') => {
    instances[name] = await startInstance(
      instanceEnv(ports[name], databaseUrl, `faults-${name}`, {
        MQTT_URL: `mqtt://${DEFAULT_SERVER_USER}:${SERVER_PASSWORD}@127.0.0.1:${broker.port}`,
        REDIS_URL: redis.url,
      }),
      path.join(dir, `instance-${name}.log`),
    );
    await waitReady(instances[name]?.url ?? '');
  };

  beforeAll(async () => {
    ({ postgres, databaseUrl, db } = await startFaultDatabase(dir));

    const devices = [...LOAD, ALARM_DEVICE];
    broker = await startMosquitto(dir, {
      passwd: `${[
        mosquittoPasswordLine(DEFAULT_SERVER_USER, SERVER_PASSWORD),
        ...devices.map((m) => mosquittoPasswordLine(compactMac(m), demoDeviceKey(m))),
      ].join('\n')}\n`,
      acl: mosquittoAcl({ macs: devices }),
    });
    redis = await startRedis(dir);
    ports.a = await freePort();
    ports.b = await freePort();
    await startOne('a');
    await startOne('b');
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await Promise.all([killInstance(instances.a, 'SIGTERM'), killInstance(instances.b, 'SIGTERM')]);
    await db?.end().catch(() => undefined);
    await broker?.stop();
    await redis?.stop();
    postgres?.stop();
    // Kept after a failure: the instances', Mosquitto's, Redis's and PostgreSQL's logs are there.
    if (passed) rmSync(dir, { recursive: true, force: true });
    else console.info(`fault test logs kept in ${dir}`);
  }, 60_000);

  async function connectClient(name: 'a' | 'b') {
    const res = await fetch(`http://127.0.0.1:${ports[name]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'technician@example.com', password: 'demo1234' }),
    });
    const token = (res.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    const socket = connectSocket(`http://127.0.0.1:${ports[name]}`, {
      auth: { token },
      transports: ['websocket'],
      reconnectionDelay: 300,
      reconnectionDelayMax: 1000,
    });
    const entry = { name, socket, connects: 0, alarms: [] as number[], clears: [] as number[] };
    socket.on('connect', () => {
      entry.connects += 1;
    });
    socket.on('alarm.raised', (alarm: AlarmSummary) => {
      if (alarm.controller.mac_address === ALARM_DEVICE) entry.alarms.push(alarm.ref);
    });
    socket.on('alarm.updated', (alarm: AlarmSummary) => {
      if (alarm.controller.mac_address === ALARM_DEVICE && alarm.cleared_at) entry.clears.push(alarm.ref);
    });
    sockets.push(entry);
    await waitFor(`socket on ${name}`, 10_000, async () => entry.connects > 0);
    return entry;
  }

  it('loses nothing acknowledged through kill -9, PostgreSQL, Mosquitto and Redis restarts, duplicates nothing', async () => {
    const onA = await connectClient('a');
    const onB = await connectClient('b');
    const tag = `f${Date.now()}`;
    const load = startLoad(broker.url, tag);
    await waitForFlow(db, load, 'before the faults', 30);

    // 1. SIGKILL instance a. Instance b takes over the scheduled work: a silent controller is swept offline.
    expect(await killInstance(instances.a, 'SIGKILL')).toBe(null);
    instances.a = null;
    await db.query(
      `update controllers set online = true, last_seen_at = now() - interval '1 hour' where mac_address = $1`,
      [SWEPT],
    );
    const killedAt = Date.now();
    await waitFor('the offline sweep on instance b', 40_000, async () => {
      const { rows } = await db.query('select online from controllers where mac_address = $1', [SWEPT]);
      return rows[0]?.online === false;
    });
    // The sweep runs every 30 s on each instance; with a gone, b's own timer runs it (plus its run time).
    expect(Date.now() - killedAt).toBeLessThan(35_000);
    // a comes back (as a supervisor would restart it) and resumes its broker session.
    await startOne('a');
    await waitFor('the socket on a to reconnect', 15_000, async () => onA.connects >= 2);

    // 2. PostgreSQL crashes and recovers.
    await postgres.restart(2000);
    await waitReady(urlOf('a'));
    await waitReady(urlOf('b'));
    await waitForFlow(db, load, 'after PostgreSQL restarted');

    // 3. Mosquitto restarts (its persistence keeps queued messages and sessions).
    await broker.restart(1000);
    await waitReady(urlOf('a'));
    await waitReady(urlOf('b'));
    await waitForFlow(db, load, 'after Mosquitto restarted');

    // 4. Redis restarts.
    await redis.restart(1000);
    await waitReady(urlOf('a'));
    await waitReady(urlOf('b'));
    await waitForFlow(db, load, 'after Redis restarted');
    await load.stop();

    // Every acknowledged message is stored, none twice (6 readings per message, nothing more).
    const acked = [...load.acked.keys()];
    expect(acked.length).toBeGreaterThan(500);
    const missingIds = await waitFor('every acknowledged message to be stored', 60_000, async () => {
      const { rows } = await db.query<{ msg_id: string }>('select msg_id from ingest_messages where msg_id = any($1)', [
        acked,
      ]);
      const stored = new Set(rows.map((r) => r.msg_id));
      const lost = acked.filter((id) => !stored.has(id));
      return lost.length === 0 ? lost : null;
    }).catch(async () => {
      const { rows } = await db.query<{ msg_id: string }>('select msg_id from ingest_messages where msg_id = any($1)', [
        acked,
      ]);
      const stored = new Set(rows.map((r) => r.msg_id));
      return acked.filter((id) => !stored.has(id));
    });
    // Mosquitto 2.0 does not restore $share subscriptions with a persistent session: what devices
    // publish after its restart and before the instances have subscribed again reaches only the
    // safety net (features/ingest/transports/safety-net.ts), which must have ingested it. Nothing may be lost.
    expect(missingIds).toEqual([]);
    // How many of them only the net had (its log line); 0 when no device published in the window.
    const rescued = ['a', 'b']
      .map((name) => readFileSync(path.join(dir, `instance-${name}.log`), 'utf8'))
      .flatMap((log) => [...log.matchAll(/"rescued":(\d+)/g)].map((m) => Number(m[1])))
      .reduce((a, b) => a + b, 0);
    console.info(`faults: ${acked.length} messages acknowledged; the safety net stored ${rescued} of them`);
    const [counts] = (
      await db.query<{ messages: number; readings: number }>(
        `select (select count(*)::int from ingest_messages m join controllers c on c.id = m.controller_id
                  where c.mac_address = any($1) and m.msg_id like $2) as messages,
                (select count(*)::int from readings r join controllers c on c.id = r.controller_id
                  where c.mac_address = any($1)) as readings`,
        [LOAD, `${tag}-%`],
      )
    ).rows;
    expect(counts?.messages).toBeGreaterThanOrEqual(acked.length);
    expect(counts?.readings).toBe((counts?.messages ?? 0) * 6);

    // After all that, an alarm raised through either instance reaches the clients on both, once.
    const device = mqtt.connect(broker.url, {
      clientId: `dev-${compactMac(ALARM_DEVICE)}`,
      username: compactMac(ALARM_DEVICE),
      password: demoDeviceKey(ALARM_DEVICE),
    });
    const alarmMessage = (state: 'raised' | 'cleared') =>
      JSON.stringify({
        msg_id: `${tag}-alarm-${state}`,
        ts: new Date().toISOString(),
        code: 'COMP_PROOF',
        rack: 'A',
        state,
      });
    await device.publishAsync(deviceTopic(ALARM_DEVICE, 'alarms'), alarmMessage('raised'), { qos: 1 });
    await waitFor('alarm.raised on both sockets', 15_000, async () => onA.alarms.length > 0 && onB.alarms.length > 0);
    // The device clears it: once both clients hear of the clear, a second raise, sent before it, would be in.
    await device.publishAsync(deviceTopic(ALARM_DEVICE, 'alarms'), alarmMessage('cleared'), { qos: 1 });
    await device.endAsync();
    await waitFor('the clear on both sockets', 15_000, async () => [onA, onB].every((s) => s.clears.length > 0));
    expect(onA.alarms).toHaveLength(1);
    expect(onB.alarms).toEqual(onA.alarms);
    // One alarm, one 'raised' notification row: nothing sent twice, nothing lost.
    const { rows: outbox } = await db.query<{ alarms: number; raised: number }>(
      `select count(distinct a.id)::int as alarms, count(o.id)::int as raised
         from alarms a join controllers c on c.id = a.controller_id
         left join notification_outbox o on o.alarm_id = a.id and o.event = 'raised'
        where c.mac_address = $1`,
      [ALARM_DEVICE],
    );
    expect(outbox[0]).toEqual({ alarms: 1, raised: 1 });
    passed = true;
  }, 240_000);
});
