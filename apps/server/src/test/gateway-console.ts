import { rmSync, writeFileSync } from 'node:fs';
import { type RunningGateway, startGateway } from '@rcm/gateway/src/gateway.ts';
import { GW_MAC, testConfig, testSetup } from '@rcm/gateway/src/testing/fixtures.ts';
import { simUnit, startModbusServer, type TestModbusServer } from '@rcm/gateway/src/testing/modbus-server.ts';
import { compactMac } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect } from 'vitest';
import { query } from '../lib/sql.ts';
import { login } from './app.ts';
import { waitFor } from './faults.ts';
import { createTestServer, TEST_PROVISIONING_KEY, type TestServer } from './server.ts';

/**
 * The real store gateway (apps/gateway) against the console's embedded broker, reading two Danfoss
// AK-CC55 units on modbus-serial's own Modbus TCP server. Unit 1's air temperature is 3.0 °C (u17 at
// 2531, × 0.1), its state ok (u00 at 2006). `useGatewayConsole` registers the file's hooks.
 */
export const GW = compactMac(GW_MAC);

export let server: TestServer;
export let modbus: TestModbusServer;
export let gateway: RunningGateway | null = null;
export let keyFile = '';
export let dir = '';
export const tokens: Record<string, string> = {};
/** The other organization's store the gateway is authorized into (Valle Verde Centro). */
export let store: { organization_id: number; location_id: number };
export const pending: { id: number; kind: string; children: number | null }[] = [];

export const api = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });

export async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return query<T>(server.database.db, statement);
}

export async function controllerByMac(mac: string) {
  const [row] = await rows<{ id: number; authorised: boolean; online: boolean; offline_reason: string | null }>(
    sql`select id, authorised, online, offline_reason from controllers where mac_address = ${mac} and decommissioned_at is null`,
  );
  return row;
}

export function useGatewayConsole() {
  beforeAll(async () => {
    server = await createTestServer();
    for (const who of ['admin', 'manager']) tokens[who] = await login(server.app, `${who}@example.com`);
    const [loc] = await rows<{ organization_id: number; location_id: number }>(
      sql`select organization_id, id as location_id from locations where name = 'Valle Verde Centro'`,
    );
    if (!loc) throw new Error('the demo has no Valle Verde Centro');
    store = loc;
    server.bus.on('controller.pending', (c) => pending.push({ id: c.id, kind: c.kind, children: c.children }));
    modbus = await startModbusServer(
      new Map([
        [1, simUnit({ 2531: 30, 2543: -100, 1010: -20, 99: 20, 2006: 0, 2540: 0 })],
        [2, simUnit({ 2531: 25, 2543: -100, 1010: -20, 99: 20, 2006: 0, 2540: 0 })],
      ]),
    );
    const t = testConfig({
      mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
      modbusPort: modbus.port,
      units: [
        { unit: 1, profile: 'danfoss-ak-cc55' },
        { unit: 2, profile: 'danfoss-ak-cc55' },
      ],
      key: null,
    });
    dir = t.dir;
    keyFile = t.config.console.key_file;
    t.config.console.provisioning_key = TEST_PROVISIONING_KEY;
    // A dead unit is tried again within a second (not a minute): the test waits for it to come back.
    for (const bus of t.config.buses) bus.backoff_s = 1;
    // The case point's address as the console's case rules know it (CASE*).
    t.config.devices.forEach((d) => {
      d.addr = `A.CASE${d.unit_id}`;
    });
    gateway = startGateway(testSetup(t.config), {
      log: () => undefined,
      reconnectMs: 100,
      statusEveryMs: 300,
      keyCheckMs: 100,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await modbus?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}

/** Stops the gateway before the end (the tests that follow publish as it themselves). */
export async function stopGateway() {
  await gateway?.stop();
  gateway = null;
}

/** A client signed in as the gateway (its new key), publishing as it would from its outbox. */
export async function connectAs(key: string): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
    clientId: GW,
    username: GW_MAC,
    password: key,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** Authorizes the announced gateway into `store` as "Store gateway" and gives it its key; resolves once child 1 is online. */
export async function authorizeGateway(): Promise<number> {
  const gw = await waitFor('the pending gateway', 10_000, () => controllerByMac(GW_MAC));
  await waitFor('the birth event', 10_000, async () => pending.some((p) => p.id === gw.id && p.children === 2));
  const res = await api('admin', 'POST', `/api/controllers/${gw.id}/authorise`, { ...store, name: 'Store gateway' });
  expect(res.statusCode).toBe(200);
  writeFileSync(keyFile, `${res.json().data.device_key}\n`);
  await waitFor('child 1 online', 15_000, async () => (await controllerByMac(`${GW_MAC}/tcp1-1`))?.online);
  return gw.id;
}
