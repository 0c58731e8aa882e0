import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { demoMac } from '../../test/alarms.ts';
import { login } from '../../test/app.ts';
import { connectDevice, telemetry } from '../../test/device.ts';
import { headers } from '../../test/helpers.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';

// Demo controller 0 is FreshMart's (the manager sees it); demo controller 5 is another organization's.
const MAC0 = demoMac(0);
const MAC5 = demoMac(5);

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function idOf(mac: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    server.database.db,
    sql`select id from controllers where mac_address = ${mac} and decommissioned_at is null`,
  );
  if (!row) throw new Error(`no controller ${mac}`);
  return Number(row.id);
}

async function rejectionsOf(token: string, id: number) {
  const res = await server.app.inject({ method: 'GET', url: `/api/controllers/${id}`, headers: headers(token) });
  return { status: res.statusCode, rejections: res.statusCode === 200 ? res.json().data.rejections : undefined };
}

describe('refused device messages, per controller', () => {
  it('counts what MQTT acknowledges and drops, and what HTTP answers 422, with the last one’s reason', async () => {
    const admin = await login(server.app, 'admin@example.com');
    const id0 = await idOf(MAC0);
    const id5 = await idOf(MAC5);
    expect((await rejectionsOf(admin, id0)).rejections).toBeNull();

    const device = await connectDevice(server.mqttPort ?? 0, MAC0, demoDeviceKey(MAC0));
    try {
      await device.publish('telemetry', '{"msg_id": "broken"');
      await device.publish('telemetry', { msg_id: 'x', ts: 'not a time', racks: [{ ref: 'A' }] });
      // A good message between them is stored as ever, and counts nothing.
      await device.publish('telemetry', telemetry(new Date()));
    } finally {
      await device.end();
    }
    const bad = await server.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/${MAC5.replaceAll(':', '')}/status`,
      headers: { authorization: `Device ${demoDeviceKey(MAC5)}`, 'x-forwarded-proto': 'https' },
      payload: { online: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    await server.ingest.pipeline.flush();

    const mqtt = await rejectionsOf(admin, id0);
    expect(mqtt.rejections).toMatchObject({
      count: 2,
      channel: 'telemetry',
      reason: 'malformed',
      problem: 'invalid_format',
      field: 'ts',
    });
    expect(Number.isNaN(Date.parse(mqtt.rejections.last_at))).toBe(false);
    expect((await rejectionsOf(admin, id5)).rejections).toMatchObject({
      count: 1,
      channel: 'status',
      reason: 'malformed',
      problem: 'invalid_type',
      field: 'online',
    });

    // Counted on, across writes; the last refusal replaces the one before.
    const again = await connectDevice(server.mqttPort ?? 0, MAC0, demoDeviceKey(MAC0));
    try {
      await again.publish('status', 'not json');
    } finally {
      await again.end();
    }
    await server.ingest.pipeline.flush();
    expect((await rejectionsOf(admin, id0)).rejections).toMatchObject({
      count: 3,
      channel: 'status',
      problem: 'not_json',
      field: null,
    });

    // Another organization's controller, refusals and all, stays out of the manager's reach.
    const manager = await login(server.app, 'manager@example.com');
    expect((await rejectionsOf(manager, id0)).rejections).toMatchObject({ count: 3 });
    expect((await rejectionsOf(manager, id5)).status).toBe(404);
  });
});
