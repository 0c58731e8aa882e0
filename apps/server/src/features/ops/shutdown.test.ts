import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { arr, query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { connectDevice, type TestDevice, telemetry } from '../../test/device.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';

// Seeded, authorized demo controllers (seed/demo.ts).
const MACS = ['02:52:43:00:10:00', '02:52:43:00:10:01', '02:52:43:00:10:02', '02:52:43:00:10:03'];

/** Publishes one message after another (each after the previous PUBACK) until the connection ends. */
function stream(device: TestDevice, prefix: string) {
  const acked: string[] = [];
  /** When each PUBACK arrived (performance.now()). */
  const ackedAt: number[] = [];
  let sent = 0;
  const closed = new Promise<never>((_, reject) => {
    device.client.once('close', () => reject(new Error('closed')));
  });
  closed.catch(() => undefined);
  const done = (async () => {
    for (let i = 0; ; i++) {
      const id = `${prefix}-${i}`;
      sent += 1;
      try {
        await Promise.race([device.publish('telemetry', telemetry(new Date(Date.now() + i), {}, id)), closed]);
      } catch {
        return;
      }
      acked.push(id);
      ackedAt.push(performance.now());
    }
  })();
  return { acked, ackedAt, done, sent: () => sent };
}

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.database.close().catch(() => undefined);
});

describe('graceful shutdown', () => {
  it('stops mid-stream without losing or duplicating anything a device was told was received', async () => {
    const server = await createTestServer();
    servers.push(server);
    const tag = `sd-${Date.now()}`;
    const devices = await Promise.all(
      MACS.map((mac) => connectDevice(server.mqttPort ?? 0, mac, demoDeviceKey(mac), { will: true })),
    );
    const streams = devices.map((d, i) => stream(d, `${tag}-${i}`));
    // Let the stream run, then shut down while a committed batch's acknowledgements are still to go
    // out (the pipeline calls its commit listeners before it settles the batch's messages).
    let closeStarted = 0;
    const closing = await new Promise<Promise<void>>((resolve) => {
      const off = server.ingest.pipeline.onCommitted(() => {
        if (streams.reduce((n, s) => n + s.acked.length, 0) < 40) return;
        off();
        closeStarted = performance.now();
        resolve(server.close());
      });
    });
    expect((await server.ops.readiness.report()).status).toBe('draining');
    await closing;
    await Promise.all(streams.map((s) => s.done));
    for (const d of devices) await d.end().catch(() => undefined);

    const acked = streams.flatMap((s) => s.acked);
    const sent = streams.reduce((n, s) => n + s.sent(), 0);
    expect(acked.length).toBeGreaterThanOrEqual(40);
    // Each device had one message in flight when the server went away.
    expect(sent).toBeGreaterThan(acked.length);
    // The batch committed when the stop began was acknowledged before the devices' connections
    // closed (not left for the devices to send again).
    expect(streams.some((s) => s.ackedAt.some((t) => t > closeStarted))).toBe(true);
    const stored = await query<{ msg_id: string }>(
      server.database.db,
      sql`select msg_id from ingest_messages where msg_id = any(${arr(acked)})`,
    );
    const storedIds = new Set(stored.map((r) => r.msg_id));
    expect(acked.filter((id) => !storedIds.has(id))).toEqual([]);
    // Stored exactly once: every accepted message's readings are there once (6 per message).
    const [readings] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from readings r join controllers c on c.id = r.controller_id
          where c.mac_address = any(${arr(MACS)})`,
    );
    const [messages] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from ingest_messages where msg_id like ${`${tag}-%`}`,
    );
    expect(messages?.n).toBeGreaterThanOrEqual(acked.length);
    expect(readings?.n).toBe((messages?.n ?? 0) * 6);
    // The devices did not go offline, the server did: their last wills are not taken as theirs.
    const offline = await query<{ mac_address: string }>(
      server.database.db,
      sql`select mac_address from controllers where mac_address = any(${arr(MACS)}) and not online`,
    );
    expect(offline).toEqual([]);
  });

  it('reports draining and refuses new HTTP ingest, localized, before it stops', async () => {
    const server = await createTestServer();
    servers.push(server);
    server.ops.readiness.startDraining();
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'draining' });
    const mac = MACS[0] as string;
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/${mac}/telemetry`,
      headers: { authorization: `Device ${demoDeviceKey(mac)}`, 'x-locale': 'es-MX' },
      payload: telemetry(new Date(), {}, 'drain-http-1'),
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({
      code: 'service_unavailable',
      message: expect.stringContaining('apagando'),
    });
    const [row] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from ingest_messages where msg_id = 'drain-http-1'`,
    );
    expect(row?.n).toBe(0);
    await server.close();
  });
});
