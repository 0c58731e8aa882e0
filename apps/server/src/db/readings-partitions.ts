import { sql } from 'drizzle-orm';
import { query } from '../lib/sql.ts';
import type { Db } from './client.ts';

/**
 * `readings` partitioned by range on `ts`, one partition per UTC day (migration 0010; not where
 * TimescaleDB made it a hypertable). Day partitions are named `readings_pYYYYMMDD`; `readings_default`
 * takes any timestamp no partition covers; `readings_legacy` (when the table had rows before 0010)
 * covers everything before the migration day.
 */
const DAY = 86_400_000;
export const READINGS_DAYS_AHEAD = 7;

export type ReadingsPartition = {
  name: string;
  isDefault: boolean;
  /** Bounds in ms since the epoch; null = unbounded (MINVALUE / MAXVALUE). */
  from: number | null;
  to: number | null;
};

/** The partitions of `readings`, or null when it is not a partitioned table. */
export async function readingsPartitions(db: Db): Promise<ReadingsPartition[] | null> {
  const [kind] = await query<{ relkind: string }>(
    db,
    sql`select relkind::text as relkind from pg_class where oid = to_regclass('public.readings')`,
  );
  if (kind?.relkind !== 'p') return null;
  // Bounds are read back through their text form, which carries the UTC offset, so the session's
  // time zone does not matter.
  const rows = await query<{ name: string; bound: string; from_ms: number | null; to_ms: number | null }>(
    db,
    sql`select c.relname::text as name, pg_get_expr(c.relpartbound, c.oid) as bound,
        (extract(epoch from substring(pg_get_expr(c.relpartbound, c.oid) from $re$FROM \\('([^']+)'\\)$re$)::timestamptz) * 1000)::float8 as from_ms,
        (extract(epoch from substring(pg_get_expr(c.relpartbound, c.oid) from $re$TO \\('([^']+)'\\)$re$)::timestamptz) * 1000)::float8 as to_ms
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'public.readings'::regclass
      order by 4 nulls first`,
  );
  return rows.map((r) => ({
    name: r.name,
    isDefault: r.bound === 'DEFAULT',
    from: r.from_ms === null ? null : Number(r.from_ms),
    to: r.to_ms === null ? null : Number(r.to_ms),
  }));
}

const dayName = (dayStart: number) => `readings_p${new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '')}`;

/**
 * Creates the day partitions from today to `daysAhead` days ahead, and for past days (back to
 * `backDays`) whose rows landed in the default partition (a stopped task, the demo's history): those
 * rows move into their day's partition. Idempotent; a run-once task (scheduler advisory lock).
 */
export async function ensureReadingsPartitions(
  db: Db,
  now: Date,
  opts: { daysAhead?: number; backDays?: number } = {},
): Promise<string[]> {
  const parts = await readingsPartitions(db);
  if (!parts) return [];
  // Creating a partition briefly locks `readings`: never queue ingest behind a long reader for it;
  // the task runs again within the hour, and a week is created ahead.
  await db.execute(sql`set local lock_timeout = '3s'`);
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const days = new Set<number>();
  for (let i = 0; i <= (opts.daysAhead ?? READINGS_DAYS_AHEAD); i++) days.add(today + i * DAY);
  const fallback = parts.find((p) => p.isDefault);
  if (fallback) {
    const since = new Date(today - (opts.backDays ?? 0) * DAY).toISOString();
    const stray = await query<{ day: number }>(
      db,
      sql`select distinct (floor(extract(epoch from ts) / 86400) * 86400000)::float8 as day
        from readings_default where ts >= ${since}::timestamptz and ts < ${new Date(today + DAY).toISOString()}::timestamptz`,
    );
    for (const r of stray) days.add(Number(r.day));
  }
  const covered = (day: number) =>
    parts.some((p) => !p.isDefault && (p.from === null || p.from < day + DAY) && (p.to === null || p.to > day));
  const created: string[] = [];
  for (const day of [...days].sort((a, b) => a - b)) {
    if (covered(day)) continue;
    const name = dayName(day);
    const from = new Date(day).toISOString();
    const to = new Date(day + DAY).toISOString();
    if (fallback) {
      // A new partition may not take rows the default holds: move them in first.
      await db.execute(
        sql`create table ${sql.identifier(name)} (like readings including defaults including constraints)`,
      );
      await db.execute(sql`with moved as (
          delete from readings_default where ts >= ${from}::timestamptz and ts < ${to}::timestamptz returning *)
        insert into ${sql.identifier(name)} (controller_id, key, ts, value, product_value)
          select controller_id, key, ts, value, product_value from moved`);
      await db.execute(
        sql.raw(`alter table readings attach partition "${name}" for values from ('${from}') to ('${to}')`),
      );
    } else {
      await db.execute(
        sql.raw(`create table "${name}" partition of readings for values from ('${from}') to ('${to}')`),
      );
    }
    created.push(name);
  }
  return created;
}

/**
 * Retention on the partitioned table: day partitions wholly older than the cutoff are dropped
 * (so up to one day more than the setting is kept); the legacy partition and the default one lose
 * their expired rows row by row, and the legacy one goes once it has expired entirely.
 * Returns the dropped partitions, or null when `readings` is not partitioned.
 */
export async function dropExpiredReadings(db: Db, cutoff: Date): Promise<string[] | null> {
  const parts = await readingsPartitions(db);
  if (!parts) return null;
  await db.execute(sql`set local lock_timeout = '3s'`);
  const dropped: string[] = [];
  for (const p of parts) {
    if (!p.isDefault && p.to !== null && p.to <= cutoff.getTime()) {
      await db.execute(sql`drop table ${sql.identifier(p.name)}`);
      dropped.push(p.name);
    } else if (
      p.isDefault ||
      ((p.from === null || p.from < cutoff.getTime()) && p.to !== null && p.to - (p.from ?? -Infinity) > DAY)
    ) {
      await db.execute(sql`delete from ${sql.identifier(p.name)} where ts < ${cutoff.toISOString()}::timestamptz`);
    }
  }
  return dropped;
}
