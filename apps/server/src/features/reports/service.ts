import type { Locale } from '@rcm/shared/locale';
import { pageMeta, pageOf } from '@rcm/shared/pagination';
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
import { alarmResponseTable } from './alarm-response-table.ts';
import type { Table } from './export.ts';
import { exportFrame } from './export-frame.ts';
import type { HaccpLog } from './haccp-log.ts';
import { haccpCsvTable, haccpPdfTable } from './haccp-table.ts';
import { rackManuallyOnTable } from './rack-manually-on-table.ts';
import type { ReportsRepo } from './repo.ts';
import { uriPurchaseOrdersTable } from './uri-purchase-orders-table.ts';

/** The reports: each as a page of rows with a summary, or as a whole table for export. */
export function createReportsService(deps: { repo: ReportsRepo; log: HaccpLog; now: () => Date }) {
  const { repo, log, now } = deps;
  const scopeOf = (ctx: AuthContext): TenantScope => requireScope(ctx, 'reports');
  /** The range, the shared time zone and each location's zone of an export (`export-frame.ts`). */
  const frame = async (
    ctx: AuthContext,
    q: { from: string; to: string; organization_id?: number | undefined; location_id?: number | undefined },
    locale: Locale,
  ) => exportFrame(await repo.zones(scopeOf(ctx), q), q, locale);

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
      const [report, rows, f] = await Promise.all([
        this.uriPurchaseOrders(ctx, { ...q, page: 1 }),
        repo.uriPurchaseOrders(scopeOf(ctx), q),
        frame(ctx, q, locale),
      ]);
      return uriPurchaseOrdersTable(report.summary, rows, f, locale);
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
      const [report, all, f] = await Promise.all([
        this.rackManuallyOn(ctx, { ...q, page: 1 }),
        repo.manualOnEpisodes(scopeOf(ctx), q, now()),
        frame(ctx, q, locale),
      ]);
      return rackManuallyOnTable(report.summary, all, f, locale);
    },

    async haccp(ctx: AuthContext, q: HaccpQuery): Promise<HaccpReport> {
      const page = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
      const { rows, total, summary } = await repo.haccpPage(scopeOf(ctx), q, page);
      return { data: rows, meta: pageMeta(q.page, q.per_page, total), summary };
    },

    /**
     * The HACCP export: the CSV has every hourly high, the PDF the cases, the excursions with their
     * corrective actions, the sign-offs and the hourly log (`haccp-table.ts`).
     */
    async haccpTable(ctx: AuthContext, q: HaccpQuery, locale: Locale, format: 'csv' | 'pdf' = 'csv'): Promise<Table> {
      const scope = scopeOf(ctx);
      if (format === 'csv') {
        const [rows, signOffs] = await Promise.all([
          repo.haccpAll(scope, q),
          log.allEntries(ctx, { ...q, kind: 'sign_off' }),
        ]);
        return haccpCsvTable(rows, signOffs, locale);
      }
      const [cases, days, excursions, signOffs, f] = await Promise.all([
        repo.haccpCases(scope, q),
        // The hourly log of one location; over several, its pages would bury the rest (the CSV has it).
        q.location_id !== undefined ? repo.haccpAll(scope, q) : Promise.resolve(null),
        log.allExcursions(ctx, q),
        log.allEntries(ctx, { ...q, kind: 'sign_off' }),
        frame(ctx, q, locale),
      ]);
      return haccpPdfTable({ cases, days, excursions, signOffs }, f, locale);
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
      const [report, rows, f] = await Promise.all([
        this.alarmResponse(ctx, { ...q, page: 1 }),
        repo.alarmResponse(scopeOf(ctx), q, 'group'),
        frame(ctx, q, locale),
      ]);
      return alarmResponseTable(report.summary, rows, f, locale);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
