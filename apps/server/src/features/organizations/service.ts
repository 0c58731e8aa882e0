import type {
  LocationBody,
  LocationListQuery,
  MembershipBody,
  OrganizationDetail,
  OrganizationListQuery,
} from '@rcm/shared/organizations';
import { pageMeta } from '@rcm/shared/pagination';
import { AppError } from '../../lib/errors.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { EVERY_ORGANIZATION, holdsOrganization, scopeFor } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { requireOrganizationWrite } from './access.ts';
import type { LocationsRepo } from './locations-repo.ts';
import type { MembersRepo } from './members-repo.ts';
import type { OrganizationsRepo } from './repo.ts';

export type OrganizationsDeps = ChangeDeps & {
  repo: OrganizationsRepo;
  locations: LocationsRepo;
  members: MembersRepo;
};

const notFound = () => new AppError(404, 'not_found');
const forbidden = () => new AppError(403, 'forbidden');

/** A location names its organization's own escalation policy or a shared one. */
async function checkPolicy(locations: LocationsRepo, organizationId: number, body: LocationBody) {
  if (body.escalation_policy_id == null) return;
  if (!(await locations.policyFits(body.escalation_policy_id, organizationId)))
    throw new AppError(422, 'validation_failed', {
      fields: [{ field: 'escalation_policy_id', key: 'unknown_option' }],
    });
}

/** Location ids must all belong to the organization; otherwise a localized field error and nothing changes. */
export async function checkLocationIds(locations: LocationsRepo, organizationId: number, body: MembershipBody) {
  if (body.all_locations) return [];
  const found = await locations.idsInOrganization(organizationId, body.location_ids);
  if (found.length !== new Set(body.location_ids).size) {
    throw new AppError(422, 'validation_failed', {
      fields: [{ field: 'location_ids', key: 'location_not_in_organization' }],
    });
  }
  return found;
}

