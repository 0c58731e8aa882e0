import { randomBytes } from 'node:crypto';
import type { AuthorizeControllerBody } from '@rcm/shared/auth';
import type { ControllerUpdateBody } from '@rcm/shared/controllers';
import { AppError } from '../../lib/errors.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { inScope, scopeFor } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import type { ControllersRepo } from './repo.ts';

/**
 * Whether a caller may see a controller: authorized ones by scope; pending ones belong to nobody
 * yet, so those who may authorize them may see them.
 */
export function canSeeController(
  ctx: AuthContext,
  c: { authorised: boolean; organizationId: number | null; locationId: number | null },
): boolean {
  if (!c.authorised) return can(ctx, 'controller.pending.view');
  const scope = scopeFor(ctx, 'controllers');
  return !!scope && inScope(scope, c);
}

const newDeviceKey = () => randomBytes(24).toString('base64url');

export function createControllersService(
  deps: ChangeDeps & {
    repo: ControllersRepo;
    /** The ingest side's cache of this MAC (and a gateway's children) is stale: the next message or connection reads it again. */
    forgetDevice: (mac: string) => void;
    /** Its key stopped working: forgotten, and its MQTT connection (the embedded broker's) ended at once. */
    revokeDevice: (mac: string) => void;
    /** Tells the open consoles about alarms changed here (after commit). */
    announceAlarms: (ids: number[]) => Promise<void>;
  },
) {
  const { db, repo, audit, now } = deps;

  /** An authorized controller the caller may see, or 404. */
  async function authorized(ctx: AuthContext, id: number) {
    const controller = await repo.findById(id);
    if (!controller?.authorised || !canSeeController(ctx, controller)) throw new AppError(404, 'not_found');
    return controller;
  }

  return {
    async update(ctx: AuthContext, id: number, body: ControllerUpdateBody) {
      const controller = await authorized(ctx, id);
      // Moving to another organization: one the caller may see controllers of.
      const organizationId = body.organization_id ?? controller.organizationId;
      if (
        organizationId === null ||
        (organizationId !== controller.organizationId && !can(ctx, 'controller.move', { organizationId }))
      ) {
        throw new AppError(422, 'validation_failed', { fields: [{ field: 'organization_id', key: 'unknown_option' }] });
      }
      if (!(await repo.locationInOrganization(body.location_id, organizationId))) {
        throw new AppError(422, 'validation_failed', {
          fields: [{ field: 'location_id', key: 'location_not_in_organization' }],
        });
      }
      // The caller must still see it where it goes (a member of some locations moves it among those).
      if (!canSeeController(ctx, { authorised: true, organizationId, locationId: body.location_id })) {
        throw new AppError(422, 'validation_failed', { fields: [{ field: 'location_id', key: 'unknown_option' }] });
      }
      const patch = {
        name: body.name,
        storeAlias: body.store_alias,
        organizationId,
        locationId: body.location_id,
        ...(body.device_address !== undefined ? { deviceAddress: body.device_address } : {}),
        deviceModel: body.device_model,
        vendorEndpoint: body.vendor_endpoint,
        warrantyExpiry: body.warranty_expiry,
        secureMode: body.secure_mode,
      };
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.update(id, patch, tx), {
        organizationId: controller.organizationId,
        action: 'controller.update',
        subjectType: 'controller',
        subjectId: id,
        before: {
          name: controller.name,
          storeAlias: controller.storeAlias,
          organizationId: controller.organizationId,
          locationId: controller.locationId,
          deviceAddress: controller.deviceAddress,
          deviceModel: controller.deviceModel,
          vendorEndpoint: controller.vendorEndpoint,
          warrantyExpiry: controller.warrantyExpiry,
          secureMode: controller.secureMode,
        },
        after: patch,
      });
      // Alarms raised from now on carry the new organization, location and address.
      deps.forgetDevice(controller.macAddress);
    },

    /**
     * Assigns a pending controller to an organization and location and issues its device key,
     * returned once (the installer enters it on the controller); only its hash is kept.
     */
    async authorize(ctx: AuthContext, id: number, body: AuthorizeControllerBody) {
      const controller = await repo.findById(id);
      if (!controller) throw new AppError(404, 'not_found');
      // A gateway's child is authorized with its gateway.
      if (controller.authorised || controller.gatewayId !== null) throw new AppError(409, 'conflict');
      if (!can(ctx, 'controller.assign', { organizationId: body.organization_id }))
        throw new AppError(403, 'forbidden');
      if (!(await repo.locationInOrganization(body.location_id, body.organization_id))) {
        throw new AppError(422, 'validation_failed', {
          fields: [{ field: 'location_id', key: 'location_not_in_organization' }],
        });
      }
      const deviceKey = newDeviceKey();
      const updated = await db.transaction(async (tx) => {
        const row = await repo.authorize(
          id,
          {
            organizationId: body.organization_id,
            locationId: body.location_id,
            name: body.name,
            storeAlias: body.store_alias || null,
            deviceKeyHash: hashToken(deviceKey),
            authorizedAt: now(),
          },
          tx,
        );
        if (!row) throw new AppError(409, 'conflict');
        // A gateway's children go where it goes (an administrator may move each one after).
        const children = await repo.authorizeChildren(
          id,
          {
            organizationId: body.organization_id,
            locationId: body.location_id,
            authorizedAt: row.authorizedAt ?? now(),
          },
          tx,
        );
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: body.organization_id,
            action: 'controller.authorise',
            subjectType: 'controller',
            subjectId: id,
            before: { authorised: false },
            after: {
              authorised: true,
              organization_id: body.organization_id,
              location_id: body.location_id,
              name: body.name,
              ...(row.kind === 'gateway' && { children }),
            },
          },
          tx,
        );
        return row;
      });
      deps.forgetDevice(controller.macAddress);
      return { controller: updated, deviceKey };
    },

    /**
     * Ends a controller. A pending one is rejected: forgotten (it sent nothing that was kept), and
     * pending again if it announces itself again. An authorized one is decommissioned: its key stops
     * working, its open alarms are cleared ("decommissioned"), its history stays.
     */
    async remove(ctx: AuthContext, id: number): Promise<'rejected' | 'decommissioned'> {
      const controller = await repo.findById(id);
      if (!controller || !canSeeController(ctx, controller)) throw new AppError(404, 'not_found');
      const actor = auditActor(ctx);
      if (!controller.authorised) {
        if (!can(ctx, 'controller.reject')) throw new AppError(403, 'forbidden');
        await db.transaction(async (tx) => {
          await repo.deletePendingChildren(id, tx);
          if (!(await repo.deletePending(id, tx))) throw new AppError(409, 'conflict');
          await audit.record(
            {
              ...actor,
              organizationId: null,
              action: 'controller.reject',
              subjectType: 'controller',
              subjectId: id,
              before: { mac_address: controller.macAddress, name: controller.name },
            },
            tx,
          );
        });
        deps.forgetDevice(controller.macAddress);
        return 'rejected';
      }
      if (!can(ctx, 'controller.decommission')) throw new AppError(403, 'forbidden');
      const cleared = await db.transaction(async (tx) => {
        const at = now();
        // A gateway's children are decommissioned with it (their history kept): nothing reads them any more.
        const children = await repo.authorizedChildIds(id, tx);
        const ids = await repo.decommission(id, ctx.user.id, at, tx);
        if (!ids) throw new AppError(409, 'conflict');
        for (const child of children) ids.push(...((await repo.decommission(child, ctx.user.id, at, tx)) ?? []));
        await audit.record(
          {
            ...actor,
            organizationId: controller.organizationId,
            action: 'controller.decommission',
            subjectType: 'controller',
            subjectId: id,
            before: { mac_address: controller.macAddress, name: controller.name, location_id: controller.locationId },
            after: {
              alarms_cleared: ids.length,
              ...(children.length > 0 && { children_decommissioned: children.length }),
            },
          },
          tx,
        );
        return ids;
      });
      deps.revokeDevice(controller.macAddress);
      await deps.announceAlarms(cleared);
      return 'decommissioned';
    },

    /** A new device key for an authorized controller, returned once; the old one stops working at once. */
    async rotateKey(ctx: AuthContext, id: number): Promise<string> {
      const controller = await authorized(ctx, id);
      // A gateway's child has no key of its own: it is read through its gateway, with the gateway's.
      if (controller.gatewayId !== null) throw new AppError(409, 'conflict');
      const deviceKey = newDeviceKey();
      await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.update(id, { deviceKeyHash: hashToken(deviceKey) }, tx),
        {
          organizationId: controller.organizationId,
          action: 'controller.rotate_key',
          subjectType: 'controller',
          subjectId: id,
        },
      );
      // Its connection with the old key ends (a gateway's children's ingest with it).
      deps.revokeDevice(controller.macAddress);
      return deviceKey;
    },
  };
}

export type ControllersService = ReturnType<typeof createControllersService>;
