import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { controllers } from '../../../db/schema.ts';

/** The statements of the device registry and of pending controllers' presence. */
export function createDeviceRepo(db: Db) {
  return {
    /** The controller (not decommissioned) with this MAC, as the device registry keeps it. */
    async find(mac: string) {
      const rows = await db
        .select({
          id: controllers.id,
          mac: controllers.macAddress,
          kind: controllers.kind,
          gatewayId: controllers.gatewayId,
          name: controllers.name,
          authorised: controllers.authorised,
          organizationId: controllers.organizationId,
          locationId: controllers.locationId,
          deviceAddress: controllers.deviceAddress,
          warrantyExpiry: controllers.warrantyExpiry,
          deviceKeyHash: controllers.deviceKeyHash,
          secureMode: controllers.secureMode,
          online: controllers.online,
        })
        .from(controllers)
        .where(and(eq(controllers.macAddress, mac), isNull(controllers.decommissionedAt)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Inserts a pending controller unless one with this MAC exists; answers with the row inserted (none: it existed). */
    insertPending(mac: string, info: { model?: string; firmware?: string; vendorEndpoint?: string }, seenAt: Date) {
      return db
        .insert(controllers)
        .values({
          macAddress: mac,
          authorised: false,
          online: true,
          lastSeenAt: seenAt,
          deviceModel: info.model ?? null,
          firmware: info.firmware ?? null,
          vendorEndpoint: info.vendorEndpoint ?? null,
        })
        .onConflictDoNothing({ target: controllers.macAddress, where: sql`${controllers.decommissionedAt} is null` })
        .returning({
          id: controllers.id,
          mac_address: controllers.macAddress,
          name: controllers.name,
          kind: controllers.kind,
        })
        .then((rows) => rows.map((r) => ({ ...r, children: null })));
    },

    /** A pending controller's presence: its online flag and last_seen_at. */
    touchPending(id: number, online: boolean, seenAt: Date): Promise<unknown> {
      return db.execute(
        sql`update controllers set online = ${online}, last_seen_at = ${seenAt.toISOString()}::timestamptz where id = ${id}`,
      );
    },
  };
}

export type DeviceRepo = ReturnType<typeof createDeviceRepo>;
