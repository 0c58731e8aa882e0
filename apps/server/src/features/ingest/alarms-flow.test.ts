import type { AlarmSummary } from '@rcm/shared/alarms';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { login } from '../../test/app.ts';
import { connectDevice, type TestDevice, telemetry } from '../../test/device.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { type Listener, listen } from '../../test/socket.ts';
import { sweepOffline } from './pipeline/offline-sweeper.ts';
import { createOfflineSweeperRepo } from './pipeline/offline-sweeper-repo.ts';

const sweeps = createOfflineSweeperRepo();

// Seeded controllers: index 2 is in FreshMart #103 (not one of the viewer's two stores),
// index 5 in Valle Verde Centro (another organization).
const FRESHMART_103 = '02:52:43:00:10:02';
const VALLE_VERDE = '02:52:43:00:10:05';

let server: TestServer;
let technician: Listener;
let manager: Listener;
let viewer: Listener;

beforeAll(async () => {
  server = await createTestServer();
  technician = await listen(server.url, await login(server.app, 'technician@example.com'));
  manager = await listen(server.url, await login(server.app, 'manager@example.com'));
  viewer = await listen(server.url, await login(server.app, 'viewer@example.com'));
});
afterAll(async () => {
  for (const l of [technician, manager, viewer]) l?.close();
  await server?.stop();
});

const isOil = (mac: string) => (a: AlarmSummary) =>
  a.alarm_type.code === 'LOW_OIL_PRESSURE' && a.controller.mac_address === mac;

async function alarmRows(mac: string, code: string) {
  return query<{ status: string; occurrences: number; cleared_at: unknown; health_status: string }>(
    server.database.db,
    sql`select a.status, a.occurrences, a.cleared_at, a.health_status from alarms a join controllers c on c.id = a.controller_id
        join alarm_types t on t.id = a.alarm_type_id where c.mac_address = ${mac} and t.code = ${code} order by a.id`,
  );
}

