import type { AlarmMetrics } from '@rcm/shared/alarms';
import { AppError } from '../../lib/errors.ts';
import { METRIC_UNITS } from '../alarms/engine/engine.ts';
import { type AlarmMetricsRepo, casePeriods } from '../alarms/metrics/metrics-repo.ts';
import { MAX_POINTS, METRICS_MAX_RANGE_DAYS, RAW_MAX_RANGE_MS } from '../alarms/metrics/metrics-service.ts';

const HOUR = 3_600_000;
const RACK_METRICS = ['superheat', 'liquid_level', 'oil_pressure'] as const;

/**
 * A controller's rack metrics and case temperatures over a range, read the way the alarm view's chart
 * reads them: per rack its metrics, then its cases.
 */
export function controllerMetrics(repo: AlarmMetricsRepo) {
  return async (controllerId: number, range: { from: string; to: string }): Promise<AlarmMetrics> => {
    const from = new Date(range.from);
    const to = new Date(range.to);
    const span = to.getTime() - from.getTime();
    if (span > METRICS_MAX_RANGE_DAYS * 24 * HOUR) {
      throw new AppError(422, 'validation_failed', { fields: [{ field: 'to', key: 'range_too_long' }] });
    }
    const [racks, cases] = await Promise.all([repo.rackRefs(controllerId), repo.casePoints(controllerId)]);
    const points = new Map(cases.map((c) => [c.addr, c]));
    const keys = racks.flatMap((rack) => [
      ...RACK_METRICS.map((m) => `${rack}:${m}`),
      ...cases.filter((c) => c.addr.startsWith(`${rack}.`)).map((c) => c.addr),
    ]);
    const raw = span <= RAW_MAX_RANGE_MS;
    const origin = raw ? from : new Date(Math.floor(from.getTime() / HOUR) * HOUR);
    const bucketMs = raw ? span / MAX_POINTS : Math.max(HOUR, (to.getTime() - origin.getTime()) / MAX_POINTS);
    const [rows, defrosts] = await Promise.all([
      raw
        ? repo.raw(controllerId, keys, { from, to, bucketMs })
        : repo.hourly(controllerId, keys, { from: origin, to, bucketMs }),
      repo.defrosts(
        controllerId,
        cases.map((c) => c.addr),
        { from, to },
      ),
    ]);
    return {
      resolution: raw ? 'raw' : 'hour',
      series: keys.map((key) => {
        const point = points.get(key);
        return {
          key,
          name: point?.name ?? null,
          unit: point ? point.unit : (METRIC_UNITS[key.split(':')[1] ?? ''] ?? null),
          points: rows.get(key) ?? [],
          ...(point ? casePeriods(key, rows, defrosts) : {}),
        };
      }),
    };
  };
}
