import type { AssetBody } from '@rcm/shared/assets';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { inScope, requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { AssetsRepo, AssetValues } from './repo.ts';

const invalid = (field: string, key: 'location_not_in_organization' | 'controller_not_at_location') =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

export function createAssetsService(deps: { db: Db; repo: AssetsRepo; audit: AuditRepo; today: () => string }) {
  const { db, repo, audit, today } = deps;

  /** The location must be one the caller sees; a linked controller must be installed there. */
  async function checked(ctx: AuthContext, body: AssetBody): Promise<{ organizationId: number; values: AssetValues }> {
    const scope = requireScope(ctx, 'assets');
    const location = await repo.location(body.location_id);
    if (!location || !inScope(scope, { organizationId: location.organizationId, locationId: location.id })) {
      throw invalid('location_id', 'location_not_in_organization');
    }
    if (body.controller_id !== null) {
      const at = await repo.controllerLocation(body.controller_id);
      if (at !== location.id) throw invalid('controller_id', 'controller_not_at_location');
    }
    return {
      organizationId: location.organizationId,
      values: {
        locationId: location.id,
        type: body.type,
        name: body.name,
        manufacturer: body.manufacturer,
        model: body.model,
        serial: body.serial,
        installedAt: body.installed_at,
        warrantyExpiry: body.warranty_expiry,
        controllerId: body.controller_id,
      },
    };
  }

  return {
    async visible(ctx: AuthContext, id: number) {
      const scope = requireScope(ctx, 'assets');
      const asset = await repo.findById(id, today());
      if (!asset || !inScope(scope, { organizationId: asset.organisation.id, locationId: asset.location.id })) {
        throw new AppError(404, 'not_found');
      }
      return asset;
    },

    async create(ctx: AuthContext, body: AssetBody): Promise<number> {
      const { organizationId, values } = await checked(ctx, body);
      return audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.insert(organizationId, values, tx),
        (id) => ({ organizationId, action: 'asset.create', subjectType: 'asset', subjectId: id, after: values }),
      );
    },

    async update(ctx: AuthContext, id: number, body: AssetBody): Promise<void> {
      const before = await this.visible(ctx, id);
      const { organizationId, values } = await checked(ctx, body);
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.update(id, organizationId, values, tx), {
        organizationId,
        action: 'asset.update',
        subjectType: 'asset',
        subjectId: id,
        before,
        after: values,
      });
    },

    /** Deletes the asset; the audit entry (with what it was) commits with the deletion. */
    async remove(ctx: AuthContext, id: number): Promise<void> {
      const before = await this.visible(ctx, id);
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.remove(id, tx), {
        organizationId: before.organisation.id,
        action: 'asset.delete',
        subjectType: 'asset',
        subjectId: id,
        before,
      });
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
