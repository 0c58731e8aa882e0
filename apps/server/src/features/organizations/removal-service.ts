import { AppError, type InUse, inUse } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { scopeFor } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { requireOrganizationWrite } from './access.ts';
import type { LocationsRepo } from './locations-repo.ts';
import type { RemovalRepo } from './removal-repo.ts';
import type { OrganizationsRepo } from './repo.ts';

const refuse = (uses: InUse[]) => {
  const present = uses.filter((u) => u.count > 0);
  if (present.length > 0) throw inUse(present);
};

/**
 * Ending an organization or a location. Refused (409 in_use, naming what) while people, controllers
 * in service, locations or assets still use it; otherwise deleted, or archived when history (alarms,
 * jobs, decommissioned controllers, reports) refers to it: hidden from lists and pickers, readable
 * where the history is shown.
 */
export function createRemovalService(deps: {
  repo: OrganizationsRepo;
  locations: LocationsRepo;
  removal: RemovalRepo;
  audit: AuditRepo;
  now: () => Date;
}) {
  const { repo, locations, removal, audit, now } = deps;

  return {
    async removeOrganization(ctx: AuthContext, id: number) {
      requireOrganizationWrite(ctx, 'organization.edit', id);
      const scope = scopeFor(ctx, 'organizations');
      const org = scope ? await repo.findById(id) : undefined;
      if (!org || org.archivedAt) throw new AppError(404, 'not_found');
      const uses = await removal.organizationUses(id);
      refuse([
        { key: 'org_own', count: id === ctx.user.organizationId ? 1 : 0 },
        { key: 'org_members', count: uses.members },
        { key: 'org_controllers', count: uses.controllers },
        { key: 'org_locations', count: uses.locations },
      ]);
      return removal.remove('organizations', id, now(), (tx, outcome) =>
        audit.recordBy(
          auditActor(ctx),
          {
            organizationId: id,
            action: outcome === 'deleted' ? 'organization.delete' : 'organization.archive',
            subjectType: 'organization',
            subjectId: id,
            before: { name: org.name },
          },
          tx,
        ),
      );
    },

    async removeLocation(ctx: AuthContext, id: number) {
      if (!can(ctx, 'location.delete')) throw new AppError(403, 'forbidden');
      const scope = scopeFor(ctx, 'locations') ?? scopeFor(ctx, 'organizations');
      const location = scope ? await locations.find(id, scope) : undefined;
      if (!location) throw new AppError(404, 'not_found');
      const uses = await removal.locationUses(id);
      refuse([
        { key: 'location_controllers', count: uses.controllers },
        { key: 'location_assets', count: uses.assets },
      ]);
      return removal.remove('locations', id, now(), (tx, outcome) =>
        audit.recordBy(
          auditActor(ctx),
          {
            organizationId: location.organisation.id,
            action: outcome === 'deleted' ? 'location.delete' : 'location.archive',
            subjectType: 'location',
            subjectId: id,
            before: { name: location.name, city: location.city },
          },
          tx,
        ),
      );
    },
  };
}

export type RemovalService = ReturnType<typeof createRemovalService>;
