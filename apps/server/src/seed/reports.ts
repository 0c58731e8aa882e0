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

/**
 * Hourly case-temperature rollups for the HACCP report: the last 30 days of every case the live fleet
 * reports (each online controller at a location, with the simulator's racks and cases), ending two
 * hours ago (the rollup job owns the latest hours). History and live data so cover the same cases,
 * and the report's counts do not change once the fleet starts. Cases hold 34–39 °F with a daily
 * defrost bump; now and then a case runs warm above 41 °F for one to three hours, as real stores do.
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
  const flush = async () => {
    if (c.length === 0) return;
    await db.execute(sql`insert into readings_hourly (controller_id, key, bucket, min, max, sum, count)
      select v.c, v.k, v.b, v.mn, v.mx, (v.mn + v.mx) / 2 * 60, 60
      from unnest(${arr(c)}::int[], ${arr(k)}::text[], ${arr(b)}::timestamptz[], ${arr(mins)}::float8[], ${arr(maxs)}::float8[])
        as v(c, k, b, mn, mx)
      on conflict do nothing`);
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
        c.push(Number(d.id));
        k.push(key);
        b.push(new Date(t).toISOString());
        mins.push(Math.round((base - 1) * 10) / 10);
        maxs.push(max);
      }
    });
    if (c.length >= 5000) await flush();
  }
  await flush();
  return written;
}
