import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ints, query, texts } from '../../lib/sql.ts';
import type { ControllerTrends } from './leak-rule.ts';
import { emptyTrend, LEAK_TREND, seedHour } from './leak-trend.ts';

export type TrendStore = Map<number, ControllerTrends>;

/**
 * Racks this process has not followed yet start from their stored history: the hourly medians of
 * their liquid level over the window before their first reading here (one query per batch that
 * brings new racks; the index `(controller_id, key, ts)` answers each range).
 */
export async function seedTrends(
  tx: Db,
  store: TrendStore,
  firsts: { controllerId: number; rackRef: string; before: number }[],
  raisePerDay?: number,
): Promise<void> {
  const fresh = firsts.filter((f) => !store.get(f.controllerId)?.has(f.rackRef));
  if (fresh.length === 0) return;
  for (const f of fresh) {
    let trends = store.get(f.controllerId);
    if (!trends) {
      trends = new Map();
      store.set(f.controllerId, trends);
    }
    trends.set(f.rackRef, emptyTrend());
  }
  const hours = LEAK_TREND.windowHours + 1;
  const rows = await query<{ controller_id: number; rack_ref: string; hour: number; level: number }>(
    tx,
    sql`select v.id as controller_id, v.ref as rack_ref, floor(extract(epoch from r.ts) / 3600)::int as hour,
          percentile_cont(0.5) within group (order by r.value) as level
        from unnest(${ints(fresh.map((f) => f.controllerId))}::int[], ${texts(fresh.map((f) => f.rackRef))}::text[],
          ${texts(fresh.map((f) => new Date(f.before).toISOString()))}::timestamptz[]) as v(id, ref, before)
        join readings r on r.controller_id = v.id and r.key = v.ref || ':liquid_level'
          and r.ts >= v.before - make_interval(hours => ${hours}) and r.ts < v.before
        where r.value is not null
        group by 1, 2, 3 order by 3`,
  );
  for (const row of rows) {
    const trend = store.get(row.controller_id)?.get(row.rack_ref);
    if (trend) seedHour(trend, row.hour, Number(row.level), raisePerDay);
  }
}
