import type { TelemetryMessage } from '@rcm/shared/device';
import type { DbOrTx } from '../../../db/client.ts';
import type { BatchItem } from './batch-item.ts';
import type { PointRow, RackRow, TelemetryRepo } from './telemetry-repo.ts';

/**
 * Writes the readings of a batch's telemetry, then the latest state of the racks and points whose
 * messages said more than values. Returns the number of readings.
 */
export async function writeTelemetry(
  repo: TelemetryRepo,
  tx: DbOrTx,
  items: Extract<BatchItem, { channel: 'telemetry' }>[],
  lap: (step: string) => void,
  /** Product temperatures by message and point addr (case-rules.ts), stored with their readings. */
  products?: ReadonlyMap<TelemetryMessage, ReadonlyMap<string, number>>,
): Promise<number> {
  const c: number[] = [];
  const k: string[] = [];
  const t: string[] = [];
  const v: number[] = [];
  // Only when some point has a product temperature: the usual batch keeps the four-column insert.
  const pv: (number | null)[] | undefined = products && products.size > 0 ? [] : undefined;
  /** Per controller and rack, the newest message's rack (its points are written only if the rack's row is). */
  const racks = new Map<string, RackRow>();
  for (const { device, message } of items) {
    const product = pv ? products?.get(message) : undefined;
    for (const rack of message.racks) {
      for (const metric in rack.metrics) {
        c.push(device.id);
        k.push(`${rack.ref}:${metric}`);
        t.push(message.ts);
        v.push(rack.metrics[metric] as number);
        pv?.push(null);
      }
      const rackKey = `${device.id}|${rack.ref}`;
      // A historical message (sent late) is stored as readings only: the latest state stays the live one.
      if (!message.historical && (racks.get(rackKey)?.ts ?? '') <= message.ts)
        racks.set(rackKey, { id: device.id, rack, ts: message.ts });
      for (const point of rack.points) {
        if (point.value !== null) {
          c.push(device.id);
          k.push(point.addr);
          t.push(message.ts);
          v.push(point.value);
          pv?.push(product?.get(point.addr) ?? null);
        }
      }
    }
  }
  if (c.length > 0) await repo.insertReadings(c, k, t, v, pv, tx);
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
    const changed = await repo.upsertRacks(rows, tx);
    for (const r of changed) rewritten.set(`${r.controller_id}|${r.ref}`, r.refresh);
  }
  lap('racks');
  // Points of the rewritten racks: new or changed besides the value, or all of them on the rack's
  // refresh (new rack, or its points older than LATEST_REFRESH).
  const points = new Map<string, PointRow>();
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
    await repo.upsertRackPoints(rows, tx);
  }
  lap('rack_points');
  return c.length;
}
