import type { LevelTrendResponse } from '@rcm/shared/refrigerant';
import { emptyTrend, fittedLine, isFalling, seedHour } from '../alarms/leaks/leak-trend.ts';
import type { RefrigerantRepo } from './repo.ts';

const HOUR_MS = 3_600_000;
const iso = (hour: number) => new Date(hour * HOUR_MS).toISOString();

/**
 * A rack's liquid level as the leak rule sees it: hourly medians of the last 48 hours and the line it
 * fits through the last complete 24 (the same functions the alarm engine runs).
 */
export async function levelTrendOf(
  repo: RefrigerantRepo,
  controllerId: number,
  rackRef: string,
  now: Date,
): Promise<LevelTrendResponse> {
  const rows = await repo.hourlyLevels(controllerId, rackRef, new Date(now.getTime() - 48 * HOUR_MS), now);
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
