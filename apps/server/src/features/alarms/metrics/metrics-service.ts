import type { AlarmMetrics } from '@rcm/shared/alarms';
import { AppError } from '../../../lib/errors.ts';
import { requireScope } from '../../auth/scope.ts';
import type { AuthContext } from '../../auth/service.ts';
import { METRIC_UNITS } from '../engine/engine.ts';
import { type AlarmMetricsRepo, casePeriods } from './metrics-repo.ts';

const HOUR = 3_600_000;
export const METRICS_MAX_RANGE_DAYS = 400;
/** Up to this range the chart reads raw readings; beyond it, the hourly rollups. */
export const RAW_MAX_RANGE_MS = 48 * HOUR;
export const MAX_POINTS = 1000;

const RACK_METRICS = ['superheat', 'liquid_level', 'oil_pressure'] as const;

/** The alarm view's chart: the rack's metrics and the alarm's own point, at most ~MAX_POINTS a series. */
export function createAlarmMetricsService(deps: { repo: AlarmMetricsRepo }) {
  const { repo } = deps;
  return {
    async metrics(ctx: AuthContext, ref: number, range: { from: string; to: string }): Promise<AlarmMetrics> {
      const scope = requireScope(ctx, 'alarms', 'alarm.view');
      const from = new Date(range.from);
      const to = new Date(range.to);
      const span = to.getTime() - from.getTime();
      if (span > METRICS_MAX_RANGE_DAYS * 24 * HOUR) {
        throw new AppError(422, 'validation_failed', { fields: [{ field: 'to', key: 'range_too_long' }] });
      }
      const target = await repo.target(scope, ref);
      if (!target) throw new AppError(404, 'not_found');

      const racks = target.rackRef ? [target.rackRef] : await repo.rackRefs(target.controllerId);
      const units = new Map<string, string | null>();
      const names = new Map<string, string | null>();
      for (const rack of racks) for (const m of RACK_METRICS) units.set(`${rack}:${m}`, METRIC_UNITS[m] ?? null);
      if (target.source === 'point' || target.source === 'status') {
        const point = (await repo.points(target.controllerId, [target.subject])).get(target.subject);
        units.set(target.subject, point?.unit ?? null);
        names.set(target.subject, point?.name ?? null);
      }
      const keys = [...units.keys()];

      const pointKey = target.source === 'point' || target.source === 'status' ? target.subject : null;
      const defrosts = pointKey ? await repo.defrosts(target.controllerId, [pointKey], { from, to }) : [];
      let resolution: AlarmMetrics['resolution'];
      let rows: Awaited<ReturnType<AlarmMetricsRepo['raw']>>;
      if (span <= RAW_MAX_RANGE_MS) {
        resolution = 'raw';
        rows = await repo.raw(target.controllerId, keys, { from, to, bucketMs: span / MAX_POINTS });
      } else {
        // Hourly buckets from the hour holding `from`; merged further so a series stays within MAX_POINTS.
        resolution = 'hour';
        const origin = new Date(Math.floor(from.getTime() / HOUR) * HOUR);
        const bucketMs = Math.max(HOUR, (to.getTime() - origin.getTime()) / MAX_POINTS);
        rows = await repo.hourly(target.controllerId, keys, { from: origin, to, bucketMs });
      }
      return {
        resolution,
        series: keys.map((key) => ({
          key,
          name: names.get(key) ?? null,
          unit: units.get(key) ?? null,
          points: rows.get(key) ?? [],
          ...(key === pointKey ? casePeriods(key, rows, defrosts) : {}),
        })),
      };
    },
  };
}

export type AlarmMetricsService = ReturnType<typeof createAlarmMetricsService>;
