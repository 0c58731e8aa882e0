import type { BirthMessage, GatewayStatusMessage } from '@rcm/shared/gateway';
import { childKey } from '@rcm/shared/gateway';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ints, query, texts } from '../../../lib/sql.ts';

async function countChildren(gatewayId: number, tx: DbOrTx): Promise<number> {
  const [row] = await query<{ n: number }>(
    tx,
    sql`select count(*)::int as n from controllers where gateway_id = ${gatewayId} and decommissioned_at is null`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A store gateway's statements (its birth, its status, its children going offline), each run in the
 * caller's transaction: a birth's own, or the ingest batch's.
 */
export function createGatewayRepo() {
  return {
    /**
     * A store gateway's birth message: it is a gateway, and the children it names are its controllers
     * (`{gateway MAC}/{child}`). A new child takes its gateway's standing: pending with a pending gateway,
     * authorized into its location with an authorized one. A known child keeps its name (once given) and
     * its place (an administrator may have moved it); its bus, unit id, endpoint and profile follow the
     * gateway's config. Answers with how many children the gateway has.
     */
    async recordBirth(
      gateway: { id: number; mac: string },
      birth: BirthMessage,
      now: Date,
      tx: DbOrTx,
    ): Promise<{ children: number; added: number }> {
      const [gw] = await query<{ authorised: boolean; organization_id: number | null; location_id: number | null }>(
        tx,
        sql`update controllers set kind = 'gateway' where id = ${gateway.id}
        returning authorised, organization_id, location_id`,
      );
      if (!gw || birth.children.length === 0) return { children: await countChildren(gateway.id, tx), added: 0 };
      const cs = birth.children;
      const rows = await query<{ inserted: boolean }>(
        tx,
        sql`insert into controllers (mac_address, name, kind, gateway_id, bus, device_address, vendor_endpoint, device_model,
          authorised, authorised_at, organization_id, location_id, online)
        select v.mac, nullif(v.name, ''), 'controller', ${gateway.id}, v.bus, v.unit, v.endpoint, v.profile,
          ${gw.authorised}, ${gw.authorised ? now.toISOString() : null}::timestamptz, ${gw.organization_id}::int,
          ${gw.location_id}::int, false
        from unnest(${texts(cs.map((c) => childKey(gateway.mac, c.child)))}::text[], ${texts(cs.map((c) => c.name))}::text[],
          ${texts(cs.map((c) => c.bus))}::text[], ${texts(cs.map((c) => String(c.unit_id)))}::text[],
          ${texts(cs.map((c) => c.endpoint))}::text[], ${texts(cs.map((c) => c.profile))}::text[])
          as v(mac, name, bus, unit, endpoint, profile)
        on conflict (mac_address) where decommissioned_at is null do update set
          gateway_id = excluded.gateway_id, bus = excluded.bus, device_address = excluded.device_address,
          vendor_endpoint = excluded.vendor_endpoint, device_model = excluded.device_model,
          name = coalesce(controllers.name, excluded.name)
        returning (xmax = 0) as inserted`,
      );
      return { children: await countChildren(gateway.id, tx), added: rows.filter((r) => r.inserted).length };
    },

    /** A gateway's latest status document (its page reads it); it is a gateway. */
    async storeGatewayStatus(gatewayId: number, document: GatewayStatusMessage, now: Date, tx: DbOrTx): Promise<void> {
      await tx.execute(sql`insert into gateway_statuses (controller_id, received_at, document)
      values (${gatewayId}, ${now.toISOString()}::timestamptz, ${JSON.stringify(document)}::jsonb)
      on conflict (controller_id) do update set received_at = excluded.received_at, document = excluded.document`);
      await tx.execute(sql`update controllers set kind = 'gateway' where id = ${gatewayId} and kind <> 'gateway'`);
    },

    /**
     * The gateway went offline (its Last Will, or its status said so): every child of it that was not
     * already offline for that reason is offline now, `gateway_offline`. Answers with those children.
     */
    markChildrenOffline(gatewayIds: number[], tx: DbOrTx) {
      return query<{
        id: number;
        mac_address: string;
        organization_id: number | null;
        location_id: number | null;
        last_seen_at: unknown;
        was_online: boolean;
      }>(
        tx,
        sql`update controllers c set online = false, offline_reason = 'gateway_offline'
        from controllers old
        where old.id = c.id and c.gateway_id = any(${ints(gatewayIds)}::int[]) and c.decommissioned_at is null
          and (c.online or c.offline_reason is distinct from 'gateway_offline')
        returning c.id, c.mac_address, c.organization_id, c.location_id, c.last_seen_at, old.online as was_online`,
      );
    },

    /** A child's status said why it is offline (`no_response`). */
    setOfflineReason(id: number, reason: string, tx: DbOrTx): Promise<unknown> {
      return tx.execute(sql`update controllers set offline_reason = ${reason} where id = ${id}`);
    },
  };
}

export type GatewayRepo = ReturnType<typeof createGatewayRepo>;
