import { and, asc, count, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { controllers, locations, organizations } from '../../db/schema.ts';
import { containsPattern } from '../../lib/sql.ts';
import { holdsOrganization, scopeSql, type TenantScope } from '../auth/scope.ts';

// The outer row is named in full: drizzle writes a column of a one-table query unqualified ("id"), which
// inside these subqueries would mean the subquery's own table.
const controllersCount = sql<number>`(select count(*)::int from ${controllers} c
  where c.organization_id = "organizations"."id" and c.authorised)`;
const locationsCount = sql<number>`(select count(*)::int from ${locations} l
  where l.organization_id = "organizations"."id" and l.archived_at is null)`;
const membersCount = sql<number>`(select count(*)::int from users u
  where u.organization_id = "organizations"."id" and not u.disabled and u.deleted_at is null)`;

export function createOrganizationsRepo(db: Db) {
  return {
    async list(scope: TenantScope, opts: { page?: number; perPage?: number; q?: string } = {}) {
      const perPage = opts.perPage ?? 500;
      const conditions: SQL[] = [isNull(organizations.archivedAt)];
      conditions.push(scopeSql(scope, { org: organizations.id }));
      if (opts.q) conditions.push(ilike(organizations.name, containsPattern(opts.q)));
      const where = and(...conditions);
      const rows = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          controllers_count: controllersCount,
          locations_count: locationsCount,
          members_count: membersCount,
        })
        .from(organizations)
        .where(where)
        .orderBy(asc(organizations.name), asc(organizations.id))
        .limit(perPage)
        .offset(((opts.page ?? 1) - 1) * perPage);
      const [total] = await db.select({ n: count() }).from(organizations).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** An organization in use; an archived one is found by nobody (its history shows its name). */
    async findById(id: number) {
      const [row] = await db
        .select()
        .from(organizations)
        .where(and(eq(organizations.id, id), isNull(organizations.archivedAt)));
      return row;
    },

    async create(name: string, tx: Tx) {
      const [row] = await tx.insert(organizations).values({ name }).returning();
      if (!row) throw new Error('organization insert returned nothing');
      return row;
    },

    async rename(id: number, name: string, tx: Tx) {
      await tx.update(organizations).set({ name }).where(eq(organizations.id, id));
    },

    /** The organization's controllers within the caller's scope (the view page's list). */
    async controllersOf(organizationId: number, scope: TenantScope) {
      return db
        .select({
          id: controllers.id,
          mac_address: controllers.macAddress,
          name: controllers.name,
          online: controllers.online,
          lastSeenAt: controllers.lastSeenAt,
          locationId: locations.id,
          locationName: locations.name,
        })
        .from(controllers)
        .leftJoin(locations, eq(locations.id, controllers.locationId))
        .where(
          and(
            eq(controllers.organizationId, organizationId),
            eq(controllers.authorised, true),
            // Controllers of the scope's locations (a member limited to locations sees only theirs).
            scopeSql(scope, { org: controllers.organizationId, loc: locations.id }),
          ),
        )
        .orderBy(asc(controllers.name), asc(controllers.id));
    },

    async locationsOf(organizationId: number, scope: TenantScope) {
      const conditions: SQL[] = [eq(locations.organizationId, organizationId), isNull(locations.archivedAt)];
      if (!holdsOrganization(scope, organizationId)) return null;
      conditions.push(scopeSql(scope, { org: locations.organizationId, loc: locations.id }));
      const exists = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.id, organizationId), isNull(organizations.archivedAt)));
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
