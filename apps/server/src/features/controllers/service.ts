import { randomBytes } from 'node:crypto';
import type { AuthoriseControllerBody } from '@rcm/shared/auth';
import type { ControllerUpdateBody } from '@rcm/shared/controllers';
import { AppError } from '../../lib/errors.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { controllerScope, inScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import type { ControllersRepo } from './repo.ts';

/**
 * Whether a caller may see a controller: authorised ones by scope; pending ones belong to nobody
 * yet, so those who may authorise them may see them.
 */
export function canSeeController(
  ctx: AuthContext,
  c: { authorised: boolean; organizationId: number | null; locationId: number | null },
): boolean {
  if (!c.authorised) return ctx.permissions.has('controllers_update') || ctx.permissions.has('controller_authorize');
  const scope = controllerScope(ctx);
  return !!scope && inScope(scope, c);
}

export function createControllersService(deps: { repo: ControllersRepo; audit: AuditRepo }) {
  const { repo, audit } = deps;
  return {
    async update(ctx: AuthContext, id: number, body: ControllerUpdateBody) {
      const controller = await repo.findById(id);
      if (!controller?.authorised || !canSeeController(ctx, controller)) throw new AppError(404, 'not_found');
      if (
        controller.organizationId === null ||
        !(await repo.locationInOrganization(body.location_id, controller.organizationId))
      ) {
        throw new AppError(422, 'validation_failed', {
          fields: [{ field: 'location_id', key: 'location_not_in_organization' }],
        });
      }
      const patch = {
        name: body.name,
        storeAlias: body.store_alias,
        locationId: body.location_id,
        deviceModel: body.device_model,
        vendorEndpoint: body.vendor_endpoint,
        warrantyExpiry: body.warranty_expiry,
        secureMode: body.secure_mode,
      };
      await repo.update(id, patch);
      await audit.record({
        actorUserId: ctx.impersonatorUserId ?? ctx.user.id,
        organizationId: controller.organizationId,
        action: 'controller.update',
        subjectType: 'controller',
        subjectId: id,
        before: {
          name: controller.name,
          storeAlias: controller.storeAlias,
          locationId: controller.locationId,
          deviceModel: controller.deviceModel,
          vendorEndpoint: controller.vendorEndpoint,
          warrantyExpiry: controller.warrantyExpiry,
          secureMode: controller.secureMode,
        },
        after: patch,
      });
    },

    /**
     * Assigns a pending controller to an organization and location and issues its device key,
     * returned once (the installer enters it on the controller); only its hash is kept.
     */
    async authorise(ctx: AuthContext, id: number, body: AuthoriseControllerBody) {
      const controller = await repo.findById(id);
      if (!controller) throw new AppError(404, 'not_found');
      if (controller.authorised) throw new AppError(409, 'conflict');
      const seesAll = ctx.permissions.has('organization_view_all');
      if (!seesAll && body.organization_id !== ctx.user.organizationId) throw new AppError(403, 'forbidden');
      if (!(await repo.locationInOrganization(body.location_id, body.organization_id))) {
        throw new AppError(422, 'validation_failed', {
          fields: [{ field: 'location_id', key: 'location_not_in_organization' }],
        });
      }
      const deviceKey = randomBytes(24).toString('base64url');
      const updated = await repo.authorise(id, {
        organizationId: body.organization_id,
        locationId: body.location_id,
        name: body.name,
        storeAlias: body.store_alias || null,
        deviceKeyHash: hashToken(deviceKey),
      });
      if (!updated) throw new AppError(409, 'conflict');
      await audit.record({
        actorUserId: ctx.impersonatorUserId ?? ctx.user.id,
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
        },
      });
      return { controller: updated, deviceKey };
    },
  };
}

export type ControllersService = ReturnType<typeof createControllersService>;
