import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { arr, query } from '../lib/sql.ts';

const HOUR = 3_600_000;
export const REPORT_SEED_DAYS = 30;
const CASES = ['A.CASE1', 'A.CASE2', 'A.CASE3'];

/** A deterministic 0–1 value for a seed (the demo is the same on every run). */
function noise(n: number): number {
  const x = Math.sin(n * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * Hourly case-temperature rollups for the HACCP report: the last 30 days for one controller per
 * customer location, ending two hours ago (the rollup job owns the latest hours). Cases hold
 * 34–39 °F with a daily defrost bump; a few hours run warm above 41 °F, as real stores do.
 */
export async function seedReportReadings(db: Db, now: Date, days = REPORT_SEED_DAYS): Promise<number> {
  const devices = await query<{ id: number }>(
    db,
    sql`select distinct on (location_id) id from controllers
        where authorised and location_id is not null order by location_id, id`,
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
    CASES.forEach((key, ci) => {
      for (let t = start; t < end; t += HOUR) {
        const hour = new Date(t).getUTCHours();
        const seed = d.id * 7919 + ci * 104729 + t / HOUR;
        const base = 34 + ci + noise(seed) * 2;
        const defrost = hour === (6 + ci * 4) % 24 ? 3 : 0;
        // About one warm hour in 150: a door left open, a stocking run.
        const warm = noise(seed + 0.5) < 0.007 ? 5 + noise(seed + 0.7) * 3 : 0;
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
