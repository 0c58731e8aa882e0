import type {
  ControllerKind,
  ControllerListItem,
  ControllerListQuery,
  OfflineReason,
  RackState,
} from '@rcm/shared/controllers';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern, jsonColumn, query, toIso } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

const SORTS: Record<ControllerListQuery['sort'], SQL> = {
  name: sql`coalesce(c.name, c.mac_address) asc, c.id`,
  '-name': sql`coalesce(c.name, c.mac_address) desc, c.id`,
  last_seen_at: sql`c.last_seen_at asc nulls first, c.id`,
  '-last_seen_at': sql`c.last_seen_at desc nulls last, c.id`,
  active_alarms: sql`active_alarms asc, c.id`,
  '-active_alarms': sql`active_alarms desc, c.id`,
};

/**
 * The controllers `c` a scope sees: authorized ones in the scope; pending ones belong to nobody yet,
 * so only staff who see every organization and may authorize them see those.
 */
export function visibleControllers(scope: TenantScope, seesPending: boolean): SQL {
  const placed = scopeSql(scope, { org: sql`c.organization_id`, loc: sql`c.location_id` });
  if (scope.kind === 'all' && seesPending)
    return scope.except.length === 0 ? sql`true` : sql`(not c.authorised or ${placed})`;
  return sql`c.authorised and ${placed}`;
}

/** A row's kind, gateway and bus fields (`c.*` with the gateway's `gateway_mac`, `gateway_name`). */
function placementOf(r: Record<string, unknown>) {
  return {
    kind: r.kind as ControllerKind,
    gateway:
      r.gateway_id == null
        ? null
        : {
            id: Number(r.gateway_id),
            mac_address: String(r.gateway_mac),
            name: (r.gateway_name as string | null) ?? null,
          },
    bus: (r.bus as string | null) ?? null,
    device_address: (r.device_address as string | null) ?? null,
    vendor_endpoint_address: (r.vendor_endpoint as string | null) ?? null,
    device_model: (r.device_model as string | null) ?? null,
    offline_reason: (r.offline_reason as OfflineReason | null) ?? null,
  };
}

