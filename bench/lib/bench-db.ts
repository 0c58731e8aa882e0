import { createHash } from 'node:crypto';
import pg from 'pg';

export const BENCH_DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for one benchmark run (figures come from PostgreSQL, never PGlite). */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_DB_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  return databaseUrl(name);
}

/**
 * The server's `shared_buffers` when it is not PostgreSQL's default (128MB), for a result's label:
 * the snapshot runs depend on it (the readings index's insertion points must stay in memory).
 */
export async function sharedBuffersNote(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const r = await client.query<{ shared_buffers: string }>('show shared_buffers');
  await client.end();
  const value = r.rows[0]?.shared_buffers ?? '';
  return value === '128MB' ? '' : `, shared_buffers ${value}`;
}

/** The URL of a database on the benchmark's server. */
export function databaseUrl(name: string): string {
  const url = new URL(BENCH_DB_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function mac(i: number): string {
  const hex = (0xb00000 + i).toString(16).padStart(6, '0');
  return `02:b0:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`;
}

export function keyOf(i: number): string {
  return `bench-device-key-${i}`;
}

/** Authorized controllers with known keys, in one organization and location. */
export async function seedControllers(url: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const org = await client.query(`insert into organizations (name) values ('Bench Foods') returning id`);
  const orgId = org.rows[0].id as number;
  const loc = await client.query(
    `insert into locations (organization_id, name) values ($1, 'Bench Store') returning id`,
    [orgId],
  );
  const locId = loc.rows[0].id as number;
  const macs = Array.from({ length: count }, (_, i) => mac(i));
  const hashes = Array.from({ length: count }, (_, i) => createHash('sha256').update(keyOf(i)).digest('hex'));
  await client.query(
    `insert into controllers (mac_address, name, organization_id, location_id, authorised, online, device_key_hash, last_seen_at)
     select m, 'Bench ' || m, $3, $4, true, true, h, now() from unnest($1::text[], $2::text[]) as t(m, h)`,
    [macs, hashes, orgId, locId],
  );
  await client.end();
}

export async function countReadings(url: string): Promise<{ readings: number; messages: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const r = await client.query(
    'select (select count(*) from readings)::int as readings, (select count(*) from ingest_messages)::int as messages',
  );
  await client.end();
  return r.rows[0] as { readings: number; messages: number };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Device `i`'s `n`th telemetry message of `perMessage` readings (3 rack metrics, the rest points), as JSON. */
export function benchMessage(i: number, n: number, perMessage: number): string {
  const points = Array.from({ length: Math.max(0, perMessage - 3) }, (_, p) => ({
    addr: `A.P${p}`,
    value: 30 + ((n + p) % 10),
    unit: 'psig',
    status: 'ok',
  }));
  return JSON.stringify({
    msg_id: `b${i}-${n}`,
    ts: new Date().toISOString(),
    racks: [{ ref: 'A', metrics: { superheat: 8 + (n % 3), liquid_level: 60, oil_pressure: 30 }, points }],
  });
}

/** A publisher process's last line: acknowledged and failed counts, and publish→PUBACK latencies (ms). */
export function printPublisherSummary(acked: number, failed: number, started: number, latencies: number[]): never {
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const summary = {
    acked,
    failed,
    elapsedMs: Date.now() - started,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: at(100),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  process.exit(0);
}

/**
 * What bench:ingest passes to a publisher process (argv, in this order): the broker URL, devices,
 * readings per message, seconds, `device` (authenticate as the device) or `anonymous`, messages in
 * flight per device, and the fleet's messages per second (0: as fast as PUBACKs come back).
 */
export function publisherArgs(argv: string[]) {
  const [url = '', clients = '100', perMessage = '3', duration = '20', auth = 'device', inflight = '1', rate = '0'] =
    argv;
  const devices = Number(clients);
  return {
    url,
    clients: devices,
    perMessage: Number(perMessage),
    durationMs: Number(duration) * 1000,
    authenticate: auth === 'device',
    /** Messages each device keeps awaiting their PUBACK at once. */
    inflight: Math.max(1, Math.min(1000, Number(inflight))),
    /** Between one device's messages when the fleet is paced (0: not paced); each device paces its own share. */
    intervalMs: Number(rate) > 0 ? (devices * 1000) / Number(rate) : 0,
  };
}
