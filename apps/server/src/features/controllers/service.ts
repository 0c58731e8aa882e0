import { randomBytes } from 'node:crypto';
import type { AuthoriseControllerBody } from '@rcm/shared/auth';
import { AppError } from '../../lib/errors.ts';
import type { AuditRepo } from '../audit/repo.ts';
import type { AuthContext } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import type { ControllersRepo } from './repo.ts';

export function createControllersService(deps: { repo: ControllersRepo; audit: AuditRepo }) {
  const { repo, audit } = deps;
  return {
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
