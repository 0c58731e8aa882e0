import type { Db } from '../../../db/client.ts';
import { createAlarmEngineRepo } from '../engine/engine-repo.ts';
import type { ControllerTrends } from './leak-rule.ts';
import { emptyTrend, LEAK_TREND, seedHour } from './leak-trend.ts';

const repo = createAlarmEngineRepo();

export type TrendStore = Map<number, ControllerTrends>;

/**
 * Racks this process has not followed yet start from their stored history: the hourly medians of
 * their liquid level over the window before their first reading here (one query per batch that
 * brings new racks).
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
  const rows = await repo.liquidLevelHourlyMedians(fresh, LEAK_TREND.windowHours + 1, tx);
  for (const row of rows) {
    const trend = store.get(row.controller_id)?.get(row.rack_ref);
    if (trend) seedHour(trend, row.hour, Number(row.level), raisePerDay);
  }
}