describe('telemetry → alarm → consoles', () => {
  let device: TestDevice;
  const t0 = new Date();
  const at = (s: number) => new Date(t0.getTime() + s * 1000);

  beforeAll(async () => {
    device = await connectDevice(server.mqttPort ?? 0, FRESHMART_103, demoDeviceKey(FRESHMART_103));
  });
  afterAll(async () => {
    await device.end();
  });

  it('raises low oil pressure after its delay and tells exactly the users who may see it', async () => {
    await device.publish('telemetry', telemetry(at(0), { oil_pressure: 6 }));
    expect(await alarmRows(FRESHMART_103, 'LOW_OIL_PRESSURE')).toEqual([]);
    await device.publish('telemetry', telemetry(at(61), { oil_pressure: 5.5 }));
    const rows = await alarmRows(FRESHMART_103, 'LOW_OIL_PRESSURE');
    expect(rows.map((r) => r.status)).toEqual(['active']);

    const seen = await technician.waitFor<AlarmSummary>('alarm.raised', isOil(FRESHMART_103));
    expect(seen).toMatchObject({ status: 'active', severity: 'critical', rack_ref: 'A', value: 5.5 });
    // The reason in both languages, the Spanish one with the type's and the metric's Spanish names.
    expect(seen.reason).toMatch(/: Rack A oil pressure 5\.5 \S+ below \d/);
    expect(seen.reason_es).toMatch(/^Presión de aceite baja: Rack A presión de aceite 5\.5 \S+ por debajo de \d/);
    await manager.waitFor<AlarmSummary>('alarm.raised', isOil(FRESHMART_103));
    // The viewer sees two of FreshMart's stores, not #103.
    expect(viewer.events.filter((e) => e.name === 'alarm.raised')).toEqual([]);

    const [outbox] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from notification_outbox o join alarms a on a.id = o.alarm_id
          join controllers c on c.id = a.controller_id where c.mac_address = ${FRESHMART_103} and o.event = 'raised'`,
    );
    expect(outbox?.n).toBe(1);
  });

  it('does not raise a second alarm while the first is uncleared, and clears past the hysteresis', async () => {
    await device.publish('telemetry', telemetry(at(70), { oil_pressure: 5 }));
    await device.publish('telemetry', telemetry(at(80), { oil_pressure: 13.9 }));
    expect((await alarmRows(FRESHMART_103, 'LOW_OIL_PRESSURE')).map((r) => r.status)).toEqual(['active']);
    await device.publish('telemetry', telemetry(at(90), { oil_pressure: 16 }));
    // Cleared by the condition ending: resolved.
    expect((await alarmRows(FRESHMART_103, 'LOW_OIL_PRESSURE')).map((r) => [r.status, r.health_status])).toEqual([
      ['cleared', 'resolved'],
    ]);
    const update = await technician.waitFor<AlarmSummary>(
      'alarm.updated',
      (a) => isOil(FRESHMART_103)(a) && a.status === 'cleared',
    );
    expect(update.cleared_at).not.toBeNull();
  });

  it('counts a device alarm raised twice as one alarm with two occurrences', async () => {
    const alarm = {
      ts: at(100).toISOString(),
      code: 'COMP_PROOF',
      rack: 'A',
      state: 'raised',
      reason: 'Compressor 1 did not prove',
    };
    await device.publish('alarms', { ...alarm, msg_id: `cp-${t0.getTime()}-1` });
    await device.publish('alarms', { ...alarm, msg_id: `cp-${t0.getTime()}-2`, ts: at(110).toISOString() });
    const rows = await alarmRows(FRESHMART_103, 'COMPRESSOR_PROOF_FAILURE');
    expect(rows.map((r) => [r.status, r.occurrences])).toEqual([['active', 2]]);
    await device.publish('alarms', {
      ...alarm,
      msg_id: `cp-${t0.getTime()}-3`,
      state: 'cleared',
      ts: at(120).toISOString(),
    });
    expect(
      (await alarmRows(FRESHMART_103, 'COMPRESSOR_PROOF_FAILURE')).map((r) => [r.status, r.health_status]),
    ).toEqual([['cleared', 'resolved']]);
  });

  it('keeps a controller of another organization out of the manager’s events', async () => {
    const other = await connectDevice(server.mqttPort ?? 0, VALLE_VERDE, demoDeviceKey(VALLE_VERDE));
    await other.publish('telemetry', telemetry(at(0), { oil_pressure: 3 }));
    await other.publish('telemetry', telemetry(at(65), { oil_pressure: 3 }));
    await technician.waitFor<AlarmSummary>('alarm.raised', isOil(VALLE_VERDE));
    expect(manager.events.some((e) => e.name === 'alarm.raised' && isOil(VALLE_VERDE)(e.payload as AlarmSummary))).toBe(
      false,
    );
    await other.end();
  });
});

describe('live rack values', () => {
  it('sends rack.telemetry with only the event fields to a watcher in scope, and nothing to one out of scope', async () => {
    const [row] = await query<{ id: number }>(
      server.database.db,
      sql`select id from controllers where mac_address = ${FRESHMART_103}`,
    );
    const id = Number(row?.id);
    const watch = (l: Listener) =>
      new Promise<{ ok: boolean }>((resolve) =>
        // The listener's socket is typed for server events only; controller.watch is a client event.
        (l.socket as unknown as { emit: (...args: unknown[]) => void }).emit('controller.watch', id, resolve),
      );
    expect(await watch(technician)).toEqual({ ok: true });
    expect(await watch(viewer)).toEqual({ ok: false });
    const device = await connectDevice(server.mqttPort ?? 0, FRESHMART_103, demoDeviceKey(FRESHMART_103));
    const sent = telemetry(new Date(), { case1: 33.25 });
    await device.publish('telemetry', sent);
    const event = await technician.waitFor<{
      controller_id: number;
      ts: string;
      racks: { ref: string; metrics: Record<string, number>; points: Record<string, unknown>[] }[];
    }>('rack.telemetry', (e: { controller_id: number; ts: string }) => e.controller_id === id && e.ts === sent.ts);
    const case1 = event.racks[0]?.points.find((p) => p.addr === 'A.CASE1');
    expect(case1).toEqual({ addr: 'A.CASE1', value: 33.25, status: 'ok' });
    expect(event.racks[0]?.metrics).toEqual(sent.racks[0]?.metrics);
    await device.end();
    expect(viewer.events.some((e) => e.name === 'rack.telemetry')).toBe(false);
  });
});

describe('offline detection', () => {
  it('marks a silent controller offline with an alarm, and its next message clears it', async () => {
    const mac = '02:52:43:00:10:03';
    const device = await connectDevice(server.mqttPort ?? 0, mac, demoDeviceKey(mac));
    await device.publish('telemetry', telemetry(new Date()));
    const later = new Date(Date.now() + 11 * 60_000);
    const sweep = () => server.database.db.transaction((tx) => sweepOffline(sweeps, tx, later));
    const result = await sweep();
    expect(result.macs).toContain(mac);
    server.bus.emitAll(result.events);
    expect((await alarmRows(mac, 'CONTROLLER_OFFLINE')).map((r) => r.status)).toEqual(['active']);
    const [c] = await query<{ online: boolean }>(
      server.database.db,
      sql`select online from controllers where mac_address = ${mac}`,
    );
    expect(c?.online).toBe(false);
    await technician.waitFor('controller.status', (e: { online: boolean }) => e.online === false);
    // A second sweep finds nothing new to raise.
    const again = await sweep();
    expect(again.macs).not.toContain(mac);

    server.ingest.registry.setOnline(mac, false);
    await device.publish('telemetry', telemetry(new Date()));
    expect((await alarmRows(mac, 'CONTROLLER_OFFLINE')).map((r) => r.status)).toEqual(['cleared']);
    await device.end();
  });
});
