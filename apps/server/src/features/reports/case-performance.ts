import type { CaseFigures, CasePerformanceQuery, CasePerformanceReport } from '@rcm/shared/case-performance';
import type { Locale } from '@rcm/shared/locale';
import { notFound } from '../../lib/errors.ts';
import { requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { CasePerformanceRepo, CaseRow } from './case-performance-repo.ts';
import { caseTable } from './case-performance-table.ts';
import type { Table } from './export.ts';

const DAY_S = 86_400;
const round1 = (n: number) => Math.round(n * 10) / 10;

type Acc = Omit<
  CaseRow,
  'controller_id' | 'controller' | 'location_id' | 'location' | 'addr' | 'rack_ref' | 'name' | 'first_at' | 'last_at'
> & {
  cases: number;
  defrostSum: number;
};

const emptyAcc = (): Acc => ({
  cases: 0,
  observed_s: 0,
  held_s: 0,
  in_range_s: 0,
  defrosts: 0,
  defrost_avg_s: null,
  defrost_max_s: null,
  defrostSum: 0,
  doors: 0,
  held_defrost: 0,
  held_product: 0,
  alarms: 0,
  hours_logged: 0,
  hours_above: 0,
  above_held: 0,
  excursions: 0,
});

function add(a: Acc, r: CaseRow): void {
  a.cases += 1;
  a.observed_s += Number(r.observed_s);
  a.held_s += Number(r.held_s);
  a.in_range_s += Number(r.in_range_s);
  a.defrosts += Number(r.defrosts);
  a.defrostSum += Number(r.defrost_avg_s ?? 0) * Number(r.defrosts);
  if (r.defrost_max_s !== null) a.defrost_max_s = Math.max(a.defrost_max_s ?? 0, Number(r.defrost_max_s));
  a.doors += Number(r.doors);
  a.held_defrost += Number(r.held_defrost);
  a.held_product += Number(r.held_product);
  a.alarms += Number(r.alarms);
  a.hours_logged += Number(r.hours_logged);
  a.hours_above += Number(r.hours_above);
  a.above_held += Number(r.above_held);
  a.excursions += Number(r.excursions);
}

/** A share in range to a tenth, never rounded up to 100 % while some time was out of range. */
function percentInRange(inRange: number, judged: number): number {
  const pct = (inRange / judged) * 100;
  return pct >= 100 ? 100 : Math.min(round1(pct), 99.9);
}

/**
 * Figures of one case or a sum of cases. Rates are per observed day (the hours the engine followed
 * the cases), so a range only partly observed is not diluted by the hours nobody saw.
 */
function figuresOf(a: Acc): CaseFigures {
  const judged = a.observed_s - a.held_s;
  const days = a.observed_s / DAY_S;
  return {
    cases: a.cases,
    observed_hours: round1(a.observed_s / 3600),
    time_in_range_percent: judged > 0 ? percentInRange(a.in_range_s, judged) : null,
    out_of_range_hours: round1(Math.max(judged - a.in_range_s, 0) / 3600),
    hours_logged: a.hours_logged,
    hours_above_limit: a.hours_above,
    hours_above_in_defrost: a.above_held,
    excursions: a.excursions,
    defrosts: a.defrosts,
    defrosts_per_day: days > 0 ? round1(a.defrosts / days) : null,
    avg_defrost_minutes: a.defrosts > 0 ? round1(a.defrostSum / a.defrosts / 60) : null,
    longest_defrost_minutes: a.defrost_max_s === null ? null : round1(a.defrost_max_s / 60),
    door_openings: a.doors,
    alarms_raised: a.alarms,
    held_by_defrost: a.held_defrost,
    held_by_product: a.held_product,
  };
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/**
 * The case performance report over a day range (the local days of each case's location, as the
 * HACCP log counts them): per case, per location and overall, from what the engine recorded by the
 * hour (case_hours, case_events), the temperature alarms raised on the cases' points, and the HACCP
 * log's own hours above the limit and excursions of the same cases (readings_hourly).
 */
export function createCasePerformanceReport(deps: { repo: CasePerformanceRepo; now: () => Date }) {
  const { repo, now } = deps;

  async function compute(ctx: AuthContext, q: CasePerformanceQuery): Promise<CasePerformanceReport> {
    const scope = requireScope(ctx, 'reports');
    // A location outside the caller's scope is not found (not an empty report).
    if (q.location_id !== undefined && !(await repo.locationInScope(scope, q.location_id))) throw notFound();
    const rows = await repo.rows(scope, q, now());
    const overall = emptyAcc();
    const byLocation = new Map<number, { name: string; acc: Acc }>();
    let first: string | null = null;
    let last: string | null = null;
    const cases = rows.map((r) => {
      add(overall, r);
      const from = iso(r.first_at);
      const to = iso(r.last_at);
      if (from && (first === null || from < first)) first = from;
      if (to && (last === null || to > last)) last = to;
      if (r.location_id !== null) {
        const loc = byLocation.get(r.location_id) ?? { name: r.location ?? '', acc: emptyAcc() };
        add(loc.acc, r);
        byLocation.set(r.location_id, loc);
      }
      const one = emptyAcc();
      add(one, r);
      return {
        controller: { id: Number(r.controller_id), name: r.controller },
        location: r.location_id === null ? null : { id: Number(r.location_id), name: r.location ?? '' },
        rack_ref: r.rack_ref,
        addr: r.addr,
        name: r.name,
        ...figuresOf(one),
      };
    });
    return {
      observed: { from: first, to: last },
      overall: figuresOf(overall),
      locations: [...byLocation.entries()]
        .map(([id, l]) => ({ location: { id, name: l.name }, ...figuresOf(l.acc) }))
        .sort((a, b) => a.location.name.localeCompare(b.location.name)),
      cases,
    };
  }

  return {
    json: compute,
    /** The report for CSV (a row per case) and PDF (overall and per location first). */
    async table(ctx: AuthContext, q: CasePerformanceQuery, locale: Locale): Promise<Table> {
      return caseTable(await compute(ctx, q), q, locale);
    },
  };
}
