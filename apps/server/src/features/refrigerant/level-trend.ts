import type { LevelTrendResponse } from '@rcm/shared/refrigerant';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import { emptyTrend, fittedLine, isFalling, seedHour } from '../alarms/leak-trend.ts';

const HOUR_MS = 3_600_000;
const iso = (hour: number) => new Date(hour * HOUR_MS).toISOString();

/**
 * A rack's liquid level as the leak rule sees it: hourly medians of the last 48 hours and the line it
 * fits through the last complete 24 (the same functions the alarm engine runs).
 */
export async function levelTrendOf(
  db: Db,
  controllerId: number,
  rackRef: string,
  now: Date,
): Promise<LevelTrendResponse> {
  const rows = await query<{ hour: number; level: number }>(
    db,
    sql`select floor(extract(epoch from ts) / 3600)::int as hour, percentile_cont(0.5) within group (order by value) as level
        from readings where controller_id = ${controllerId} and key = ${`${rackRef}:liquid_level`}
          and ts >= ${new Date(now.getTime() - 48 * HOUR_MS).toISOString()}::timestamptz
          and ts <= ${now.toISOString()}::timestamptz and value is not null
        group by 1 order by 1`,
  );
  const trend = emptyTrend();
  for (const r of rows) seedHour(trend, Number(r.hour), Number(r.level));
  const line = fittedLine(trend);
  return {
    hours: rows.map((r) => ({ at: iso(Number(r.hour)), level: Math.round(Number(r.level) * 10) / 10 })),
    trend: line
      ? {
          per_day: Math.round(line.reading.perDay * 100) / 100,
          from: { at: iso(line.from.hour), level: Math.round(line.from.level * 10) / 10 },
          to: { at: iso(line.to.hour), level: Math.round(line.to.level * 10) / 10 },
          falling: isFalling(line.reading),
        }
      : null,
  };
}
