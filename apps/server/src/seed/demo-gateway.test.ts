import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_GATEWAY_MAC } from '@rcm/shared/demo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../lib/sql.ts';
import { waitFor } from '../test/faults.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { DEMO_GATEWAY_STORE, DEMO_GATEWAY_UNITS, type DemoGateway, startDemoGateway } from './demo-gateway.ts';

// The demo's store gateway end to end: the simulator's Modbus bus, the gateway program in its own
// process, the console's embedded broker and ingest.
let server: TestServer;
let gateway: DemoGateway | null = null;
let dataDir = '';

beforeAll(async () => {
  server = await createTestServer();
  dataDir = mkdtempSync(join(tmpdir(), 'rcm-demo-gateway-'));
});
afterAll(async () => {
  await gateway?.stop();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const rows = <T>(statement: ReturnType<typeof sql>) => query<T>(server.database.db, statement);

describe('the demo store behind a real gateway', () => {
  it("authorizes the gateway into its store, and the store's cases arrive through it as its children", async () => {
    gateway = await startDemoGateway({
      db: server.database.db,
      mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
      dataDir,
      log: server.app.log,
    });
    expect(gateway?.units).toBe(DEMO_GATEWAY_UNITS.length);
    const [gw] = await rows<{ id: number; kind: string; authorised: boolean; location: string }>(
      sql`select c.id, c.kind, c.authorised, l.name as location from controllers c join locations l on l.id = c.location_id
          where c.mac_address = ${DEMO_GATEWAY_MAC}`,
    );
    expect(gw).toMatchObject({ kind: 'gateway', authorised: true, location: DEMO_GATEWAY_STORE });
    const children = () =>
      rows<{
        id: number;
        name: string;
        authorised: boolean;
        location_id: number;
        device_model: string;
        online: boolean;
      }>(
        sql`select c.id, c.name, c.authorised, c.location_id, c.device_model, c.online from controllers c
            where c.gateway_id = ${gw?.id} and c.decommissioned_at is null order by c.device_address`,
      );
    await waitFor('the six children online', 30_000, async () => {
      const list = await children();
      return list.length === DEMO_GATEWAY_UNITS.length && list.every((c) => c.online) ? list : null;
    });
    const list = await children();
    expect(list.map((c) => [c.name, c.device_model])).toEqual(DEMO_GATEWAY_UNITS.map((u) => [u.name, u.profile]));
    expect(list.every((c) => c.authorised)).toBe(true);
    // A case air temperature in °C from the Danfoss's u17, as the simulator's physics made it.
    const reading = await waitFor('a reading of the dairy case', 30_000, async () => {
      // The case point's address is the device's `addr`, as the case rules know it.
      const [r] = await rows<{ value: number }>(
        sql`select value from readings where controller_id = ${list[0]?.id} and key = 'A.CASE1' order by ts desc limit 1`,
      );
      return r ?? null;
    });
    expect(reading.value).toBeGreaterThan(-5);
    expect(reading.value).toBeLessThan(10);
  });

  it('starts again without a second gateway, and not at all once it is decommissioned', async () => {
    await gateway?.stop();
    gateway = await startDemoGateway({
      db: server.database.db,
      mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
      dataDir,
      log: server.app.log,
    });
    expect(gateway).not.toBeNull();
    await gateway?.stop();
    gateway = null;
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from controllers where mac_address = ${DEMO_GATEWAY_MAC}`,
    );
    expect(n).toBe(1);
    await rows(sql`update controllers set decommissioned_at = now() where mac_address = ${DEMO_GATEWAY_MAC}`);
    expect(
      await startDemoGateway({
        db: server.database.db,
        mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
        dataDir,
        log: server.app.log,
      }),
    ).toBeNull();
  });
});
