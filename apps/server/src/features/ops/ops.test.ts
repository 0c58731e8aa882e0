import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../lib/sql.ts';
import { demoDeviceKey } from '../../seed/demo.ts';
import { login } from '../../test/app.ts';
import { connectDevice, telemetry } from '../../test/device.ts';
import { createTestServer, type TestServer } from '../../test/server.ts';
import { listen } from '../../test/socket.ts';

const MAC = '02:52:43:00:10:01';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample's value from Prometheus text, e.g. `rcm_ingest_messages_total{result="stored"}`. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no sample ${name} in:\n${text.slice(0, 400)}`);
  return Number(line.slice(name.length + 1));
}

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ METRICS_TOKEN, INSTANCE_ID: 'ops-test' });
});
afterAll(async () => {
  await server?.stop();
});

async function scrape(token: string | null = METRICS_TOKEN) {
  return server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('health and readiness', () => {
  it('answers liveness without auth and without secrets', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', instance: 'ops-test' });
    expect(res.body).not.toMatch(/postgres|mqtt:|redis:|password|token/i);
  });

  it('is ready when the database answers and the embedded broker listens', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: { status: 'ok' }, broker: { status: 'ok' }, ingest: { status: 'ok' } },
    });
  });
});

describe('readiness when a part fails', () => {
  it('answers 503 naming the database, without the driver message, while liveness stays up', async () => {
    const other = await createTestServer();
    try {
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        checks: {
          database: { status: 'failed', reason: 'query failed' },
          broker: { status: 'ok' },
          ingest: { status: 'ok' },
        },
      });
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('readiness when ingest batches keep failing', () => {
  it('answers 503 ingest_failing after three failed batches in a row, counts them, and recovers with a commit', async () => {
    const other = await createTestServer({ METRICS_TOKEN });
    const db = other.database.db;
    const url = `/api/ingest/v1/${MAC.replaceAll(':', '')}/telemetry`;
    const post = (i: number) =>
      other.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Device ${demoDeviceKey(MAC)}`, 'x-forwarded-proto': 'https' },
        payload: telemetry(new Date(Date.now() + i * 1000)),
      });
    const failed = async () =>
      sample(
        (await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body,
        'rcm_ingest_batches_failed_total',
      );
    try {
      // The database refuses every batch (as it would a full disk or a broken index).
      await db.execute(
        sql.raw(
          `create function refuse_ingest() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
        ),
      );
      await db.execute(
        sql.raw(
          'create trigger refuse_ingest before insert on ingest_messages for each statement execute function refuse_ingest()',
        ),
      );
      for (let i = 0; i < 3; i++) {
        const res = await post(i);
        expect(res.statusCode).toBe(503);
        expect(res.json().error.code).toBe('ingest_failing');
        if (i < 2) expect((await other.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      }
      const ready = await other.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.ingest).toEqual({ status: 'failed', reason: 'ingest_failing' });
      expect(await failed()).toBe(3);

      await db.execute(sql.raw('drop trigger refuse_ingest on ingest_messages'));
      const res = await post(3);
      expect(res.json()).toEqual({ data: { stored: true, duplicate: false } });
      expect((await other.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
      expect(await failed()).toBe(3);
    } finally {
      await other.stop();
    }
  });
});

describe('/metrics', () => {
  it('is refused without the configured token', async () => {
    expect((await scrape(null)).statusCode).toBe(401);
    expect((await scrape('wrong-token-wrong-token-wrong')).statusCode).toBe(401);
  });

  it('moves the ingest, rejection, latency, alarm, socket and outbox metrics with real traffic', async () => {
    const before = (await scrape()).body;
    expect((await scrape()).headers['content-type']).toContain('text/plain');
    const stored0 = sample(before, 'rcm_ingest_messages_total{result="stored",instance_id="ops-test"}');
    const readings0 = sample(before, 'rcm_ingest_readings_total{instance_id="ops-test"}');
    const latency0 = sample(before, 'rcm_ingest_batch_latency_seconds_count{instance_id="ops-test"}');
    expect(before).toContain('nodejs_eventloop_lag_seconds');
    expect(before).toContain('process_resident_memory_bytes');

    const socket = await listen(server.url, await login(server.app, 'technician@example.com'));
    const device = await connectDevice(server.mqttPort ?? 0, MAC, demoDeviceKey(MAC));
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) await device.publish('telemetry', telemetry(new Date(t0 + i * 1000)));
    await device.publish('telemetry', '{"msg_id": "broken"');
    await device.publish('alarms', {
      msg_id: `ops-alarm-${t0}`,
      ts: new Date().toISOString(),
      code: 'COMP_PROOF',
      rack: 'A',
      state: 'raised',
    });
    await device.end();

    const after = (await scrape()).body;
    expect(sample(after, 'rcm_ingest_messages_total{result="stored",instance_id="ops-test"}')).toBe(stored0 + 6);
    // Each telemetry message of the helper carries 3 points and 3 rack metrics.
    expect(sample(after, 'rcm_ingest_readings_total{instance_id="ops-test"}')).toBe(readings0 + 5 * 6);
    expect(sample(after, 'rcm_ingest_rejected_total{reason="malformed",instance_id="ops-test"}')).toBe(1);
    expect(sample(after, 'rcm_ingest_batch_latency_seconds_count{instance_id="ops-test"}')).toBe(latency0 + 6);
    expect(sample(after, 'rcm_alarms_raised_total{severity="critical",instance_id="ops-test"}')).toBeGreaterThan(0);
    expect(sample(after, 'rcm_socket_clients{instance_id="ops-test"}')).toBe(1);
    const [pending] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from notification_outbox where processed_at is null`,
    );
    expect(pending?.n).toBeGreaterThan(0);
    expect(sample(after, 'rcm_notification_outbox_backlog{instance_id="ops-test"}')).toBe(pending?.n);
    socket.close();
  });
});
