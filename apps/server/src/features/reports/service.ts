import { formatDuration } from '@rcm/shared/duration';
import type { Locale } from '@rcm/shared/locale';
import type { ListMeta } from '@rcm/shared/pagination';
import { pageMeta } from '@rcm/shared/pagination';
import type {
  AlarmResponseQuery,
  AlarmResponseReport,
  HaccpQuery,
  HaccpReport,
  PoStatus,
  RackManuallyOnQuery,
  RackManuallyOnReport,
  UriPurchaseOrdersQuery,
  UriPurchaseOrdersReport,
} from '@rcm/shared/reports';
import { requireScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { Cell, Table } from './export.ts';
import { EXPORT_LABELS } from './labels.ts';
import type { CaseRef, ReportsRepo } from './repo.ts';

function pageOf<T>(rows: T[], q: { page: number; per_page: number }): { data: T[]; meta: ListMeta } {
  const total = rows.length;
  return {
    data: rows.slice((q.page - 1) * q.per_page, q.page * q.per_page),
    meta: pageMeta(q.page, q.per_page, total),
  };
}

/** `2026-11-25` as the reader reads a day ("Nov 25, 2026", "25 nov 2026"). */
export function formatDay(day: string, locale: Locale): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/** `2026-11` as "November 2026" / "noviembre de 2026". */
function formatMonth(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

const money = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A case as a person finds it: its rack and its name ("Rack B · Case 1 Temperature"). */
export function caseLabel(c: Pick<CaseRef, 'rack_ref' | 'rack_name' | 'point' | 'point_name'>): string {
  return `${c.rack_name ?? `Rack ${c.rack_ref}`} · ${c.point_name ?? c.point}`;
}

/** Consecutive hours above the limit of each case as one excursion: from, to, hours, highest. */
export function excursionEpisodes<T extends CaseRef & { bucket: string; max: number }>(hours: T[]) {
  const HOUR = 3_600_000;
  const out: { ref: T; from: string; to: string; hours: number; max: number }[] = [];
  let last: (typeof out)[number] | null = null;
  let lastKey = '';
  for (const h of hours) {
    const key = `${h.location_id}|${h.controller_name}|${h.point}`;
    const at = Date.parse(h.bucket);
    if (last && key === lastKey && Date.parse(last.to) === at) {
      last.to = new Date(at + HOUR).toISOString();
      last.hours += 1;
      last.max = Math.max(last.max, h.max);
    } else {
      last = { ref: h, from: h.bucket, to: new Date(at + HOUR).toISOString(), hours: 1, max: h.max };
      out.push(last);
      lastKey = key;
    }
  }
  return out;
}

/** The reports: each as a page of rows with a summary, or as a whole table for export. */
export function createReportsService(deps: { repo: ReportsRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = () => deps.now?.() ?? new Date();
  const scopeOf = (ctx: AuthContext): TenantScope => requireScope(ctx, 'reports');
  /**
   * What every export says under its title (the range, in the reader's language), the zone of its
   * places when they share one, and each location's zone for its rows' times.
   */
  const frame = async (
    ctx: AuthContext,
    q: { from: string; to: string; organization_id?: number | undefined; location_id?: number | undefined },
    locale: Locale,
  ) => {
    const zones = await repo.zones(scopeOf(ctx), q);
    const distinct = [...new Set(zones.values())];
    return {
      subtitle: [EXPORT_LABELS[locale].range(formatDay(q.from, locale), formatDay(q.to, locale))],
      timeZone: distinct.length === 1 ? distinct[0] : undefined,
      at: (iso: string | null, locationId: number | null): Cell =>
        iso ? { at: iso, timeZone: (locationId !== null ? zones.get(locationId) : undefined) ?? null } : null,
    };
  };

  return {
    async locations(ctx: AuthContext) {
      return repo.locations(scopeOf(ctx));
    },

    async uriPurchaseOrders(ctx: AuthContext, q: UriPurchaseOrdersQuery): Promise<UriPurchaseOrdersReport> {
      const rows = await repo.uriPurchaseOrders(scopeOf(ctx), q);
      const byStatus = new Map<PoStatus, { orders: number; total_cents: number }>();
      const byMonth = new Map<string, { orders: number; total_cents: number }>();
      for (const r of rows) {
        const s = byStatus.get(r.status) ?? { orders: 0, total_cents: 0 };
        s.orders += 1;
        s.total_cents += r.total_cents;
        byStatus.set(r.status, s);
        const month = r.placed_at.slice(0, 7);
        const m = byMonth.get(month) ?? { orders: 0, total_cents: 0 };
        m.orders += 1;
        m.total_cents += r.total_cents;
        byMonth.set(month, m);
      }
      return {
        ...pageOf(rows, q),
        summary: {
          orders: rows.length,
          total_cents: rows.reduce((s, r) => s + r.total_cents, 0),
          by_status: (['draft', 'sent', 'received'] as const)
            .filter((s) => byStatus.has(s))
            .map((status) => ({ status, ...(byStatus.get(status) ?? { orders: 0, total_cents: 0 }) })),
          by_month: [...byMonth.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([month, v]) => ({ month, ...v })),
        },
      };
    },

    async uriPurchaseOrdersTable(ctx: AuthContext, q: UriPurchaseOrdersQuery, locale: Locale): Promise<Table> {
      const l = EXPORT_LABELS[locale];
      const [report, rows, f] = await Promise.all([
        this.uriPurchaseOrders(ctx, { ...q, page: 1 }),
        repo.uriPurchaseOrders(scopeOf(ctx), q),
        frame(ctx, q, locale),
      ]);
      const { summary } = report;
      const right = (i: number) => (i >= 5 && i <= 7 ? 'right' : 'left') as 'right' | 'left';
      return {
        title: l.uri.title,
        subtitle: f.subtitle,
        timeZone: f.timeZone,
        facts: [
          { label: l.uri.orders, value: String(summary.orders) },
          { label: l.uri.total, value: money(summary.total_cents, locale) },
        ],
        summary: [
          {
            heading: l.uri.byStatus,
            columns: l.uri.statusCols.map((header, i) => ({
              header,
              align: i > 0 ? 'right' : 'left',
              format: i === 2 ? 'money' : undefined,
            })),
            rows: summary.by_status.map((b) => [l.status[b.status] ?? b.status, b.orders, b.total_cents]),
          },
          {
            heading: l.uri.byMonth,
            columns: l.uri.monthCols.map((header, i) => ({
              header,
              align: i > 0 ? 'right' : 'left',
              format: i === 2 ? 'money' : undefined,
            })),
            rows: summary.by_month.map((m) => [formatMonth(m.month, locale), m.orders, m.total_cents]),
          },
        ],
        detail: { heading: l.uri.detail },
        columns: l.uri.cols.map((header, i) => ({ header, align: right(i), format: i === 7 ? 'money' : undefined })),
        rows: rows.map((r) => [
          r.number,
          f.at(r.placed_at, r.location_id),
          l.status[r.status] ?? r.status,
          r.organization_name,
          r.location_name,
          r.lines,
          r.units,
          r.total_cents,
          f.at(r.received_at, r.location_id),
        ]),
      };
    },

    async rackManuallyOn(ctx: AuthContext, q: RackManuallyOnQuery): Promise<RackManuallyOnReport> {
      const scope = scopeOf(ctx);
      const at = now();
      const [episodes, current] = [await repo.manualOnEpisodes(scope, q, at), await repo.manualOnNow(scope, q, at)];
      const byLocation = new Map<string, RackManuallyOnReport['summary']['by_location'][number]>();
      for (const e of episodes) {
        const key = `${e.organization_id}|${e.location_id}`;
        const row = byLocation.get(key) ?? {
          organization_name: e.organization_name,
          location_id: e.location_id,
          location_name: e.location_name,
          episodes: 0,
          seconds_in_range: 0,
        };
        row.episodes += 1;
        row.seconds_in_range += e.seconds_in_range;
        byLocation.set(key, row);
      }
      return {
        ...pageOf(episodes, q),
        summary: {
          now: current,
          episodes: episodes.length,
          seconds_in_range: episodes.reduce((s, e) => s + e.seconds_in_range, 0),
          by_location: [...byLocation.values()].sort((a, b) => b.seconds_in_range - a.seconds_in_range),
        },
      };
    },

    async rackManuallyOnTable(ctx: AuthContext, q: RackManuallyOnQuery, locale: Locale): Promise<Table> {
      const l = EXPORT_LABELS[locale];
      const [report, all, f] = await Promise.all([
        this.rackManuallyOn(ctx, { ...q, page: 1 }),
        repo.manualOnEpisodes(scopeOf(ctx), q, now()),
        frame(ctx, q, locale),
      ]);
      const { summary } = report;
      return {
        title: l.manual.title,
        subtitle: f.subtitle,
        timeZone: f.timeZone,
        facts: [
          { label: l.manual.nowCount, value: String(summary.now.length) },
          { label: l.manual.episodes, value: String(summary.episodes) },
          { label: l.manual.timeInRange, value: formatDuration(summary.seconds_in_range, locale) },
        ],
        summary: [
          {
            heading: l.manual.now,
            columns: l.manual.nowCols.map((header, i) => ({
              header,
              align: i === 6 ? 'right' : 'left',
              format: i === 6 ? 'duration' : undefined,
            })),
            rows: summary.now.map((n) => [
              n.organization_name,
              n.location_name,
              n.controller_name,
              n.rack_name ?? n.rack_ref,
              n.point_name ?? n.point,
              f.at(n.since, n.location_id),
              n.seconds,
            ]),
          },
          {
            heading: l.manual.byLocation,
            columns: l.manual.byLocationCols.map((header, i) => ({
              header,
              align: i >= 2 ? 'right' : 'left',
              format: i === 3 ? 'duration' : undefined,
            })),
            rows: summary.by_location.map((b) => [
              b.organization_name,
              b.location_name,
              b.episodes,
              b.seconds_in_range,
            ]),
          },
        ],
        detail: { heading: l.manual.detail },
        columns: l.manual.cols.map((header, i) => ({
          header,
          align: i >= 8 ? 'right' : 'left',
          format: i >= 8 ? 'duration' : undefined,
        })),
        rows: all.map((e) => [
          e.organization_name,
          e.location_name,
          e.controller_name,
          e.rack_name ?? e.rack_ref,
          e.point_name ?? e.point,
          f.at(e.since, e.location_id),
          e.until ? f.at(e.until, e.location_id) : l.ongoing,
          f.at(e.last_reading_at, e.location_id),
          e.seconds,
          e.seconds_in_range,
        ]),
      };
    },

    async haccp(ctx: AuthContext, q: HaccpQuery): Promise<HaccpReport> {
      const scope = scopeOf(ctx);
      // Independent reads: on PostgreSQL they run on two pool connections at once.
      const [{ rows, total }, summary] = await Promise.all([
        repo.haccp(scope, q, { limit: q.per_page, offset: (q.page - 1) * q.per_page }),
        repo.haccpSummary(scope, q),
      ]);
      return {
        data: rows,
        meta: pageMeta(q.page, q.per_page, total),
        summary,
      };
    },

    /**
     * The HACCP export. The CSV has every case's 24 hourly highs of every day; the PDF is what an
     * inspector reads: the totals, one line per case over the range (hours logged, lowest, mean,
     * highest, hours above the limit), then each excursion (consecutive hours above the limit).
     */
    async haccpTable(ctx: AuthContext, q: HaccpQuery, locale: Locale, format: 'csv' | 'pdf' = 'csv'): Promise<Table> {
      const l = EXPORT_LABELS[locale];
      const scope = scopeOf(ctx);
      const hourCols = Array.from({ length: 24 }, (_, h) => ({
        header: `${String(h).padStart(2, '0')}:00`,
        align: 'right' as const,
      }));
      const [org, loc, dayCol, ctl, rack, kase, point, unit, limit, min, max, exc] = l.haccp.cols;
      const columns: Table['columns'] = [
        { header: org ?? '' },
        { header: loc ?? '' },
        { header: dayCol ?? '' },
        { header: ctl ?? '' },
        { header: rack ?? '' },
        { header: kase ?? '' },
        { header: point ?? '' },
        { header: unit ?? '' },
        { header: limit ?? '', align: 'right' },
        ...hourCols,
        { header: min ?? '', align: 'right' },
        { header: max ?? '', align: 'right' },
        { header: exc ?? '', align: 'right' },
      ];
      const base = { title: l.haccp.title, columns };
      if (format === 'csv') {
        const { rows } = await repo.haccp(scope, q, null);
        return {
          ...base,
          subtitle: [],
          rows: rows.map((r) => [
            r.organization_name,
            r.location_name,
            r.day,
            r.controller_name,
            r.rack_name ?? r.rack_ref,
            r.point_name ?? r.point,
            r.point,
            r.unit,
            r.limit,
            ...r.hours.map((v) => (v !== null && v > r.limit ? `${v}*` : v)),
            r.min,
            r.max,
            r.excursions,
          ]),
        };
      }
      const [cases, hours, f] = await Promise.all([
        repo.haccpCases(scope, q),
        repo.haccpExcursionHours(scope, q),
        frame(ctx, q, locale),
      ]);
      const temp = (v: number | null, u: string) => (v === null ? null : `${v} ${u}`);
      return {
        ...base,
        subtitle: [...f.subtitle, l.haccp.note],
        timeZone: f.timeZone,
        rows: [],
        // The totals of the cases' lines: the same figures as the screen's tiles.
        facts: [
          { label: l.haccp.locations, value: String(new Set(cases.map((c) => c.location_id)).size) },
          { label: l.haccp.cases, value: String(cases.length) },
          { label: l.haccp.hoursLogged, value: String(cases.reduce((s, c) => s + c.hours, 0)) },
          { label: l.haccp.excursionHours, value: String(cases.reduce((s, c) => s + c.excursions, 0)) },
        ],
        summary: [
          {
            heading: l.haccp.casesHeading,
            note: l.haccp.casesNote,
            columns: l.haccp.caseCols.map((header, i) => ({ header, align: i >= 5 ? 'right' : 'left' })),
            rows: cases.map((c) => [
              c.organization_name,
              c.location_name,
              c.controller_name,
              caseLabel(c),
              c.unit,
              temp(c.limit, c.unit),
              c.hours,
              temp(c.min, c.unit),
              temp(c.mean, c.unit),
              temp(c.max, c.unit),
              c.excursions,
            ]),
          },
        ],
        detail: {
          heading: l.haccp.excursions,
          note: l.haccp.excursionsNote,
          columns: l.haccp.excursionCols.map((header, i) => ({ header, align: i >= 4 ? 'right' : 'left' })),
          rows: excursionEpisodes(hours).map((e) => [
            e.ref.location_name,
            e.ref.controller_name,
            caseLabel(e.ref),
            { at: e.from, timeZone: e.ref.timezone },
            e.hours,
            temp(e.max, e.ref.unit),
          ]),
        },
      };
    },

    async alarmResponse(ctx: AuthContext, q: AlarmResponseQuery): Promise<AlarmResponseReport> {
      const scope = scopeOf(ctx);
      const rows = await repo.alarmResponse(scope, q, 'group');
      const bySeverity = await repo.alarmResponse(scope, q, 'severity');
      return {
        ...pageOf(rows, q),
        summary: {
          alarms: rows.reduce((s, r) => s + r.alarms, 0),
          by_severity: bySeverity.map((r) => ({
            severity: r.severity,
            alarms: r.alarms,
            ack_median: r.ack_median,
            ack_p90: r.ack_p90,
            clear_median: r.clear_median,
            clear_p90: r.clear_p90,
          })),
        },
      };
    },

    async alarmResponseTable(ctx: AuthContext, q: AlarmResponseQuery, locale: Locale): Promise<Table> {
      const l = EXPORT_LABELS[locale];
      const [report, rows, f] = await Promise.all([
        this.alarmResponse(ctx, { ...q, page: 1 }),
        repo.alarmResponse(scopeOf(ctx), q, 'group'),
        frame(ctx, q, locale),
      ]);
      const duration = new Set([6, 7, 9, 10]);
      return {
        title: l.response.title,
        subtitle: f.subtitle,
        timeZone: f.timeZone,
        facts: [
          { label: l.response.alarms, value: String(report.summary.alarms) },
          { label: l.response.acknowledged, value: String(rows.reduce((s, r) => s + r.acknowledged, 0)) },
          { label: l.response.cleared, value: String(rows.reduce((s, r) => s + r.cleared, 0)) },
        ],
        summary: [
          {
            heading: l.response.bySeverity,
            columns: l.response.severityCols.map((header, i) => ({
              header,
              align: i >= 1 ? 'right' : 'left',
              format: i >= 2 ? 'duration' : undefined,
            })),
            rows: report.summary.by_severity.map((s) => [
              l.severity[s.severity] ?? s.severity,
              s.alarms,
              s.ack_median,
              s.ack_p90,
              s.clear_median,
              s.clear_p90,
            ]),
          },
        ],
        detail: { heading: l.response.detail },
        columns: l.response.cols.map((header, i) => ({
          header,
          align: i >= 4 ? 'right' : 'left',
          format: duration.has(i) ? 'duration' : undefined,
        })),
        rows: rows.map((r) => [
          r.organization_name,
          r.location_name,
          locale === 'es-MX' ? r.alarm_type_name_es : r.alarm_type_name,
          l.severity[r.severity] ?? r.severity,
          r.alarms,
          r.acknowledged,
          r.ack_median,
          r.ack_p90,
          r.cleared,
          r.clear_median,
          r.clear_p90,
        ]),
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