export function createOrganizationsService(deps: OrganizationsDeps) {
  const { db, repo, locations, members, audit, now } = deps;

  return {
    async list(ctx: AuthContext, q: OrganizationListQuery) {
      const scope = scopeFor(ctx, 'organizations');
      if (!scope) throw forbidden();
      const { rows, total } = await repo.list(scope, { page: q.page, perPage: q.per_page, q: q.q });
      return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
    },

    async create(ctx: AuthContext, name: string) {
      if (!can(ctx, 'organization.create')) throw forbidden();
      const row = await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => repo.create(name, tx),
        (created) => ({
          organizationId: created.id,
          action: 'organization.create',
          subjectType: 'organization',
          subjectId: created.id,
          after: { name: created.name },
        }),
      );
      return { id: row.id, name: row.name };
    },

    async view(ctx: AuthContext, id: number): Promise<OrganizationDetail> {
      const scope = scopeFor(ctx, 'organizations');
      if (!scope) throw forbidden();
      const org = holdsOrganization(scope, id) ? await repo.findById(id) : undefined;
      if (!org) throw notFound();
      const [controllers, locationRows, memberRows] = [
        await repo.controllersOf(id, scope),
        await locations.ofOrganization(id, scope),
        await members.list(id),
      ];
      return {
        id: org.id,
        name: org.name,
        created_at: org.createdAt.toISOString(),
        controllers: controllers.map((c) => ({
          id: c.id,
          mac_address: c.mac_address,
          name: c.name,
          online: c.online,
          last_seen_at: c.lastSeenAt?.toISOString() ?? null,
          location: c.locationId != null && c.locationName != null ? { id: c.locationId, name: c.locationName } : null,
        })),
        locations: locationRows,
        members: memberRows,
      };
    },

    async rename(ctx: AuthContext, id: number, name: string) {
      requireOrganizationWrite(ctx, 'organization.edit', id);
      const org = await repo.findById(id);
      if (!org) throw notFound();
      await audit.recordChange(db, auditActor(ctx), (tx) => repo.rename(id, name, tx), {
        organizationId: id,
        action: 'organization.update',
        subjectType: 'organization',
        subjectId: id,
        before: { name: org.name },
        after: { name },
      });
      return { id, name };
    },

    async listLocations(ctx: AuthContext, q: LocationListQuery) {
      const scope = scopeFor(ctx, 'locations');
      if (!scope) throw forbidden();
      const { rows, total } = await locations.list(scope, {
        page: q.page,
        perPage: q.per_page,
        q: q.q,
        organizationId: q.organization_id,
      });
      return { data: rows, meta: pageMeta(q.page, q.per_page, total) };
    },

    async findLocation(ctx: AuthContext, id: number) {
      const scope = scopeFor(ctx, 'locations') ?? scopeFor(ctx, 'organizations');
      if (!scope) throw forbidden();
      const row = await locations.find(id, scope);
      if (!row) throw notFound();
      return row;
    },

    async createLocation(ctx: AuthContext, organizationId: number, body: LocationBody) {
      requireOrganizationWrite(ctx, 'location.create', organizationId);
      await checkPolicy(locations, organizationId, body);
      if (!(await repo.findById(organizationId))) throw notFound();
      const id = await audit.recordChange(
        db,
        auditActor(ctx),
        (tx) => locations.create(organizationId, body, tx),
        (created) => ({
          organizationId,
          action: 'location.create',
          subjectType: 'location',
          subjectId: created,
          after: body,
        }),
      );
      const row = await locations.find(id, EVERY_ORGANIZATION);
      if (!row) throw notFound();
      return row;
    },

    async updateLocation(ctx: AuthContext, id: number, body: LocationBody) {
      if (!can(ctx, 'location.edit')) throw forbidden();
      const scope = scopeFor(ctx, 'locations') ?? scopeFor(ctx, 'organizations');
      const before = scope ? await locations.find(id, scope) : undefined;
      if (!before) throw notFound();
      await checkPolicy(locations, before.organisation.id, body);
      const { organisation: organization, controllers_count: _c, id: _id, ...previous } = before;
      await audit.recordChange(db, auditActor(ctx), (tx) => locations.update(id, body, tx), {
        organizationId: organization.id,
        action: 'location.update',
        subjectType: 'location',
        subjectId: id,
        before: previous,
        after: body,
      });
      const row = await locations.find(id, EVERY_ORGANIZATION);
      if (!row) throw notFound();
      return row;
    },

    async listMembers(ctx: AuthContext, organizationId: number) {
      const scope = scopeFor(ctx, 'organizations');
      if (!scope) throw forbidden();
      if (!holdsOrganization(scope, organizationId) || !(await repo.findById(organizationId))) throw notFound();
      return members.list(organizationId);
    },

    async updateMember(ctx: AuthContext, organizationId: number, userId: number, body: MembershipBody) {
      requireOrganizationWrite(ctx, 'organization.edit', organizationId);
      const [member] = await members.list(organizationId, userId);
      if (!member) throw notFound();
      const ids = await checkLocationIds(locations, organizationId, body);
      await audit.recordChange(db, auditActor(ctx), (tx) => members.setLocations(userId, body.all_locations, ids, tx), {
        organizationId,
        action: 'member.update',
        subjectType: 'user',
        subjectId: userId,
        before: { all_locations: member.all_locations, location_ids: member.location_ids },
        after: { all_locations: body.all_locations, location_ids: ids },
      });
      const [updated] = await members.list(organizationId, userId);
      if (!updated) throw notFound();
      return updated;
    },

    async removeMember(ctx: AuthContext, organizationId: number, userId: number) {
      requireOrganizationWrite(ctx, 'organization.edit', organizationId);
      const [member] = await members.list(organizationId, userId);
      if (!member) throw notFound();
      if (member.id === ctx.user.id) throw forbidden();
      await audit.recordChange(db, auditActor(ctx), (tx) => members.remove(userId, now(), tx), {
        organizationId,
        action: 'member.remove',
        subjectType: 'user',
        subjectId: userId,
        before: { email: member.email, disabled: false },
        after: { disabled: true },
      });
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
