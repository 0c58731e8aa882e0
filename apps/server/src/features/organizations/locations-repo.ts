import type { Location, LocationBody } from '@rcm/shared/organizations';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { controllers, escalationPolicies, locations, organizations } from '../../db/schema.ts';
import { containsPattern } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

const select = {
  id: locations.id,
  organizationId: locations.organizationId,
  organizationName: organizations.name,
  name: locations.name,
  address_line_1: locations.addressLine1,
  address_line_2: locations.addressLine2,
  city: locations.city,
  state: locations.state,
  zip: locations.zip,
  phone: locations.phone,
  timezone: locations.timezone,
  escalation_policy_id: locations.escalationPolicyId,
  controllers_count: sql<number>`(select count(*)::int from ${controllers} c where c.location_id = ${locations.id})`,
};

type Row = { [K in keyof typeof select]: unknown } & {
  id: number;
  organizationId: number;
  organizationName: string;
};

export function toLocation(row: Row): Location {
  const { organizationId, organizationName, ...rest } = row;
  return { ...(rest as Omit<Location, 'organisation'>), organisation: { id: organizationId, name: organizationName } };
}

/**
 * The locations a scope sees (all, an organization's, or a member's own: a location's own id is its
 * location); archived ones are nobody's to list, pick or change.
 */
function visibleLocations(scope: TenantScope): SQL | undefined {
  return and(isNull(locations.archivedAt), scopeSql(scope, { org: locations.organizationId, loc: locations.id }));
}

const columns = (body: LocationBody) => ({
  name: body.name,
  addressLine1: body.address_line_1,
  addressLine2: body.address_line_2,
  city: body.city,
  state: body.state,
  zip: body.zip,
  phone: body.phone,
  timezone: body.timezone,
  ...(body.escalation_policy_id !== undefined ? { escalationPolicyId: body.escalation_policy_id } : {}),
});

export function createLocationsRepo(db: Db) {
  const base = () =>
    db.select(select).from(locations).innerJoin(organizations, eq(organizations.id, locations.organizationId));

  return {
    async list(scope: TenantScope, opts: { page: number; perPage: number; q?: string; organizationId?: number }) {
      const conditions: (SQL | undefined)[] = [visibleLocations(scope)];
      if (opts.organizationId) conditions.push(eq(locations.organizationId, opts.organizationId));
      if (opts.q) {
        const like = containsPattern(opts.q);
        conditions.push(
          or(ilike(locations.name, like), ilike(locations.city, like), ilike(locations.addressLine1, like)),
        );
      }
      const where = and(...conditions);
      const rows = await base()
        .where(where)
        .orderBy(asc(organizations.name), asc(locations.name), asc(locations.id))
        .limit(opts.perPage)
        .offset((opts.page - 1) * opts.perPage);
      const [total] = await db.select({ n: count() }).from(locations).where(where);
      return { rows: rows.map(toLocation), total: total?.n ?? 0 };
    },

    async ofOrganization(organizationId: number, scope: TenantScope) {
      const rows = await base()
        .where(and(eq(locations.organizationId, organizationId), visibleLocations(scope)))
        .orderBy(asc(locations.name), asc(locations.id));
      return rows.map(toLocation);
    },

    /** One location, only when the scope holds it. */
    async find(id: number, scope: TenantScope) {
      const [row] = await base().where(and(eq(locations.id, id), visibleLocations(scope)));
      return row ? toLocation(row) : undefined;
    },

    async create(organizationId: number, body: LocationBody, tx: Tx) {
      const [row] = await tx
        .insert(locations)
        .values({ organizationId, ...columns(body) })
        .returning({ id: locations.id });
      if (!row) throw new Error('location insert returned nothing');
      return row.id;
    },

    async update(id: number, body: LocationBody, tx: Tx) {
      await tx.update(locations).set(columns(body)).where(eq(locations.id, id));
    },

    /** Whether a location of this organization may name the policy (its organization's own or a shared one). */
    async policyFits(policyId: number, organizationId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: escalationPolicies.id })
        .from(escalationPolicies)
        .where(
          and(
            eq(escalationPolicies.id, policyId),
            or(isNull(escalationPolicies.organizationId), eq(escalationPolicies.organizationId, organizationId)),
          ),
        );
      return !!row;
    },

    /** Which of these ids are locations of the organization. */
    async idsInOrganization(organizationId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.organizationId, organizationId), inArray(locations.id, [...ids])));
      return rows.map((r) => r.id);
    },
  };
}

export type LocationsRepo = ReturnType<typeof createLocationsRepo>;
