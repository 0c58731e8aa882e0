import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllers } from '../../db/schema.ts';
import { createEventBus } from '../../events/bus.ts';
import { query } from '../../lib/sql.ts';
import { seedDemo } from '../../seed/demo.ts';
import { demoMac } from '../../test/alarms.ts';
import { openTestDatabase, type TestDatabase } from '../../test/database.ts';
import { telemetry } from '../../test/device.ts';
import { ensureAlarmCatalogue } from '../alarms/catalogue.ts';
import { createIngestModule } from './module.ts';
import { SEEN_EVERY_MS } from './writer.ts';

let database: TestDatabase;
const clock = { now: new Date('2026-11-22T08:00:00Z') };

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureAlarmCatalogue(database.db);
  await seedDemo(database.db, clock.now, { history: false });
});
afterAll(async () => {
  await database?.close();
});

function ingest(lanes: number) {
  return createIngestModule({
    db: database.db,
    bus: createEventBus(),
    log: Fastify({ logger: false }).log,
    provisioningKey: null,
    now: () => clock.now,
    // PGlite has one connection: its lanes take turns, which is what this test needs to prove ordering.
    lanes,
  });
}

async function lastSeen(mac: string): Promise<Date | null> {
  const [row] = await database.db
    .select({ at: controllers.lastSeenAt })
    .from(controllers)
    .where(eq(controllers.macAddress, mac));
  return row?.at ?? null;
}

describe('ingest pipeline', () => {
  it('writes a busy controller’s last seen at most every few seconds, and at once when it comes back online', async () => {
    const { pipeline } = ingest(1);
    const mac = demoMac(2);
    await pipeline.submit(mac, 'telemetry', telemetry(clock.now));
    expect((await lastSeen(mac))?.toISOString()).toBe(clock.now.toISOString());
    const first = clock.now;
    clock.now = new Date(first.getTime() + SEEN_EVERY_MS - 1000);
    await pipeline.submit(mac, 'telemetry', telemetry(clock.now));
    expect((await lastSeen(mac))?.toISOString()).toBe(first.toISOString());
    // Going offline (the last will) and back is written at once, whatever the interval.
    await pipeline.submit(mac, 'status', { online: false });
    const [row] = await query<{ online: boolean }>(
      database.db,
      sql`select online from controllers where mac_address = ${mac}`,
    );
    expect(row?.online).toBe(false);
    clock.now = new Date(clock.now.getTime() + 1000);
    await pipeline.submit(mac, 'telemetry', telemetry(clock.now));
    expect((await lastSeen(mac))?.toISOString()).toBe(clock.now.toISOString());
    clock.now = new Date(clock.now.getTime() + SEEN_EVERY_MS);
    await pipeline.submit(mac, 'telemetry', telemetry(clock.now));
    expect((await lastSeen(mac))?.toISOString()).toBe(clock.now.toISOString());
  });

  it('keeps each controller’s messages in order across lanes: a raise and its clear never swap', async () => {
    const { pipeline } = ingest(2);
    const macs = [demoMac(3), demoMac(5), demoMac(6)];
    const start = clock.now.getTime();
    // Per controller: a low superheat held for 3 minutes (raises after the 2-minute delay), then normal.
    const sends: Promise<unknown>[] = [];
    for (let minute = 0; minute <= 5; minute++) {
      for (const mac of macs) {
        const ts = new Date(start + minute * 60_000);
        sends.push(pipeline.submit(mac, 'telemetry', telemetry(ts, { superheat: minute <= 3 ? 2 : 9 })));
      }
    }
    await Promise.all(sends);
    const rows = await query<{ mac: string; status: string; raised: string; cleared: string | null }>(
      database.db,
      sql`select c.mac_address as mac, a.status, a.raised_at::text as raised, a.cleared_at::text as cleared
          from alarms a join controllers c on c.id = a.controller_id join alarm_types t on t.id = a.alarm_type_id
          where t.code = 'LOW_SUPERHEAT' and c.mac_address = any(${sql.param(macs)}::text[]) order by c.mac_address`,
    );
    expect(rows.map((r) => r.mac)).toEqual([...macs].sort());
    for (const r of rows) {
      expect(r.status, r.mac).toBe('cleared');
      expect(r.cleared, r.mac).not.toBeNull();
    }
  });
});
