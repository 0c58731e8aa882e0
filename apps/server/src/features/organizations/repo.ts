import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locations, organizations } from '../../db/schema.ts';
import type { TenantScope } from '../auth/scope.ts';

export function createOrganizationsRepo(db: Db) {
  return {
    async list(scope: TenantScope) {
      const where = scope.kind === 'all' ? undefined : eq(organizations.id, scope.organizationId);
      return db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(where)
        .orderBy(asc(organizations.name));
    },

    async locationsOf(organizationId: number, scope: TenantScope) {
      const conditions: SQL[] = [eq(locations.organizationId, organizationId)];
      if (scope.kind === 'org') {
        if (scope.organizationId !== organizationId) return null;
        if (scope.locationIds !== 'all') conditions.push(inArray(locations.id, [...scope.locationIds, -1]));
      }
      const exists = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (exists.length === 0) return null;
      return db
        .select({ id: locations.id, name: locations.name, city: locations.city, state: locations.state })
        .from(locations)
        .where(and(...conditions))
        .orderBy(asc(locations.name));
    },
  };
}

export type OrganizationsRepo = ReturnType<typeof createOrganizationsRepo>;
