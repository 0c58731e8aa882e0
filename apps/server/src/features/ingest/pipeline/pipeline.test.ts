import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { controllers } from '../../../db/schema.ts';
import { query } from '../../../lib/sql.ts';
import { demoMac } from '../../../test/alarms.ts';
import { telemetry } from '../../../test/device.ts';
import { usePipelineDatabase } from '../../../test/pipeline.ts';
import { createControllerListRepo } from '../../controllers/list-repo.ts';
import { SEEN_EVERY_MS } from '../writer/writer.ts';

const fx = usePipelineDatabase();
const { clock, ingest } = fx;

async function lastSeen(mac: string): Promise<Date | null> {
  const [row] = await fx.database.db
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
      fx.database.db,
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
      fx.database.db,
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

  it('rewrites a point only when more than its value changes, and the controller view still shows the newest value', async () => {
    const { pipeline, registry } = ingest(1);
    const mac = demoMac(7);
    const device = await registry.get(mac);
    if (!device) throw new Error('demo controller missing');
    const pointRow = async (addr: string) => {
      const [row] = await query<{ status: string; value: number | null; updated_at: unknown }>(
        fx.database.db,
        sql`select status, value, updated_at from rack_points where controller_id = ${device.id} and addr = ${addr}`,
      );
      return row;
    };
    const shown = async () => {
      const [rack] = await createControllerListRepo(fx.database.db).racks(device.id);
      const point = (addr: string) => rack?.points.find((p) => p.addr === addr);
      return { superheat: rack?.metrics.superheat, case1: point('A.CASE1'), comp: point('A.COMP1') };
    };
    const t1 = new Date(clock.now.getTime() + 60_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t1, { case1: 36, superheat: 8 }));
    const t2 = new Date(t1.getTime() + 60_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t2, { case1: 37.5, superheat: 9.5 }));

    // Only values changed: the rows keep their first write, and the view shows the newest values.
    const written = (await pointRow('A.CASE1'))?.updated_at;
    expect(new Date(String(written instanceof Date ? written.toISOString() : written)).getTime()).toBeLessThanOrEqual(
      t1.getTime(),
    );
    let view = await shown();
    expect(view.superheat).toBe(9.5);
    expect(view.case1?.value).toBe(37.5);
    expect(view.case1?.updated_at).toBe(t2.toISOString());

    // A status change is written at once.
    const t3 = new Date(t2.getTime() + 60_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t3, { case1: 38, comp: 'manual_on' }));
    expect((await pointRow('A.COMP1'))?.status).toBe('manual_on');
    view = await shown();
    expect(view.comp?.status).toBe('manual_on');
    expect(view.case1?.value).toBe(38);

    // A value that goes missing (a failed sensor) shows as missing, not as its last number.
    const t4 = new Date(t3.getTime() + 60_000);
    const gone = telemetry(t4, { comp: 'manual_on' });
    for (const p of gone.racks[0]?.points ?? []) if (p.addr === 'A.CASE1') (p as { value: number | null }).value = null;
    await pipeline.submit(mac, 'telemetry', gone);
    view = await shown();
    expect(view.case1?.value).toBeNull();
    expect(view.case1?.updated_at).toBe(t4.toISOString());

    // After the refresh interval a row is rewritten even when only values changed.
    const t5 = new Date(t4.getTime() + 2 * 3600_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t5, { case1: 39, comp: 'manual_on' }));
    await pipeline.submit(
      mac,
      'telemetry',
      telemetry(new Date(t5.getTime() + 7200_000), { case1: 40, comp: 'manual_on' }),
    );
    const refreshed = (await pointRow('A.SUCT'))?.updated_at;
    expect(new Date(String(refreshed instanceof Date ? refreshed.toISOString() : refreshed)).getTime()).toBeGreaterThan(
      t4.getTime(),
    );
    expect((await shown()).case1?.value).toBe(40);
  });

  it('refreshes every point of a rack within the refresh interval while another point keeps changing', async () => {
    const { pipeline, registry } = ingest(1);
    const mac = demoMac(9);
    const device = await registry.get(mac);
    if (!device) throw new Error('demo controller missing');
    const updatedAt = async (table: 'rack_points' | 'racks', key: string) => {
      const [row] = await query<{ at: string }>(
        fx.database.db,
        table === 'racks'
          ? sql`select updated_at::text as at from racks where controller_id = ${device.id} and ref = ${key}`
          : sql`select updated_at::text as at from rack_points where controller_id = ${device.id} and addr = ${key}`,
      );
      return row ? new Date(row.at).getTime() : null;
    };
    const t1 = new Date(clock.now.getTime() + 3 * 3600_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t1, { case1: 36 }));
    const first = await updatedAt('rack_points', 'A.SUCT');
    // Values only: the rack row is not rewritten.
    const t2 = new Date(t1.getTime() + 20 * 60_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t2, { case1: 37 }));
    const rackBefore = await updatedAt('racks', 'A');
    // The compressor's status flips every 40 minutes: the rack is rewritten each time, and its other
    // points must still be refreshed once they are older than the interval.
    const t3 = new Date(t1.getTime() + 40 * 60_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t3, { case1: 37, comp: 'manual_on' }));
    expect(await updatedAt('racks', 'A')).toBe(t3.getTime());
    expect(await updatedAt('rack_points', 'A.SUCT')).toBe(first);
    const t4 = new Date(t1.getTime() + 80 * 60_000);
    await pipeline.submit(mac, 'telemetry', telemetry(t4, { case1: 37 }));
    expect(rackBefore).toBeLessThan(t3.getTime());
    expect(first).toBeLessThanOrEqual(t1.getTime());
    expect(await updatedAt('rack_points', 'A.SUCT')).toBe(t4.getTime());
  });
});
