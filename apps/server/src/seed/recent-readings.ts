import { caseSeed, defrostOf } from '@rcm/simulator/case-cycle';
import { DEFAULT_CASES, DEFAULT_RACKS } from '@rcm/simulator/fleet';
import { deriveSeed, mulberry32 } from '@rcm/simulator/prng';
import {
  type CycleClock,
  createRack,
  type ModelFault,
  type RackState,
  rackRef,
  rackSnapshot,
  stepRack,
  type TelemetryRack,
} from '@rcm/simulator/rack-model';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stepLag } from '../features/alarms/cases/case-state.ts';
import { arr, query } from '../lib/sql.ts';
import { DEMO_FLEET_SEED, demoFleetMacs } from './demo-fleet.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How far back the fleet's telemetry goes at the start: the controller view's charts show 24 hours. */
export const RECENT_HOURS = 24;
/** The model is stepped 5 minutes at a time, each step stored as a reading. */
export const SAMPLE_MS = 5 * MINUTE;
const STEP_MS = SAMPLE_MS;
const HEALTHY: ReadonlySet<ModelFault> = new Set();

/** Deterministic per controller, apart from the live fleet's own stream (it starts afresh). */
const HISTORY_SALT = 0x4815;

type Columns = { c: number[]; k: string[]; t: string[]; v: number[]; p: (number | null)[] };

/**
 * The demo fleet's last 24 hours, as the server would have stored them had the fleet been running:
 * each controller's readings every 5 minutes (its racks' metrics and points, a case's product
 * temperature where the case alarm judges one), its cases' finished defrosts, and its racks' and
 * points' latest state. Stepped by the simulator's own model, healthy (the demo's faults begin when the
 * fleet starts), with the defrost schedule the live fleet follows, so the charts run on without a seam
 * in the defrosts. Ends at `now`; the hourly rollups behind longer ranges are left as they are.
 */
export async function seedRecentReadings(db: Db, now: Date, hours = RECENT_HOURS): Promise<number> {
  const macs = await demoFleetMacs(db);
  const ids = new Map(
    (
      await query<{ id: number; mac_address: string }>(
        db,
        sql`select id, mac_address from controllers where mac_address = any(${arr(macs)}::text[])`,
      )
    ).map((r) => [r.mac_address, Number(r.id)]),
  );
  const [probe] = await query<{ minutes: number | null }>(
    db,
    sql`select product_probe_minutes as minutes from alarm_types where code = 'CASE_HIGH_TEMP' and enabled`,
  );
  const tauMs = probe?.minutes ? probe.minutes * MINUTE : null;
  const end = Math.floor(now.getTime() / SAMPLE_MS) * SAMPLE_MS;
  const start = end - hours * HOUR;
  const out: Columns = { c: [], k: [], t: [], v: [], p: [] };
  const defrosts: Defrost[] = [];
  const latest: { id: number; racks: TelemetryRack[] }[] = [];
  for (const [index, mac] of macs.entries()) {
    const id = ids.get(mac);
    if (id === undefined) continue;
    const rand = mulberry32(deriveSeed(DEMO_FLEET_SEED ^ HISTORY_SALT, index));
    // The live fleet's case schedules (simulated-controller.ts): controller seed, then rack and case.
    const cycleSeed = deriveSeed(DEMO_FLEET_SEED ^ 0x5eed, index);
    const bySeed = Array.from({ length: DEFAULT_RACKS }, (_, r) =>
      Array.from({ length: DEFAULT_CASES }, (_, c) => caseSeed(cycleSeed, r, c)),
    );
    const seeds = (rack: number) => bySeed[rack] ?? [];
    const clock = (rack: number, at: number): CycleClock => ({ nowMs: at, caseSeeds: seeds(rack) });
    let racks: RackState[] = Array.from({ length: DEFAULT_RACKS }, (_, r) =>
      createRack(rackRef(r), DEFAULT_CASES, rand),
    );
    const products = new Map<string, number>();
    let last: TelemetryRack[] = [];
    for (let at = start + STEP_MS; at <= end; at += STEP_MS) {
      racks = racks.map((rack, r) => stepRack(rack, STEP_MS / 1000, HEALTHY, rand, clock(r, at)));
      const snapshot = racks.map((rack, r) => rackSnapshot(rack, HEALTHY, clock(r, at)));
      for (const rack of snapshot) {
        for (const point of rack.points) {
          if (tauMs === null || point.value === null || !/\.CASE\d+$/.test(point.addr)) continue;
          const lagged = products.get(point.addr);
          products.set(point.addr, lagged === undefined ? point.value : stepLag(lagged, point.value, STEP_MS, tauMs));
        }
      }
      const ts = new Date(at).toISOString();
      for (const rack of snapshot) {
        for (const [metric, value] of Object.entries(rack.metrics))
          push(out, id, `${rack.ref}:${metric}`, ts, value, null);
        for (const point of rack.points) {
          if (point.value === null) continue;
          const product = products.get(point.addr);
          push(out, id, point.addr, ts, point.value, product === undefined ? null : Math.round(product * 10) / 10);
        }
      }
      last = snapshot;
    }
    defrosts.push(...defrostsOf(id, seeds, { start, end }));
    latest.push({ id, racks: last });
  }
  await insertReadings(db, out);
  await insertDefrosts(db, defrosts);
  await insertLatest(db, latest, new Date(end));
  return out.c.length;
}

