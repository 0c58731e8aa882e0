import type { Locale } from '@rcm/shared/locale';
import type {
  AlarmResponseQuery,
  AlarmResponseReport,
  HaccpQuery,
  HaccpReport,
  PoStatus,
  RackManuallyOnQuery,
  RackManuallyOnReport,
  ReportMeta,
  UriPurchaseOrdersQuery,
  UriPurchaseOrdersReport,
} from '@rcm/shared/reports';
import { forbidden } from '../../lib/errors.ts';
import type { TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { Table } from './export.ts';
import { EXPORT_LABELS } from './labels.ts';
import type { ReportsRepo } from './repo.ts';
import { reportScope } from './scope.ts';

function pageOf<T>(rows: T[], q: { page: number; per_page: number }): { data: T[]; meta: ReportMeta } {
  const total = rows.length;
  return {
    data: rows.slice((q.page - 1) * q.per_page, q.page * q.per_page),
    meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
  };
}

const usd = (cents: number) => (cents / 100).toFixed(2);

/** The reports: each as a page of rows with a summary, or as a whole table for export. */
export function createReportsService(deps: { repo: ReportsRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = () => deps.now?.() ?? new Date();
  const scopeOf = (ctx: AuthContext): TenantScope => {
    const scope = reportScope(ctx);
    if (!scope) throw forbidden();
    return scope;
  };
  const heading = (locale: Locale, q: { from: string; to: string }) => {
    const l = EXPORT_LABELS[locale];
    return [l.range(q.from, q.to), l.generated(now().toISOString())];
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
      const rows = await repo.uriPurchaseOrders(scopeOf(ctx), q);
      const total = rows.reduce((s, r) => s + r.total_cents, 0);
      return {
        title: l.uri.title,
        subtitle: [...heading(locale, q), l.uri.totals(rows.length, `$${usd(total)}`)],
        columns: l.uri.cols.map((header, i) => ({
          header,
          width: [3, 4, 2, 4, 4, 1.5, 1.5, 2.5, 4][i] ?? 2,
          align: i >= 5 && i <= 7 ? 'right' : 'left',
        })),
        rows: rows.map((r) => [
          r.number,
          r.placed_at,
          l.status[r.status] ?? r.status,
          r.organization_name,
          r.location_name,
          r.lines,
          r.units,
          usd(r.total_cents),
          r.received_at,
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
      const scope = scopeOf(ctx);
      const at = now();
      const episodes = await repo.manualOnEpisodes(scope, q, at);
      const current = await repo.manualOnNow(scope, q, at);
      return {
        title: l.manual.title,
        subtitle: [...heading(locale, q), l.manual.now(current.length)],
        columns: l.manual.cols.map((header, i) => ({
          header,
          width: [4, 4, 3, 2, 2.5, 4, 4, 4, 2, 2][i] ?? 2,
          align: i >= 8 ? 'right' : 'left',
        })),
        rows: episodes.map((e) => [
          e.organization_name,
          e.location_name,
          e.controller_name,
          e.rack_name ?? e.rack_ref,
          e.point,
          e.since,
          e.until ?? l.ongoing,
          e.last_reading_at,
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
        meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
        summary,
      };
    },

    async haccpTable(ctx: AuthContext, q: HaccpQuery, locale: Locale): Promise<Table> {
      const l = EXPORT_LABELS[locale];
      const { rows } = await repo.haccp(scopeOf(ctx), q, null);
      const hourCols = Array.from({ length: 24 }, (_, h) => ({
        header: `${String(h).padStart(2, '0')}:00`,
        width: 1.2,
        align: 'right' as const,
      }));
      const [org, loc, dayCol, ctl, kase, unit, limit, min, max, exc] = l.haccp.cols.map((header) => header);
      return {
        title: l.haccp.title,
        subtitle: [...heading(locale, q), l.haccp.note],
        columns: [
          { header: org ?? '', width: 3 },
          { header: loc ?? '', width: 3.5 },
          { header: dayCol ?? '', width: 2.2 },
          { header: ctl ?? '', width: 2.5 },
          { header: kase ?? '', width: 1.6 },
          { header: unit ?? '', width: 0.9 },
          { header: limit ?? '', width: 1, align: 'right' },
          ...hourCols,
          { header: min ?? '', width: 1.2, align: 'right' },
          { header: max ?? '', width: 1.2, align: 'right' },
          { header: exc ?? '', width: 1.4, align: 'right' },
        ],
        rows: rows.map((r) => [
          r.organization_name,
          r.location_name,
          r.day,
          r.controller_name,
          r.point,
          r.unit,
          r.limit,
          ...r.hours.map((v) => (v === null ? null : v > r.limit ? `${v}*` : v)),
          r.min,
          r.max,
          r.excursions,
        ]),
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
      const rows = await repo.alarmResponse(scopeOf(ctx), q, 'group');
      return {
        title: l.response.title,
        subtitle: heading(locale, q),
        columns: l.response.cols.map((header, i) => ({
          header,
          width: i < 3 ? 4 : 2,
          align: i >= 4 ? 'right' : 'left',
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
