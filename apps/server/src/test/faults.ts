import { compactMac, deviceTopic } from '@rcm/shared/device';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { ensureAlarmCatalogue } from '../features/alarms/engine/catalogue.ts';
import { demoDeviceKey, seedDemo } from '../seed/demo.ts';
import { demoMac } from './alarms.ts';
import { telemetry } from './device.ts';
import { missingBinaries, startPostgres } from './services.ts';

/** What the fault tests (features/ops/faults*.test.ts) share. */

/**
 * Whether the fault tests run: in the server-postgres project (TEST_DATABASE_URL set), with
 * PostgreSQL, Mosquitto and Redis installed. Says why when they are skipped.
 */
export function faultTestsEnabled(): boolean {
  const missing = missingBinaries();
  const enabled = process.env.RCM_TEST_DB === 'postgres' && missing.length === 0;
  if (!enabled) {
    console.info(
      missing.length > 0
        ? `fault tests skipped: ${missing.join(', ')} not installed`
        : 'fault tests skipped: they run in the server-postgres project (set TEST_DATABASE_URL)',
    );
  }
  return enabled;
}

// Seeded authorized controllers (seed/demo.ts: index 4 is seeded offline, so skipped).
export const LOAD = [0, 1, 2, 3, 5, 6, 7, 8, 9, 10].map(demoMac);

/**
 * A PostgreSQL cluster of its own in `dir` with database `rcm`, migrated and seeded once (instances
 * start with SEED_DEMO=false), and a small pool on it for the test's own queries.
 */
export async function startFaultDatabase(dir: string) {
  const postgres = await startPostgres(dir);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database rcm');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/rcm');
  const database = await openDatabase({ url: databaseUrl });
  await ensureAlarmCatalogue(database.db);
  await seedDemo(database.db, new Date(), { history: false });
  await database.close();
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);
  return { postgres, databaseUrl, db };
}

/** An instance's environment: its port, the database, no demo seed or fleet, warnings only, no web files. */
export function instanceEnv(port: number, databaseUrl: string, instanceId: string, more: Record<string, string>) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    ...more,
    INSTANCE_ID: instanceId,
    SEED_DEMO: 'false',
    DEMO_FLEET: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  };
}

/** Polls `probe` every 250 ms for up to `ms`; a probe that throws counts as not yet. */
export async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | null | undefined | false>) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Waits until `count` more of the load's messages are acknowledged and the newest of them is stored:
 * messages flow through the current phase of a fault test.
 */
export async function waitForFlow(db: pg.Pool, load: Load, phase: string, count = 20) {
  const start = load.acked.size;
  const newest = await waitFor(`${count} messages acknowledged ${phase}`, 30_000, async () =>
    load.acked.size >= start + count ? [...load.acked.keys()].at(-1) : null,
  );
  await waitFor(`the newest message ${phase} to be stored`, 30_000, async () => {
    const { rowCount } = await db.query('select 1 from ingest_messages where msg_id = $1', [newest]);
    return (rowCount ?? 0) > 0;
  });
}

/** acked: msg_id → when its PUBACK arrived. */
export type Load = { acked: Map<string, number>; sent: () => number; stop: () => Promise<void> };

/** Each LOAD device publishes a telemetry message every 100 ms (QoS 1) and records the PUBACKed msg_ids. */
export function startLoad(url: string, tag: string): Load {
  const acked = new Map<string, number>();
  let sent = 0;
  let running = true;
  const clients: MqttClient[] = [];
  const loops = LOAD.map(async (m, d) => {
    const client = mqtt.connect(url, {
      clientId: `dev-${compactMac(m)}`,
      username: compactMac(m),
      password: demoDeviceKey(m),
      reconnectPeriod: 300,
      connectTimeout: 3000,
    });
    client.on('error', () => undefined);
    clients.push(client);
    for (let i = 0; running; i++) {
      const id = `${tag}-${d}-${i}`;
      sent += 1;
      const ack = client.publishAsync(deviceTopic(m, 'telemetry'), JSON.stringify(telemetry(new Date(), {}, id)), {
        qos: 1,
      });
      // A message that gets no PUBACK in time is not counted (it may still arrive: that is allowed).
      const ok = await Promise.race([
        ack.then(
          () => true,
          () => false,
        ),
        new Promise<boolean>((r) => setTimeout(() => r(false), 4000)),
      ]);
      if (ok) acked.set(id, Date.now());
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  return {
    acked,
    sent: () => sent,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      await Promise.all(clients.map((c) => c.endAsync(true)));
    },
  };
}
