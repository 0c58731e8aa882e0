import type {
  AlarmResponseQuery,
  AlarmResponseRow,
  PoStatus,
  UriPurchaseOrderRow,
  UriPurchaseOrdersQuery,
} from '@rcm/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query, toIso } from '../../lib/sql.ts';
import type { TenantScope } from '../auth/scope.ts';
import { tenantWhere, utcBounds } from './filters.ts';
import { createHaccpCasesRepo } from './haccp-cases-repo.ts';
import { createHaccpRepo } from './haccp-repo.ts';
import { createManualOnRepo } from './manual-on-repo.ts';
import { iso, num, numOrNull } from './row-values.ts';

/**
 * The queries behind the reports; every one is limited to the caller's scope in SQL. Racks manually
 * on (`manual-on-repo.ts`) and the HACCP log (`haccp-repo.ts`, `haccp-cases-repo.ts`) have their own modules.
 */
export function createReportsRepo(db: Db) {
  return {
    /** Locations a report may be filtered by: those in the caller's scope. */
    async locations(scope: TenantScope): Promise<{ id: number; name: string; organization_name: string }[]> {
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select l.id, l.name, o.name as organization_name from locations l
            join organizations o on o.id = l.organization_id
            where ${tenantWhere(scope, { org: sql`l.organization_id`, loc: sql`l.id` }, {})} and l.archived_at is null
            order by o.name, l.name`,
      );
      return rows.map((r) => ({ id: num(r.id), name: String(r.name), organization_name: String(r.organization_name) }));
    },

    /** The time zone of each location in scope and filter. */
    async zones(
      scope: TenantScope,
      filter: { organization_id?: number | undefined; location_id?: number | undefined },
    ) {
      const rows = await query<{ id: number; timezone: string }>(
        db,
        sql`select l.id, l.timezone from locations l
            where ${tenantWhere(scope, { org: sql`l.organization_id`, loc: sql`l.id` }, filter)}`,
      );
      return new Map(rows.map((r) => [num(r.id), String(r.timezone)]));
    },

    /**
     * The reader's time zone for documents over several zones: the one they chose (notification
     * preferences), else the one most of their organization's locations keep; null when neither.
     */
    async readerZone(user: { id: number; organizationId: number | null }): Promise<string | null> {
      const [row] = await query<{ zone: string | null }>(
        db,
        sql`select coalesce(
              (select p.time_zone from notification_preferences p where p.user_id = ${user.id}),
              (select l.timezone from locations l where l.organization_id = ${user.organizationId} and l.archived_at is null
               group by l.timezone order by count(*) desc, l.timezone limit 1)) as zone`,
      );
      return row?.zone ?? null;
    },

    /** URI orders placed (sent, or created for drafts) in the range, newest first. */
    async uriPurchaseOrders(scope: TenantScope, q: UriPurchaseOrdersQuery): Promise<UriPurchaseOrderRow[]> {
      const { start, end } = utcBounds(q);
      const placed = sql`coalesce(p.ordered_at, p.created_at)`;
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select p.id, p.number, ${placed} as placed_at, p.received_at, p.status, p.organization_id,
              o.name as organization_name, p.location_id, l.name as location_name,
              (select count(*) from purchase_order_lines x where x.purchase_order_id = p.id)::int as lines,
              (select coalesce(sum(x.quantity), 0) from purchase_order_lines x where x.purchase_order_id = p.id)::int as units,
              (select coalesce(sum(x.quantity::bigint * x.unit_price_cents), 0) from purchase_order_lines x
                 where x.purchase_order_id = p.id)::bigint as total_cents
            from purchase_orders p
            join suppliers s on s.id = p.supplier_id and s.code = 'URI'
            join organizations o on o.id = p.organization_id
            join locations l on l.id = p.location_id
            where ${tenantWhere(scope, { org: sql`p.organization_id`, loc: sql`p.location_id` }, q)}
              and ${placed} >= ${start.toISOString()}::timestamptz and ${placed} < ${end.toISOString()}::timestamptz
              ${q.status ? sql`and p.status = ${q.status}` : sql``}
            order by ${placed} desc, p.id desc`,
      );
      return rows.map((r) => ({
        id: num(r.id),
        number: String(r.number),
        placed_at: iso(r.placed_at),
        received_at: toIso(r.received_at),
        status: String(r.status) as PoStatus,
        organization_id: num(r.organization_id),
        organization_name: String(r.organization_name),
        location_id: num(r.location_id),
        location_name: String(r.location_name),
        lines: num(r.lines),
        units: num(r.units),
        total_cents: num(r.total_cents),
      }));
    },

    ...createManualOnRepo(db),
    ...createHaccpRepo(db),
    ...createHaccpCasesRepo(db),

    /** Time to acknowledge and to clear of the alarms raised in the range, per group. */
    async alarmResponse(
      scope: TenantScope,
      q: AlarmResponseQuery,
      by: 'group' | 'severity',
    ): Promise<(AlarmResponseRow & Record<string, unknown>)[]> {
      const { start, end } = utcBounds(q);
      const ack = sql`extract(epoch from (a.acknowledged_at - a.raised_at))`;
      const clr = sql`extract(epoch from (a.cleared_at - a.raised_at))`;
      const groupCols =
        by === 'group' ? sql`o.name, a.location_id, l.name, t.code, t.name, t.name_es, a.severity` : sql`a.severity`;
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select ${by === 'group' ? sql`o.name as organization_name, a.location_id, l.name as location_name, t.code as alarm_type, t.name as alarm_type_name, t.name_es as alarm_type_name_es,` : sql``}
              a.severity, count(*)::int as alarms, count(a.acknowledged_at)::int as acknowledged,
              percentile_cont(0.5) within group (order by ${ack}) as ack_median,
              percentile_cont(0.9) within group (order by ${ack}) as ack_p90,
              count(a.cleared_at)::int as cleared,
              percentile_cont(0.5) within group (order by ${clr}) as clear_median,
              percentile_cont(0.9) within group (order by ${clr}) as clear_p90
            from alarms a
            join alarm_types t on t.id = a.alarm_type_id
            join organizations o on o.id = a.organization_id
            left join locations l on l.id = a.location_id
            where ${tenantWhere(scope, { org: sql`a.organization_id`, loc: sql`a.location_id` }, q)}
              and a.raised_at >= ${start.toISOString()}::timestamptz and a.raised_at < ${end.toISOString()}::timestamptz
              ${q.severity ? sql`and a.severity = ${q.severity}` : sql``}
              ${q.type ? sql`and t.code = ${q.type}` : sql``}
            group by ${groupCols}
            order by ${by === 'group' ? sql`o.name, l.name nulls first, t.code,` : sql``}
              array_position(array['critical','high','medium','low']::text[], a.severity)`,
      );
      const secs = (v: unknown) => (v == null ? null : Math.round(Number(v)));
      return rows.map((r) => ({
        organization_name: String(r.organization_name ?? ''),
        location_id: numOrNull(r.location_id),
        location_name: (r.location_name as string | null) ?? null,
        alarm_type: String(r.alarm_type ?? ''),
        alarm_type_name: String(r.alarm_type_name ?? ''),
        alarm_type_name_es: String(r.alarm_type_name_es ?? ''),
        severity: r.severity as AlarmResponseRow['severity'],
        alarms: num(r.alarms),
        acknowledged: num(r.acknowledged),
        ack_median: secs(r.ack_median),
        ack_p90: secs(r.ack_p90),
        cleared: num(r.cleared),
        clear_median: secs(r.clear_median),
        clear_p90: secs(r.clear_p90),
      }));
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
