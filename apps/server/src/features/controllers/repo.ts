import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { controllerRejections, controllers, gatewayStatuses, locations, organizations } from '../../db/schema.ts';
import { alarms } from '../../db/schema-alarms.ts';

const gateway = alias(controllers, 'gateway');

export function createControllersRepo(db: Db) {
  return {
    /**
     * Controllers pending authorization belong to no organization yet: only staff may list them. A
     * gateway's children are not listed: they are authorized with their gateway (its `children`).
     */
    async listUnauthorized() {
      const rows = await db
        .select({
          id: controllers.id,
          mac_address: controllers.macAddress,
          name: controllers.name,
          kind: controllers.kind,
          // `controllers.id` spelled out: drizzle writes a column unqualified, which would mean `k.id` here.
          children: sql<number>`(select count(*)::int from controllers k where k.gateway_id = controllers.id and k.decommissioned_at is null)`,
        })
        .from(controllers)
        .where(
          and(eq(controllers.authorised, false), isNull(controllers.decommissionedAt), isNull(controllers.gatewayId)),
        )
        .orderBy(asc(controllers.createdAt), asc(controllers.id));
      return rows.map((r) => ({ ...r, children: r.kind === 'gateway' ? Number(r.children) : null }));
    },

    /** A gateway's children in service (for its status's child list). */
    async childrenOf(gatewayId: number) {
      return db
        .select({ id: controllers.id, mac: controllers.macAddress, name: controllers.name })
        .from(controllers)
        .where(and(eq(controllers.gatewayId, gatewayId), isNull(controllers.decommissionedAt)));
    },

    async detail(id: number) {
      const rows = await db
        .select({
          c: controllers,
          orgName: organizations.name,
          loc: {
            id: locations.id,
            name: locations.name,
            a1: locations.addressLine1,
            city: locations.city,
            state: locations.state,
            timezone: locations.timezone,
          },
          activeAlarms: sql<number>`(select count(*)::int from ${alarms} where ${alarms.controllerId} = ${controllers.id} and ${alarms.status} <> 'cleared')`,
          rejections: controllerRejections,
          gateway: { id: gateway.id, mac: gateway.macAddress, name: gateway.name },
          gatewayStatus: gatewayStatuses,
        })
        .from(controllers)
        .leftJoin(organizations, eq(organizations.id, controllers.organizationId))
        .leftJoin(locations, eq(locations.id, controllers.locationId))
        .leftJoin(controllerRejections, eq(controllerRejections.controllerId, controllers.id))
        .leftJoin(gateway, eq(gateway.id, controllers.gatewayId))
        .leftJoin(gatewayStatuses, eq(gatewayStatuses.controllerId, controllers.id))
        .where(and(eq(controllers.id, id), isNull(controllers.decommissionedAt)))
        .limit(1);
      return rows[0];
    },

    /** Where a controller sits in a tenant (decommissioned or not); null when there is no such controller. */
    async tenantOf(id: number): Promise<{ organizationId: number | null; locationId: number | null } | null> {
      const [row] = await db
        .select({ organizationId: controllers.organizationId, locationId: controllers.locationId })
        .from(controllers)
        .where(eq(controllers.id, id))
        .limit(1);
      return row ?? null;
    },

    /** A controller in service (pending or authorized); a decommissioned one is found by nobody. */
    async findById(id: number) {
      const rows = await db
        .select()
        .from(controllers)
        .where(and(eq(controllers.id, id), isNull(controllers.decommissionedAt)))
        .limit(1);
      return rows[0];
    },

    /** Forgets a pending controller (it sent nothing that was kept); false when it was authorized meanwhile. */
    async deletePending(id: number, on: DbOrTx = db): Promise<boolean> {
      const rows = await on
        .delete(controllers)
        .where(and(eq(controllers.id, id), eq(controllers.authorised, false), isNull(controllers.decommissionedAt)))
        .returning({ id: controllers.id });
      return rows.length === 1;
    },

    /**
     * Takes an authorized controller out of service: its key stops working and it leaves every list;
     * its open alarms are cleared ("decommissioned") in the same transaction (the caller's, with its audit entry). Returns the ids of
     * those alarms (their counters follow through the alarms trigger).
     */
    async decommission(id: number, actorId: number, at: Date, tx: Tx): Promise<number[] | null> {
      const done = await tx
        .update(controllers)
        .set({ decommissionedAt: at, authorised: false, deviceKeyHash: null, online: false })
        .where(and(eq(controllers.id, id), eq(controllers.authorised, true), isNull(controllers.decommissionedAt)))
        .returning({ id: controllers.id });
      if (done.length !== 1) return null;
      const cleared = await tx
        .update(alarms)
        .set({
          status: 'cleared',
          clearedAt: at,
          clearedBy: actorId,
          healthStatus: 'cleared_by_user',
          clearReason: 'decommissioned',
        })
        .where(and(eq(alarms.controllerId, id), sql`${alarms.status} <> 'cleared'`))
        .returning({ id: alarms.id });
      return cleared.map((r) => r.id);
    },

    /**
     * A gateway's pending children are authorized with it, into its organization and location (their
     * offline clock starts now, as the gateway's does).
     */
    async authorizeChildren(
      gatewayId: number,
      patch: { organizationId: number; locationId: number; authorizedAt: Date },
      on: DbOrTx = db,
    ): Promise<number> {
      const rows = await on
        .update(controllers)
        .set({ ...patch, authorised: true })
        .where(
          and(
            eq(controllers.gatewayId, gatewayId),
            eq(controllers.authorised, false),
            isNull(controllers.decommissionedAt),
          ),
        )
        .returning({ id: controllers.id });
      return rows.length;
    },

    /** A rejected gateway's pending children are forgotten with it (they sent nothing that was kept). */
    async deletePendingChildren(gatewayId: number, on: DbOrTx = db): Promise<void> {
      await on
        .delete(controllers)
        .where(
          and(
            eq(controllers.gatewayId, gatewayId),
            eq(controllers.authorised, false),
            isNull(controllers.decommissionedAt),
          ),
        );
    },

    /** The ids of a gateway's children in service (authorized). */
    async authorizedChildIds(gatewayId: number, on: DbOrTx = db): Promise<number[]> {
      const rows = await on
        .select({ id: controllers.id })
        .from(controllers)
        .where(
          and(
            eq(controllers.gatewayId, gatewayId),
            eq(controllers.authorised, true),
            isNull(controllers.decommissionedAt),
          ),
        );
      return rows.map((r) => r.id);
    },

    async locationInOrganization(locationId: number, organizationId: number): Promise<boolean> {
      const rows = await db
        .select({ id: locations.id })
        .from(locations)
        .where(
          and(eq(locations.id, locationId), eq(locations.organizationId, organizationId), isNull(locations.archivedAt)),
        )
        .limit(1);
      return rows.length > 0;
    },

    async update(id: number, patch: Partial<typeof controllers.$inferInsert>, on: DbOrTx = db): Promise<void> {
      await on.update(controllers).set(patch).where(eq(controllers.id, id));
    },

    /** Authorizes a pending controller; false when it was authorized meanwhile. */
    async authorize(
      id: number,
      patch: {
        organizationId: number;
        locationId: number;
        name: string;
        storeAlias: string | null;
        deviceKeyHash: string;
        authorizedAt: Date;
      },
      on: DbOrTx = db,
    ) {
      const rows = await on
        .update(controllers)
        .set({ ...patch, authorised: true })
        .where(and(eq(controllers.id, id), eq(controllers.authorised, false)))
        .returning();
      return rows[0];
    },
  };
}

export type ControllersRepo = ReturnType<typeof createControllersRepo>;