function push(out: Columns, id: number, key: string, ts: string, value: number, product: number | null) {
  out.c.push(id);
  out.k.push(key);
  out.t.push(ts);
  out.v.push(value);
  out.p.push(product);
}

async function insertReadings(db: Db, out: Columns): Promise<void> {
  const CHUNK = 20_000;
  for (let i = 0; i < out.c.length; i += CHUNK) {
    const part = (list: unknown[]) => arr(list.slice(i, i + CHUNK));
    await db.execute(sql`insert into readings (controller_id, key, ts, value, product_value)
      select * from unnest(${part(out.c)}::int[], ${part(out.k)}::text[], ${part(out.t)}::timestamptz[],
        ${part(out.v)}::float8[], ${part(out.p)}::float8[])`);
  }
}

type Defrost = { id: number; rack: string; addr: string; from: string; to: string };

/** The cases' defrosts that ended within the range, from the schedule the model followed. */
function defrostsOf(id: number, seeds: (rack: number) => number[], range: { start: number; end: number }): Defrost[] {
  const out: Defrost[] = [];
  for (let r = 0; r < DEFAULT_RACKS; r++) {
    seeds(r).forEach((seed, c) => {
      const seen = new Set<number>();
      for (let at = range.start; at <= range.end; at += 30 * MINUTE) {
        const d = defrostOf(seed, at);
        if (seen.has(d.start) || d.start < range.start || d.start + d.lengthMs > range.end) continue;
        seen.add(d.start);
        out.push({
          id,
          rack: rackRef(r),
          addr: `${rackRef(r)}.CASE${c + 1}`,
          from: new Date(d.start).toISOString(),
          to: new Date(d.start + d.lengthMs).toISOString(),
        });
      }
    });
  }
  return out;
}

async function insertDefrosts(db: Db, list: Defrost[]): Promise<void> {
  if (list.length === 0) return;
  const col = <K extends keyof Defrost>(key: K) => arr(list.map((d) => d[key]));
  await db.execute(sql`insert into case_events (controller_id, rack_ref, addr, kind, started_at, ended_at)
    select v.c, v.r, v.a, 'defrost', v.f, v.t
    from unnest(${col('id')}::int[], ${col('rack')}::text[], ${col('addr')}::text[], ${col('from')}::timestamptz[],
      ${col('to')}::timestamptz[]) as v(c, r, a, f, t)`);
}

/** The racks' and points' state as of the last reading (the controller view's Rack tab and chart keys). */
async function insertLatest(db: Db, list: { id: number; racks: TelemetryRack[] }[], at: Date): Promise<void> {
  const racks = list.flatMap(({ id, racks }) => racks.map((rack) => ({ id, rack })));
  const points = racks.flatMap(({ id, rack }) => rack.points.map((p) => ({ id, ref: rack.ref, p })));
  if (racks.length === 0) return;
  const ts = at.toISOString();
  await db.execute(sql`insert into racks (controller_id, ref, name, metrics, updated_at, points_at)
    select v.c, v.r, v.n, v.m::jsonb, ${ts}::timestamptz, ${ts}::timestamptz
    from unnest(${arr(racks.map((r) => r.id))}::int[], ${arr(racks.map((r) => r.rack.ref))}::text[],
      ${arr(racks.map((r) => r.rack.name ?? null))}::text[], ${arr(racks.map((r) => JSON.stringify(r.rack.metrics)))}::text[])
      as v(c, r, n, m)
    on conflict do nothing`);
  await db.execute(sql`insert into rack_points (controller_id, addr, rack_ref, name, unit, set_point, status, value, updated_at)
    select v.c, v.a, v.r, v.n, v.u, v.s, v.st, v.v, ${ts}::timestamptz
    from unnest(${arr(points.map((x) => x.id))}::int[], ${arr(points.map((x) => x.p.addr))}::text[],
      ${arr(points.map((x) => x.ref))}::text[], ${arr(points.map((x) => x.p.name ?? null))}::text[],
      ${arr(points.map((x) => x.p.unit ?? null))}::text[], ${arr(points.map((x) => x.p.set_point ?? null))}::float8[],
      ${arr(points.map((x) => x.p.status))}::text[], ${arr(points.map((x) => x.p.value))}::float8[])
      as v(c, a, r, n, u, s, st, v)
    on conflict do nothing`);
}
