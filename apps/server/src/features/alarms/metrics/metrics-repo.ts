import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { arr, toIso as iso, query } from '../../../lib/sql.ts';
import type { TenantScope } from '../../auth/scope.ts';
import { refInScope } from '../list/alarm-filter.ts';

export type MetricsTarget = {
  controllerId: number;
  rackRef: string | null;
  subject: string;
  /** The alarm type's source: `point` and `status` alarms are about a point addr. */
  source: string;
};

/**
 * A series as rows: bucket start (ISO) and the average of the values in it. A case point's product
 * temperature, where it has one, is the series `{key}#product` (see `productKey`).
 */
export type SeriesRows = Map<string, [string, number][]>;

export const productKey = (key: string) => `${key}#product`;

type Range = { from: Date; to: Date; bucketMs: number };

function collect(rows: { key: string; ts: unknown; value: unknown; product: unknown }[]): SeriesRows {
  const out: SeriesRows = new Map();
  const push = (key: string, at: string, value: number) => {
    const points = out.get(key) ?? [];
    points.push([at, value]);
    out.set(key, points);
  };
  for (const r of rows) {
    const at = iso(r.ts) ?? '';
    push(r.key, at, Number(r.value));
    if (r.product !== null && r.product !== undefined) push(productKey(r.key), at, Number(r.product));
  }
  return out;
}

/** Time series behind the alarm view's chart; the alarm is looked up in the caller's scope. */
export function createAlarmMetricsRepo(db: Db) {
  return {
    async target(scope: TenantScope, ref: number): Promise<MetricsTarget | null> {
      const [row] = await query<{ controller_id: number; rack_ref: string | null; subject: string; source: string }>(
        db,
        sql`select a.controller_id, a.rack_ref, a.subject, t.source
            from alarms a join alarm_types t on t.id = a.alarm_type_id where ${refInScope(scope, ref).toDrizzle()}`,
      );
      if (!row) return null;
      return {
        controllerId: Number(row.controller_id),
        rackRef: row.rack_ref,
        subject: row.subject,
        source: row.source,
      };
    },

    /** The controller's rack refs (for an alarm about no rack in particular, such as offline). */
    async rackRefs(controllerId: number): Promise<string[]> {
      const rows = await query<{ ref: string }>(
        db,
        sql`select ref from racks where controller_id = ${controllerId} order by ref`,
      );
      return rows.map((r) => r.ref);
    },

    /** The points' units and names. */
    async points(
      controllerId: number,
      addrs: string[],
    ): Promise<Map<string, { unit: string | null; name: string | null }>> {
      const rows = await query<{ addr: string; unit: string | null; name: string | null }>(
        db,
        sql`select addr, unit, name from rack_points where controller_id = ${controllerId} and addr = any(${arr(addrs)}::text[])`,
      );
      return new Map(rows.map((r) => [r.addr, { unit: r.unit, name: r.name }]));
    },

    /** The controller's case temperature points (`{rack}.CASE{n}`), by rack and number. */
    async casePoints(controllerId: number): Promise<{ addr: string; unit: string | null; name: string | null }[]> {
      return query<{ addr: string; unit: string | null; name: string | null }>(
        db,
        sql`select addr, unit, name from rack_points where controller_id = ${controllerId} and addr ~ '\\.CASE[0-9]+$'
            order by rack_ref, length(addr), addr`,
      );
    },

    /** The points' defrosts overlapping the range (a defrost going on has no end). */
    async defrosts(controllerId: number, addrs: string[], range: { from: Date; to: Date }) {
      if (addrs.length === 0) return [];
      const rows = await query<{ addr: string; started_at: unknown; ended_at: unknown }>(
        db,
        sql`select addr, started_at, ended_at from case_events
            where controller_id = ${controllerId} and kind = 'defrost' and addr = any(${arr(addrs)}::text[])
              and started_at < ${range.to.toISOString()}::timestamptz
              and (ended_at is null or ended_at > ${range.from.toISOString()}::timestamptz)
            order by addr, started_at`,
      );
      return rows.map((r) => ({ addr: r.addr, from: iso(r.started_at) ?? '', to: iso(r.ended_at) }));
    },

    /**
     * Raw readings averaged per bucket of `bucketMs` counted from `from` (so at most range / bucket
     * points); a point is stamped with its bucket's first reading.
     */
    async raw(controllerId: number, keys: string[], range: Range): Promise<SeriesRows> {
      const from = sql`${range.from.toISOString()}::timestamptz`;
      const rows = await query<{ key: string; ts: unknown; value: unknown; product: unknown }>(
        db,
        sql`select key, min(ts) as ts, avg(value) as value, avg(product_value) as product
            from readings
            where controller_id = ${controllerId} and key = any(${arr(keys)}::text[])
              and ts >= ${from} and ts < ${range.to.toISOString()}::timestamptz
            group by key, floor(extract(epoch from (ts - ${from}))::float8 * 1000 / ${range.bucketMs}::float8)
            order by key, 2`,
      );
      return collect(rows);
    },

    /**
     * Hourly rollups (average = sum / count), merged into buckets of `bucketMs` (at least an hour)
     * counted from `from`, which is on an hour; a point is stamped with its first hour.
     */
    async hourly(controllerId: number, keys: string[], range: Range): Promise<SeriesRows> {
      const from = sql`${range.from.toISOString()}::timestamptz`;
      // The hour's product temperature is its highest (the rollup keeps the maximum).
      const rows = await query<{ key: string; ts: unknown; value: unknown; product: unknown }>(
        db,
        sql`select key, min(bucket) as ts, sum(sum) / nullif(sum(count), 0) as value, max(product_max) as product
            from readings_hourly
            where controller_id = ${controllerId} and key = any(${arr(keys)}::text[])
              and bucket >= ${from} and bucket < ${range.to.toISOString()}::timestamptz
            group by key, floor(extract(epoch from (bucket - ${from}))::float8 * 1000 / ${range.bucketMs}::float8)
            having sum(count) > 0
            order by key, 2`,
      );
      return collect(rows);
    },
  };
}

export type AlarmMetricsRepo = ReturnType<typeof createAlarmMetricsRepo>;

/** A case point's product temperature and defrost periods, as its chart series carries them. */
export function casePeriods(
  key: string,
  rows: SeriesRows,
  defrosts: { addr: string; from: string; to: string | null }[],
): { product: [string, number][]; defrosts: { from: string; to: string | null }[] } {
  return {
    product: rows.get(productKey(key)) ?? [],
    defrosts: defrosts.filter((d) => d.addr === key).map((d) => ({ from: d.from, to: d.to })),
  };
}
