import { HACCP_LIMIT } from '@rcm/shared/reports';
import { DEFAULT_CASES, DEFAULT_RACKS } from '@rcm/simulator/fleet';
import { rackRef } from '@rcm/simulator/rack-model';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { arr, query } from '../lib/sql.ts';

const HOUR = 3_600_000;
export const REPORT_SEED_DAYS = 30;
/** The case points each controller of the demo fleet reports: `A.CASE1` … `B.CASE3`. */
const CASES = Array.from({ length: DEFAULT_RACKS }, (_, r) =>
  Array.from({ length: DEFAULT_CASES }, (_, c) => `${rackRef(r)}.CASE${c + 1}`),
).flat();

/** A deterministic 0–1 value for a seed (the demo is the same on every run). */
function noise(n: number): number {
  const x = Math.sin(n * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/** The HACCP limit the seeded cases are judged against (°F, their unit). */
const LIMIT_F = HACCP_LIMIT['°F'];
/** After a defrost the seeded case pulls down for this long (held with the defrost, as the engine holds it). */
const PULLDOWN_MIN = 20;

/**
 * Hourly case-temperature rollups for the HACCP report: the last 30 days of every case the live fleet
 * reports (each online controller at a location, with the simulator's racks and cases), ending two
 * hours ago (the rollup job owns the latest hours). History and live data so cover the same cases,
 * and the report's counts do not change once the fleet starts. Cases hold 34–39 °F with a daily
 * defrost bump; now and then a case runs warm above 41 °F for one to three hours, as real stores do.
 *
 * The same hours as the alarm engine would have recorded them, for the case performance report:
 * each case hour (`case_hours`: observed, held by the defrost and its pull-down, in range), the
 * defrosts (20–39 minutes at the top of the bump hour) and door openings (`case_events`). An hour
 * above the limit is out of range for the share of it above the limit (its low to its high, linearly),
 * so the two reports tell one story.
 */
export async function seedReportReadings(db: Db, now: Date, days = REPORT_SEED_DAYS): Promise<number> {
  const devices = await query<{ id: number }>(
    db,
    sql`select id from controllers where authorised and online and location_id is not null order by id`,
  );
  const end = Math.floor(now.getTime() / HOUR) * HOUR - 2 * HOUR;
  const start = end - days * 24 * HOUR;
  let written = 0;
  const c: number[] = [];
  const k: string[] = [];
  const b: string[] = [];
  const mins: number[] = [];
  const maxs: number[] = [];
  const held: number[] = [];
  const inRange: number[] = [];
  const ev = { c: [] as number[], k: [] as string[], kind: [] as string[], from: [] as string[], to: [] as string[] };
  const flush = async () => {
    if (c.length === 0) return;
    if (ev.c.length > 0)
      await db.execute(sql`insert into case_events (controller_id, rack_ref, addr, kind, started_at, ended_at)
        select v.c, split_part(v.k, '.', 1), v.k, v.kind, v.f, v.t
        from unnest(${arr(ev.c)}::int[], ${arr(ev.k)}::text[], ${arr(ev.kind)}::text[], ${arr(ev.from)}::timestamptz[],
          ${arr(ev.to)}::timestamptz[]) as v(c, k, kind, f, t)`);
    ev.c.length = ev.k.length = ev.kind.length = ev.from.length = ev.to.length = 0;
    // The rollups and the engine's hours of the same case hours, in one statement.
    await db.execute(sql`with v as (
        select * from unnest(${arr(c)}::int[], ${arr(k)}::text[], ${arr(b)}::timestamptz[], ${arr(mins)}::float8[],
          ${arr(maxs)}::float8[], ${arr(held)}::float8[], ${arr(inRange)}::float8[]) as v(c, k, b, mn, mx, h, r)),
      ch as (
        insert into case_hours (controller_id, addr, bucket, rack_ref, observed_s, held_s, in_range_s)
        select v.c, v.k, v.b, split_part(v.k, '.', 1), 3600, v.h, v.r from v on conflict do nothing)
      insert into readings_hourly (controller_id, key, bucket, min, max, sum, count)
      select v.c, v.k, v.b, v.mn, v.mx, (v.mn + v.mx) / 2 * 60, 60 from v
      on conflict do nothing`);
    held.length = inRange.length = 0;
    written += c.length;
    c.length = k.length = b.length = mins.length = maxs.length = 0;
  };
  for (const d of devices) {
    CASES.forEach((key, index) => {
      const ci = index % DEFAULT_CASES;
      let warmLeft = 0;
      for (let t = start; t < end; t += HOUR) {
        const hour = new Date(t).getUTCHours();
        const seed = d.id * 7919 + index * 104729 + t / HOUR;
        const base = 34 + ci + noise(seed) * 2;
        const defrost = hour === (6 + ci * 4) % 24 ? 3 : 0;
        // About once in 1,000 hours a case runs warm for 1–3 hours: a door left open, a stocking run.
        if (warmLeft === 0 && noise(seed + 0.5) < 0.001) warmLeft = 1 + Math.floor(noise(seed + 0.9) * 3);
        const warm = warmLeft > 0 ? 5 + noise(seed + 0.7) * 3 : 0;
        if (warmLeft > 0) warmLeft -= 1;
        const max = Math.round((base + defrost + warm) * 10) / 10;
        const min = Math.round((base - 1) * 10) / 10;
        c.push(Number(d.id));
        k.push(key);
        b.push(new Date(t).toISOString());
        mins.push(min);
        maxs.push(max);
        const event = (kind: string, startMs: number, minutes: number) => {
          ev.c.push(Number(d.id));
          ev.k.push(key);
          ev.kind.push(kind);
          ev.from.push(new Date(startMs).toISOString());
          ev.to.push(new Date(startMs + minutes * 60_000).toISOString());
        };
        const defrostMinutes = defrost ? 20 + Math.floor(noise(seed + 0.2) * 20) : 0;
        if (defrost) event('defrost', t, defrostMinutes);
        // A door opened now and then (1–10 minutes), away from the defrost.
        if (!defrost && noise(seed + 0.3) < 0.1)
          event('door_open', t + 35 * 60_000, 1 + Math.floor(noise(seed + 0.4) * 10));
        const heldS = defrost ? (defrostMinutes + PULLDOWN_MIN) * 60 : 0;
        const outShare = max > LIMIT_F ? Math.min((max - LIMIT_F) / (max - min), 1) : 0;
        held.push(heldS);
        inRange.push(Math.round((3600 - heldS) * (1 - outShare)));
      }
    });
    if (c.length >= 5000) await flush();
  }
  await flush();
  return written;
}
