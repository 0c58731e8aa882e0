import type { AlarmManagementFigures, AlarmManagementQuery, AlarmManagementReport } from '@rcm/shared/alarm-management';
import type { Locale } from '@rcm/shared/locale';
import { toDate } from '../../lib/sql.ts';
import { subjectLabel } from '../alarms/engine/reasons.ts';
import { FLOOD } from '../alarms/nuisance/nuisance.ts';
import { requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { AlarmManagementRepo, ConditionRow } from './alarm-management-repo.ts';
import { managementTable } from './alarm-management-table.ts';
import type { Table } from './export.ts';
import { utcBounds } from './filters.ts';

const HOUR = 3_600_000;
const TEN_MINUTES = FLOOD.minutes * 60_000;
/** Overall figures are keyed by this in place of a location id. */
const ALL = -1;

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

type Acc = {
  alarms: number;
  acked: number;
  /**
   * Per 10-minute period: its alarms, the most raised at one location within 10 minutes ending in it,
   * and the same counting only alarms of its hour.
   */
  buckets: Map<number, { n: number; peak: number; hourPeak: number }>;
  conditions: ConditionRow[];
  shelvedHours: number;
  suppressed: number;
  suppressedHours: number;
  standing: number;
};

const emptyAcc = (): Acc => ({
  alarms: 0,
  acked: 0,
  buckets: new Map(),
  conditions: [],
  shelvedHours: 0,
  suppressed: 0,
  suppressedHours: 0,
  standing: 0,
});

/**
 * The alarm-management report (ISA-18.2 / EEMUA 191) over a day range, per location and overall:
 * alarm rates, the busiest 10 minutes, time in flood, the most frequent alarms, chattering and
 * standing alarms, time shelved and suppressed, and acknowledgement within 10 minutes.
 */
export function createAlarmManagementReport(deps: { repo: AlarmManagementRepo; now: () => Date }) {
  const { repo, now } = deps;

  async function compute(ctx: AuthContext, q: AlarmManagementQuery): Promise<AlarmManagementReport> {
    const scope = requireScope(ctx, 'reports');
    const { start, end } = utcBounds(q);
    const eff = new Date(Math.min(end.getTime(), Math.max(now().getTime(), start.getTime())));
    const [totals, buckets, conditions, shelved, suppressed, standing, names] = await repo.rows(scope, q, {
      start,
      end,
      eff,
    });

    const accs = new Map<number, Acc>([[ALL, emptyAcc()]]);
    const acc = (loc: number | null) => {
      const key = loc ?? 0;
      let a = accs.get(key);
      if (!a) {
        a = emptyAcc();
        accs.set(key, a);
      }
      return a;
    };
    const both = (loc: number | null, f: (a: Acc) => void) => {
      f(acc(loc));
      f(accs.get(ALL) as Acc);
    };
    for (const r of totals)
      both(r.location_id, (a) => {
        a.alarms += Number(r.alarms);
        a.acked += Number(r.acked);
      });
    for (const r of buckets) {
      const b = toDate(r.b).getTime();
      const peak = Number(r.loc_peak);
      const hourPeak = Number(r.hour_peak);
      acc(r.location_id).buckets.set(b, { n: Number(r.n), peak, hourPeak });
      // Overall: floods are a location's (one operator position), so the busiest location's figures.
      const all = (accs.get(ALL) as Acc).buckets;
      const cur = all.get(b) ?? { n: 0, peak: 0, hourPeak: 0 };
      all.set(b, {
        n: cur.n + Number(r.n),
        peak: Math.max(cur.peak, peak),
        hourPeak: Math.max(cur.hourPeak, hourPeak),
      });
    }
    for (const r of conditions) both(r.location_id, (a) => a.conditions.push(r));
    for (const r of shelved) both(r.location_id, (a) => (a.shelvedHours += Number(r.hours)));
    for (const r of suppressed)
      both(r.location_id, (a) => {
        a.suppressed += Number(r.n);
        a.suppressedHours += Number(r.hours);
      });
    for (const r of standing) both(r.location_id, (a) => (a.standing += 1));

    const hours = Math.max((eff.getTime() - start.getTime()) / HOUR, 1 / 6);
    const periods = Math.max(1, Math.ceil((eff.getTime() - start.getTime()) / TEN_MINUTES));
    const figuresOf = (a: Acc): AlarmManagementFigures => {
      const peaks = [...a.buckets.values()].map((b) => b.peak);
      const floods = peaks.filter((n) => n > FLOOD.count).length;
      const top = [...a.conditions].sort((x1, x2) => x2.n - x1.n).slice(0, 10);
      const topN = top.reduce((sum, c) => sum + Number(c.n), 0);
      // The top-10 share needs more than 10 distinct alarms: with fewer it is 100 % by construction.
      const topApplies = a.conditions.length > 10;
      return {
        alarms: a.alarms,
        per_day: round1((a.alarms / hours) * 24),
        per_hour: round2(a.alarms / hours),
        peak_10min: peaks.length ? Math.max(...peaks) : 0,
        flood_percent: round2((floods / periods) * 100),
        flood_periods: floods,
        top10_percent: topApplies ? round1((topN / a.alarms) * 100) : null,
        chattering: a.conditions.filter((c) => c.chattering).length,
        standing: a.standing,
        shelved_hours: round1(a.shelvedHours),
        suppressed_alarms: a.suppressed,
        suppressed_hours: round1(a.suppressedHours),
        acknowledged_10min_percent: a.alarms ? round1((a.acked / a.alarms) * 100) : null,
      };
    };

    const name = (kind: string, id: number | null) => names.find((n) => n.kind === kind && n.id === id);
    const overall = accs.get(ALL) as Acc;
    const describe = (c: ConditionRow) => {
      const type = name('type', Number(c.alarm_type_id));
      const point = subjectLabel(c.subject, c.point_name ?? null);
      return {
        alarm_type: { code: type?.code ?? '', name: type?.name ?? '', name_es: type?.name_es ?? type?.name ?? '' },
        controller: { id: Number(c.controller_id), name: name('controller', Number(c.controller_id))?.name ?? '' },
        location: c.location_id == null ? null : (name('location', Number(c.location_id))?.name ?? null),
        subject: c.subject,
        point: point.en,
        point_es: point.es,
        count: Number(c.n),
        share_percent: overall.alarms ? round1((Number(c.n) / overall.alarms) * 100) : 0,
      };
    };

    // The chart: per hour, the alarms and the busiest 10 minutes within it at one location (the flood
    // threshold applies to those), so the busiest 10 minutes never hold more than the hour.
    const byHour = new Map<number, { alarms: number; peak: number }>();
    for (const [b, v] of overall.buckets) {
      const h = Math.floor(b / HOUR) * HOUR;
      const cur = byHour.get(h) ?? { alarms: 0, peak: 0 };
      byHour.set(h, { alarms: cur.alarms + v.n, peak: Math.max(cur.peak, v.hourPeak) });
    }
    const hourly: AlarmManagementReport['hourly'] = [];
    for (let h = Math.floor(start.getTime() / HOUR) * HOUR; h < eff.getTime(); h += HOUR) {
      const v = byHour.get(h);
      hourly.push({ hour: new Date(h).toISOString(), alarms: v?.alarms ?? 0, peak_10min: v?.peak ?? 0 });
    }

    return {
      overall: figuresOf(overall),
      locations: [...accs.entries()]
        .filter(([id]) => id !== ALL && id !== 0)
        .map(([id, a]) => ({ location: { id, name: name('location', id)?.name ?? '' }, ...figuresOf(a) }))
        .sort((a, b) => b.alarms - a.alarms || a.location.name.localeCompare(b.location.name)),
      hourly,
      bad_actors: [...overall.conditions]
        .sort((a, b) => b.n - a.n)
        .slice(0, 10)
        .map(describe),
      chattering: overall.conditions
        .filter((c) => c.chattering)
        .sort((a, b) => b.n - a.n)
        .map(describe),
      standing: standing.slice(0, 50).map((r) => {
        const type = name('type', Number(r.alarm_type_id));
        return {
          ref: Number(r.ref),
          alarm_type: { code: type?.code ?? '', name: type?.name ?? '', name_es: type?.name_es ?? type?.name ?? '' },
          controller: r.controller,
          location: r.location,
          raised_at: toDate(r.raised_at).toISOString(),
          hours: round1(Number(r.hours)),
          open: Boolean(r.open),
        };
      }),
    };
  }

  return {
    json: compute,

    /** The report for CSV and PDF (management-report-table.ts). */
    async table(ctx: AuthContext, q: AlarmManagementQuery, locale: Locale): Promise<Table> {
      return managementTable(await compute(ctx, q), q, locale);
    },
  };
}
