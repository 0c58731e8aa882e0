import { createHash } from 'node:crypto';
import type { TelemetryMessage } from '@rcm/shared/device';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { copyConnection, copyRows, copyText } from '../../../lib/copy.ts';
import { arr, floats, ints, query, texts } from '../../../lib/sql.ts';
import type { BatchItem } from './writer.ts';

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

/**
 * Writes the readings of a batch's telemetry, then the latest state of the racks and points whose
 * messages said more than values. Returns the number of readings.
 */
export async function writeTelemetry(
  tx: DbOrTx,
  items: Extract<BatchItem, { channel: 'telemetry' }>[],
  lap: (step: string) => void,
): Promise<number> {
  const c: number[] = [];
  const k: string[] = [];
  const t: string[] = [];
  const v: number[] = [];
  /** Per controller and rack, the newest message's rack (its points are written only if the rack's row is). */
  const racks = new Map<string, { id: number; rack: TelemetryRack; ts: string }>();
  for (const { device, message } of items) {
    for (const rack of message.racks) {
      for (const metric in rack.metrics) {
        c.push(device.id);
        k.push(`${rack.ref}:${metric}`);
        t.push(message.ts);
        v.push(rack.metrics[metric] as number);
      }
      const rackKey = `${device.id}|${rack.ref}`;
      if ((racks.get(rackKey)?.ts ?? '') <= message.ts) racks.set(rackKey, { id: device.id, rack, ts: message.ts });
      for (const p of rack.points) {
        if (p.value !== null) {
          c.push(device.id);
          k.push(p.addr);
          t.push(message.ts);
          v.push(p.value);
        }
      }
    }
  }
  if (c.length > 0) {
    const connection = copyConnection(tx);
    if (connection) {
      let lines = '';
      for (let i = 0; i < c.length; i++) lines += `${c[i]}\t${copyText(k[i] as string)}\t${t[i]}\t${v[i]}\n`;
      await copyRows(connection, 'readings', ['controller_id', 'key', 'ts', 'value'], lines);
    } else {
      await tx.execute(sql`insert into readings (controller_id, key, ts, value)
        select * from unnest(${ints(c)}::int[], ${texts(k)}::text[], ${texts(t)}::timestamptz[], ${floats(v)}::float8[])`);
    }
  }
  lap('readings');
  // Racks first: a rack whose signature is unchanged (only values changed, the usual case) is
  // skipped with all its points; the values themselves are in `readings`, and the controller view
  // reads the newest reading at or after a point's `updated_at` (list-repo.ts). Comparing every point
  // row instead cost a third of a 100-point snapshot's transaction.
  const rewritten = new Map<string, boolean>();
  // The metrics travel as text and become jsonb only in the rows written (usually none): casting the
  // whole array parsed every rack's JSON on every batch.
  if (racks.size > 0) {
    const rows = [...racks.values()];
    const changed = await query<{ controller_id: number; ref: string; refresh: boolean }>(
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
    for (const r of changed) rewritten.set(`${r.controller_id}|${r.ref}`, r.refresh);
  }
  lap('racks');
  // Points of the rewritten racks: new or changed besides the value, or all of them on the rack's
  // refresh (new rack, or its points older than LATEST_REFRESH).
  const points = new Map<
    string,
    [number, string, string, string | null, string | null, number | null, string, number | null, string, boolean]
  >();
  for (const [rackKey, refresh] of rewritten) {
    const r = racks.get(rackKey);
    if (!r) continue;
    for (const p of r.rack.points) {
      points.set(`${r.id}|${p.addr}`, [
        r.id,
        p.addr,
        r.rack.ref,
        p.name ?? null,
        p.unit ?? null,
        p.set_point ?? null,
        p.status,
        p.value,
        r.ts,
        refresh,
      ]);
    }
  }
  if (points.size > 0) {
    const rows = [...points.values()];
    const col = <T>(i: number) => rows.map((p) => p[i]) as T[];
    await tx.execute(sql`insert into rack_points (controller_id, addr, rack_ref, name, unit, set_point, status, value, updated_at)
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
  }
  lap('rack_points');
  return c.length;
}
