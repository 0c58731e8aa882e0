import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../lib/sql.ts';
import { demoDeviceKey } from '../../../seed/demo.ts';
import { addOutsider } from '../../../test/alarms.ts';
import { login } from '../../../test/app.ts';
import { connectDevice, type TestDevice, telemetry } from '../../../test/device.ts';
import { headers } from '../../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { sweepOffline } from '../../ingest/pipeline/offline-sweeper.ts';
import { createOfflineSweeperRepo } from '../../ingest/pipeline/offline-sweeper-repo.ts';

const sweeps = createOfflineSweeperRepo();

// Seeded controllers of FreshMart (the manager's organization).
const FRESHMART_103 = '02:52:43:00:10:02';
const OTHER = '02:52:43:00:10:04';

let server: TestServer;
let manager: string;
let outsider: string;
let device: TestDevice;
const t0 = new Date();
const at = (s: number) => new Date(t0.getTime() + s * 1000);

beforeAll(async () => {
  server = await createTestServer();
  manager = await login(server.app, 'manager@example.com');
  await addOutsider(server.database.db, 'valle-manager@example.com');
  outsider = await login(server.app, 'valle-manager@example.com');
  device = await connectDevice(server.mqttPort ?? 0, FRESHMART_103, demoDeviceKey(FRESHMART_103));
});
afterAll(async () => {
  await device?.end();
  await server?.stop();
});

/** The refs of the controller's alarms of one type, oldest first. */
async function refs(mac: string, code: string): Promise<number[]> {
  const rows = await query<{ ref: number }>(
    server.database.db,
    sql`select a.ref from alarms a join controllers c on c.id = a.controller_id
        join alarm_types t on t.id = a.alarm_type_id where c.mac_address = ${mac} and t.code = ${code} order by a.id`,
  );
  return rows.map((r) => Number(r.ref));
}

const detail = async (ref: number, token = manager) =>
  server.app.inject({ method: 'GET', url: `/api/alarms/${ref}`, headers: headers(token) });

describe('condition_present in the alarm view', () => {
  it('follows the latest readings: held, still held after a person clears it (and raised again), released', async () => {
    // Low oil pressure: below 12 psi for 60 s raises; 15 psi and over releases.
    await device.publish('telemetry', telemetry(at(0), { oil_pressure: 6 }));
    await device.publish('telemetry', telemetry(at(61), { oil_pressure: 5.5 }));
    const [first] = await refs(FRESHMART_103, 'LOW_OIL_PRESSURE');
    if (!first) throw new Error('no alarm raised');
    expect((await detail(first)).json().data).toMatchObject({ status: 'active', condition_present: true });

    // A person clears it while the pressure is still low: the view still says the condition holds.
    const clear = await server.app.inject({
      method: 'POST',
      url: `/api/alarms/${first}/clear`,
      headers: headers(manager),
    });
    expect(clear.statusCode).toBe(200);
    expect((await detail(first)).json().data).toMatchObject({ status: 'cleared', condition_present: true });

    // …and the next reading raises it again, as the dialog warns.
    await device.publish('telemetry', telemetry(at(70), { oil_pressure: 5 }));
    const again = await refs(FRESHMART_103, 'LOW_OIL_PRESSURE');
    expect(again).toHaveLength(2);
    const second = again[1] ?? 0;
    expect((await detail(second)).json().data).toMatchObject({ status: 'active', condition_present: true });

    // Within the hysteresis the condition still holds; past it, it is released.
    await device.publish('telemetry', telemetry(at(80), { oil_pressure: 13 }));
    expect((await detail(second)).json().data.condition_present).toBe(true);
    await device.publish('telemetry', telemetry(at(90), { oil_pressure: 16 }));
    expect((await detail(second)).json().data).toMatchObject({ status: 'cleared', condition_present: false });
    expect((await detail(first)).json().data.condition_present).toBe(false);
  });

  it('is false for an alarm that stays open after its condition ended (no auto-clear)', async () => {
    await server.database.db.execute(sql`update alarm_types set auto_clear = false where code = 'LOW_OIL_PRESSURE'`);
    server.ingest.rules.invalidate();
    try {
      await device.publish('telemetry', telemetry(at(100), { oil_pressure: 5 }));
      await device.publish('telemetry', telemetry(at(170), { oil_pressure: 5 }));
      const all = await refs(FRESHMART_103, 'LOW_OIL_PRESSURE');
      const ref = all.at(-1) ?? 0;
      expect((await detail(ref)).json().data).toMatchObject({ status: 'active', condition_present: true });
      await device.publish('telemetry', telemetry(at(180), { oil_pressure: 16 }));
      expect((await detail(ref)).json().data).toMatchObject({ status: 'active', condition_present: false });
    } finally {
      await server.database.db.execute(sql`update alarm_types set auto_clear = true where code = 'LOW_OIL_PRESSURE'`);
      server.ingest.rules.invalidate();
    }
  });

  it('is the controller being offline for an offline alarm, and null for a device’s own alarm', async () => {
    const other = await connectDevice(server.mqttPort ?? 0, OTHER, demoDeviceKey(OTHER));
    try {
      await other.publish('telemetry', telemetry(new Date()));
      const later = new Date(Date.now() + 11 * 60_000);
      await server.database.db.transaction((tx) => sweepOffline(sweeps, tx, later));
      const [offline] = await refs(OTHER, 'CONTROLLER_OFFLINE');
      if (!offline) throw new Error('no offline alarm');
      expect((await detail(offline)).json().data).toMatchObject({ status: 'active', condition_present: true });

      await other.publish('alarms', {
        ts: new Date().toISOString(),
        code: 'COMP_PROOF',
        rack: 'A',
        severity: 'high',
        state: 'raised',
        reason: 'Compressor proof failure',
        msg_id: `cp-${t0.getTime()}`,
      });
      const [own] = await refs(OTHER, 'COMPRESSOR_PROOF_FAILURE');
      if (!own) throw new Error('no device alarm');
      expect((await detail(own)).json().data.condition_present).toBeNull();

      server.ingest.registry.setOnline(OTHER, false);
      await other.publish('telemetry', telemetry(new Date()));
      expect((await detail(offline)).json().data).toMatchObject({ status: 'cleared', condition_present: false });
    } finally {
      await other.end();
    }
  });

  it('is part of the detail only for those who may see the alarm', async () => {
    const [ref] = await refs(FRESHMART_103, 'LOW_OIL_PRESSURE');
    expect((await detail(ref ?? 0, outsider)).statusCode).toBe(404);
  });
});