export function createControllerListRepo(db: Db) {
  return {
    async list(q: ControllerListQuery, scopeSql: SQL, today: string) {
      // Decommissioned controllers are out of service: no list shows them (their history stays).
      const where: SQL[] = [scopeSql, sql`c.decommissioned_at is null`];
      if (q.q) {
        const like = containsPattern(q.q);
        where.push(
          sql`(c.mac_address ilike ${like} or c.name ilike ${like} or c.store_alias ilike ${like} or l.name ilike ${like})`,
        );
      }
      if (q.organization_id) where.push(sql`c.organization_id = ${q.organization_id}`);
      if (q.location_id) where.push(sql`c.location_id = ${q.location_id}`);
      if (q.gateway_id) where.push(sql`c.gateway_id = ${q.gateway_id}`);
      if (q.online) where.push(sql`c.online = ${q.online === 'true'}`);
      if (q.authorised) where.push(sql`c.authorised = ${q.authorised === 'true'}`);
      if (q.warranty === 'true') where.push(sql`c.warranty_expiry >= ${today}::date`);
      if (q.warranty === 'false') where.push(sql`(c.warranty_expiry is null or c.warranty_expiry < ${today}::date)`);
      const cond = sql.join(where, sql` and `);
      const [total] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from controllers c left join locations l on l.id = c.location_id where ${cond}`,
      );
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select c.id, c.mac_address, c.name, c.store_alias, c.organization_id, o.name as org_name, c.location_id,
              l.name as location_name, c.device_model, c.online, c.authorised, c.last_seen_at, c.warranty_expiry::text,
              c.kind, c.gateway_id, g.mac_address as gateway_mac, g.name as gateway_name, c.bus, c.device_address,
              c.vendor_endpoint, c.offline_reason,
              (select count(*)::int from alarms a where a.controller_id = c.id and a.status <> 'cleared') as active_alarms
            from controllers c left join organizations o on o.id = c.organization_id left join locations l on l.id = c.location_id
              left join controllers g on g.id = c.gateway_id
            where ${cond} order by ${SORTS[q.sort]} limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      );
      const items: ControllerListItem[] = rows.map((r) => ({
        id: Number(r.id),
        mac_address: String(r.mac_address),
        name: (r.name as string | null) ?? null,
        store_alias: (r.store_alias as string | null) ?? null,
        organisation: r.organization_id == null ? null : { id: Number(r.organization_id), name: String(r.org_name) },
        location: r.location_id == null ? null : { id: Number(r.location_id), name: String(r.location_name) },
        ...placementOf(r),
        online: Boolean(r.online),
        authorised: Boolean(r.authorised),
        last_seen_at: toIso(r.last_seen_at),
        warranty_expiry: (r.warranty_expiry as string | null) ?? null,
        active_alarms: Number(r.active_alarms),
      }));
      return { items, total: total?.n ?? 0 };
    },

    /** Racks with their latest points and whether an uncleared alarm concerns each point. */
    /**
     * The racks and points of one controller with their newest values. Ingest rewrites a rack or point
     * row only when something besides its values changes (or hourly), so the newest value is the newest
     * reading at or after the row's `updated_at`, when there is one (writer.ts).
     */
    async racks(controllerId: number): Promise<RackState[]> {
      const rows = await query<{
        ref: string;
        name: string | null;
        metrics: Record<string, number> | string;
        latest: Record<string, [number, string]> | string | null;
        updated_at: unknown;
      }>(
        db,
        sql`select k.ref, k.name, k.metrics, k.updated_at,
              (select jsonb_object_agg(m.key, jsonb_build_array(l.value, l.ts)) from jsonb_each(k.metrics) m
                 cross join lateral (select r.value, r.ts from readings r
                   where r.controller_id = k.controller_id and r.key = k.ref || ':' || m.key and r.ts >= k.updated_at
                   order by r.ts desc limit 1) l) as latest
            from racks k where k.controller_id = ${controllerId} order by k.ref`,
      );
      const racks = rows.map((r) => {
        const stored = jsonColumn<Record<string, number>>(r.metrics);
        const latest = jsonColumn<Record<string, [number, string]> | null>(r.latest) ?? {};
        let updated = toIso(r.updated_at) ?? '';
        const metrics: Record<string, number> = {};
        for (const [name, value] of Object.entries(stored)) {
          const newest = latest[name];
          metrics[name] = newest ? newest[0] : value;
          const ts = newest ? new Date(newest[1]).toISOString() : '';
          if (ts > updated) updated = ts;
        }
        return { ref: r.ref, name: r.name, metrics, updated_at: updated };
      });
      const points = await query<Record<string, unknown>>(
        db,
        sql`select p.addr, p.rack_ref, p.name, p.unit, p.set_point, p.status,
              coalesce(l.value, p.value) as value, greatest(p.updated_at, l.ts) as updated_at,
              (select a.status from alarms a where a.controller_id = p.controller_id and a.subject = p.addr
                 and a.status <> 'cleared' order by a.status = 'active' desc limit 1) as alarm_status
            from rack_points p
            left join lateral (select r.value, r.ts from readings r
              where r.controller_id = p.controller_id and r.key = p.addr and r.ts >= p.updated_at
              order by r.ts desc limit 1) l on true
            where p.controller_id = ${controllerId} order by p.addr`,
      );
      return racks.map((r) => ({
        ref: r.ref,
        name: r.name,
        metrics: r.metrics,
        updated_at: r.updated_at,
        points: points
          .filter((p) => p.rack_ref === r.ref)
          .map((p) => ({
            addr: String(p.addr),
            name: (p.name as string | null) ?? null,
            unit: (p.unit as string | null) ?? null,
            set_point: p.set_point == null ? null : Number(p.set_point),
            status: String(p.status),
            value: p.value == null ? null : Number(p.value),
            updated_at: toIso(p.updated_at) ?? '',
            alarm_status: (p.alarm_status as 'active' | 'acknowledged' | null) ?? null,
          })),
      }));
    },
  };
}

export type ControllerListRepo = ReturnType<typeof createControllerListRepo>;
