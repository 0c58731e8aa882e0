import { createHash } from 'node:crypto';
import type { TelemetryMessage } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { copyConnection, copyRows, copyText } from '../../../lib/copy.ts';
import { arr, floats, ints, query, texts } from '../../../lib/sql.ts';

/**
 * How old a latest-state row may grow while nothing but values change: it bounds how far back the
 * controller view looks in `readings` for a point's newest value.
 */
export const LATEST_REFRESH = '1 hour';

/** A point of a rack the racks statement returned is rewritten when it is new, when anything but its value changed, or on the rack's refresh. */
const changedPoint = sql.raw(`(v.refresh or p.rack_ref is distinct from v.rack_ref
        or (v.name is not null and v.name is distinct from p.name) or (v.unit is not null and v.unit is distinct from p.unit)
        or p.set_point is distinct from v.set_point or p.status is distinct from v.status
        or (p.value is null) <> (v.value is null))`);

/** A rack row is rewritten when it is new, renamed, its signature changed (metric names, points), or its points are due a refresh. */
const changedRack = sql.raw(`(k.controller_id is null or (v.name is not null and v.name is distinct from k.name)
        or k.sig is distinct from v.sig or k.points_at is null or k.points_at < v.updated_at - interval '${LATEST_REFRESH}')`);

type TelemetryRack = TelemetryMessage['racks'][number];

/**
 * Everything a rack message says besides values: its metric names and each point's address, name,
 * unit, set point, status and whether it sent a value. Equal signatures mean the rack's points need
 * no rewrite (the values are in `readings`). Short racks (metrics only) keep the names as they are.
 */
export function rackSignature(rack: TelemetryRack): string {
  const metrics = Object.keys(rack.metrics).sort().join(',');
  if (rack.points.length === 0) return metrics;
  const hash = createHash('sha1').update(metrics);
  for (const p of rack.points) {
    hash.update(
      `\n${p.addr}\t${p.name ?? ''}\t${p.unit ?? ''}\t${p.set_point ?? ''}\t${p.status}\t${p.value === null ? 0 : 1}`,
    );
  }
  return `#${hash.digest('base64')}`;
}

/** A rack of a batch's newest message for its controller and ref. */
export type RackRow = { id: number; rack: TelemetryRack; ts: string };

/** A point of a rewritten rack: controller, addr, rack ref, name, unit, set point, status, value, time, refresh. */
export type PointRow = [
  number,
  string,
  string,
  string | null,
  string | null,
  number | null,
  string,
  number | null,
  string,
  boolean,
];

/**
 * The telemetry writer's statements (readings, racks, points), each run in the ingest batch's
 * transaction; each returns the driver's promise itself (no async wrapper, so no await of its own).
 */
export function createTelemetryRepo() {
  return {
    /**
     * Appends readings given as columns (controller, key, time, value, and the product temperature when
     * the batch has any): COPY on PostgreSQL, an `unnest` insert on PGlite.
     */
    insertReadings(
      c: number[],
      k: string[],
      t: string[],
      v: number[],
      p: (number | null)[] | undefined,
      tx: DbOrTx,
    ): Promise<unknown> {
      const connection = copyConnection(tx);
      if (connection) {
        let lines = '';
        if (p) {
          for (let i = 0; i < c.length; i++)
            lines += `${c[i]}\t${copyText(k[i] as string)}\t${t[i]}\t${v[i]}\t${p[i] ?? '\\N'}\n`;
          return copyRows(connection, 'readings', ['controller_id', 'key', 'ts', 'value', 'product_value'], lines);
        }
        for (let i = 0; i < c.length; i++) lines += `${c[i]}\t${copyText(k[i] as string)}\t${t[i]}\t${v[i]}\n`;
        return copyRows(connection, 'readings', ['controller_id', 'key', 'ts', 'value'], lines);
      }
      if (p)
        return tx.execute(sql`insert into readings (controller_id, key, ts, value, product_value)
        select * from unnest(${ints(c)}::int[], ${texts(k)}::text[], ${texts(t)}::timestamptz[], ${floats(v)}::float8[], ${floats(p)}::float8[])`);
      return tx.execute(sql`insert into readings (controller_id, key, ts, value)
        select * from unnest(${ints(c)}::int[], ${texts(k)}::text[], ${texts(t)}::timestamptz[], ${floats(v)}::float8[])`);
    },

    /**
     * Upserts the rack rows that are new or changed (`changedRack`); answers with those rewritten, and
     * whether their points are due a full rewrite (`refresh`).
     */
    upsertRacks(rows: RackRow[], tx: DbOrTx): Promise<{ controller_id: number; ref: string; refresh: boolean }[]> {
      return query<{ controller_id: number; ref: string; refresh: boolean }>(
        tx,
        sql`insert into racks (controller_id, ref, name, metrics, updated_at, sig, points_at)
      select v.controller_id, v.ref, v.name, v.metrics::jsonb, v.updated_at, v.sig, v.updated_at
      from unnest(${ints(rows.map((r) => r.id))}::int[], ${texts(rows.map((r) => r.rack.ref))}::text[],
                             ${texts(rows.map((r) => r.rack.name ?? null))}::text[], ${texts(rows.map((r) => JSON.stringify(r.rack.metrics)))}::text[],
                             ${texts(rows.map((r) => r.ts))}::timestamptz[], ${texts(rows.map((r) => rackSignature(r.rack)))}::text[])
        as v(controller_id, ref, name, metrics, updated_at, sig)
      left join racks k on k.controller_id = v.controller_id and k.ref = v.ref
      where ${changedRack}
      on conflict (controller_id, ref) do update set name = coalesce(excluded.name, racks.name),
        metrics = excluded.metrics, updated_at = excluded.updated_at, sig = excluded.sig,
        points_at = case when racks.points_at is null or racks.points_at < excluded.updated_at - interval '${sql.raw(LATEST_REFRESH)}'
                         then excluded.updated_at else racks.points_at end
      where racks.updated_at <= excluded.updated_at
      returning controller_id, ref, points_at = updated_at as refresh`,
      );
    },

    /** Upserts the points that are new or changed besides their value (`changedPoint`). */
    upsertRackPoints(rows: PointRow[], tx: DbOrTx): Promise<unknown> {
      const col = <T>(i: number) => rows.map((p) => p[i]) as T[];
      return tx.execute(sql`insert into rack_points (controller_id, addr, rack_ref, name, unit, set_point, status, value, updated_at)
      select v.controller_id, v.addr, v.rack_ref, v.name, v.unit, v.set_point, v.status, v.value, v.updated_at
      from unnest(${ints(col(0))}::int[], ${texts(col(1))}::text[], ${texts(col(2))}::text[], ${texts(col(3))}::text[],
                  ${texts(col(4))}::text[], ${floats(col(5))}::float8[], ${texts(col(6))}::text[], ${floats(col(7))}::float8[],
                  ${texts(col(8))}::timestamptz[], ${arr(col(9))}::bool[])
        as v(controller_id, addr, rack_ref, name, unit, set_point, status, value, updated_at, refresh)
      left join rack_points p on p.controller_id = v.controller_id and p.addr = v.addr
      where p.controller_id is null or ${changedPoint}
      on conflict (controller_id, addr) do update set rack_ref = excluded.rack_ref, name = coalesce(excluded.name, rack_points.name),
        unit = coalesce(excluded.unit, rack_points.unit), set_point = excluded.set_point, status = excluded.status,
        value = excluded.value, updated_at = excluded.updated_at
      where rack_points.updated_at <= excluded.updated_at`);
    },
  };
}

export type TelemetryRepo = ReturnType<typeof createTelemetryRepo>;
