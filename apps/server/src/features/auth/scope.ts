/**
 * The tenant scope and its SQL fragment builder: `scopeSql`, `mayViewSql` and `roleHoldsSql` make the
 * WHERE fragments every repository's scoped query composes. No statement runs here; that is why this
 * file may import drizzle-orm outside a repository (`.dependency-cruiser.cjs` SQL_OUTSIDE_REPOSITORIES).
 */
import type { Permission } from '@rcm/shared/permissions';
import type { Action } from '@rcm/shared/policies';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { forbidden } from '../../lib/errors.ts';
import { arr } from '../../lib/sql.ts';
import { can } from './can.ts';
import type { ScopeCaller } from './context.ts';

export type { ScopeCaller } from './context.ts';

/**
 * What part of the tenants a caller may see in one domain: every organization but those in `except`
 * (the organizations whose support access shuts the caller out, see `withheldOrganizations`), or
 * one organization narrowed to some of its locations unless `locationIds` is `'all'`.
 */
export type TenantScope =
  | { kind: 'all'; except: readonly number[] }
  | { kind: 'org'; organizationId: number; locationIds: readonly number[] | 'all' };

/** Every organization, none withheld: for reads a service makes after it checked the caller itself. */
export const EVERY_ORGANIZATION: TenantScope = { kind: 'all', except: [] };

export { REACH_OTHER_ORGANIZATIONS, reachesOtherOrganizations } from './reach.ts';

/** How a caller reaches one domain's tenant data. */
type DomainAccess = {
  /** Grants the caller's own organization; null: every caller who reaches the domain (its routes check permissions). */
  own: Permission | null;
  /** Any one of these grants every organization. */
  all: readonly Permission[];
  /** The `all` permissions count only together with `own` (they belong to another domain). */
  allNeedsOwn: boolean;
  /** Own access is narrowed to the member's locations; false: the organization as a whole. */
  byLocation: boolean;
};

/** Staff who see every organization's controllers, or every organization, see all of these domains. */
const FOLLOWS_CONTROLLERS = ['controllers_view_all', 'organization_view_all'] as const;

/** Every domain's access rule, in one place. */
export const DOMAIN_ACCESS = {
  controllers: { own: 'controllers_view', all: ['controllers_view_all'], allNeedsOwn: false, byLocation: true },
  alarms: { own: 'alarms_view', all: FOLLOWS_CONTROLLERS, allNeedsOwn: true, byLocation: true },
  jobs: { own: 'jobs_view', all: FOLLOWS_CONTROLLERS, allNeedsOwn: true, byLocation: true },
  assets: {
    own: 'assets_view',
    all: ['organization_view_all', 'locations_view_all', 'controllers_view_all'],
    allNeedsOwn: true,
    byLocation: true,
  },
  /** Stock and purchase orders belong to an organization as a whole (stock is not per store). */
  inventory: { own: 'inventory_view', all: ['organization_view_all'], allNeedsOwn: true, byLocation: false },
  reports: { own: 'reports_view', all: ['organization_view_all'], allNeedsOwn: true, byLocation: true },
  organizations: { own: 'organization_view', all: ['organization_view_all'], allNeedsOwn: false, byLocation: true },
  locations: { own: 'locations_view', all: ['locations_view_all'], allNeedsOwn: false, byLocation: true },
  /** An organization's locations as the pickers list them (the route needs an organization or location permission). */
  locationPicker: {
    own: null,
    all: ['organization_view_all', 'locations_view_all'],
    allNeedsOwn: false,
    byLocation: true,
  },
  /**
   * Users, teams and the audit log (the routes check settings_view or settings_update). Roles and alarm
   * types are shared by every organization; teams without an organization are too (`shared` columns).
   */
  settings: { own: null, all: ['organization_view_all'], allNeedsOwn: false, byLocation: false },
  /** Users as search finds them: the settings rule, for those who may view settings. */
  users: { own: 'settings_view', all: ['organization_view_all'], allNeedsOwn: true, byLocation: false },
} as const satisfies Record<string, DomainAccess>;

export type ScopeDomain = keyof typeof DOMAIN_ACCESS;

/** The caller's scope in a domain, or null when they may not see it at all. */
export function scopeFor(ctx: ScopeCaller, domain: ScopeDomain): TenantScope | null {
  const rule: DomainAccess = DOMAIN_ACCESS[domain];
  const own = rule.own === null || ctx.permissions.has(rule.own);
  if (rule.allNeedsOwn && !own) return null;
  if (rule.all.some((p) => ctx.permissions.has(p))) return { kind: 'all', except: ctx.withheldOrganizationIds };
  if (!own) return null;
  return {
    kind: 'org',
    organizationId: ctx.user.organizationId,
    locationIds: rule.byLocation ? ctx.locationIds : 'all',
  };
}

/** The caller's scope in a domain, after checking they may take every one of the actions (else 403). */
export function requireScope(ctx: ScopeCaller, domain: ScopeDomain, ...actions: Action[]): TenantScope {
  const scope = scopeFor(ctx, domain);
  if (!scope || actions.some((action) => !can(ctx, action))) throw forbidden();
  return scope;
}

/**
 * Whether the caller's support access lets them reach this organization at all (scopes exclude the
 * withheld ones already; this is for choices made by id, such as the organization a write goes to).
 */
export function reachesOrganization(ctx: ScopeCaller, organizationId: number): boolean {
  return organizationId === ctx.user.organizationId || !ctx.withheldOrganizationIds.includes(organizationId);
}

/** Whether a record placed at this organization and location is within the scope. */
export function inScope(
  scope: TenantScope,
  target: { organizationId: number | null; locationId: number | null },
): boolean {
  if (scope.kind === 'all') return target.organizationId === null || !scope.except.includes(target.organizationId);
  if (target.organizationId !== scope.organizationId) return false;
  return scope.locationIds === 'all' || (target.locationId !== null && scope.locationIds.includes(target.locationId));
}

/** Whether the scope reaches an organization at all (records of the organization as a whole). */
export function holdsOrganization(scope: TenantScope, organizationId: number | null): boolean {
  if (scope.kind === 'all') return organizationId === null || !scope.except.includes(organizationId);
  return scope.organizationId === organizationId;
}

/**
 * The columns that place a row in a tenant. Without `loc` the row belongs to its organization as a
 * whole; with `shared`, a row with no organization belongs to every organization.
 */
export type TenantColumns = { org: SQLWrapper; loc?: SQLWrapper; shared?: boolean };

/** The scope as a SQL condition over the given columns. */
export function scopeSql(scope: TenantScope, cols: TenantColumns): SQL {
  if (scope.kind === 'all') {
    if (scope.except.length === 0) return sql`true`;
    return sql`coalesce(${cols.org} <> all(${arr(scope.except)}::int[]), true)`;
  }
  const org = cols.shared
    ? sql`(${cols.org} = ${scope.organizationId} or ${cols.org} is null)`
    : sql`${cols.org} = ${scope.organizationId}`;
  if (!cols.loc || scope.locationIds === 'all') return org;
  return sql`(${org} and ${cols.loc} = any(${arr(scope.locationIds)}::int[]))`;
}

/**
 * socket.io rooms for a scope in a domain: `{domain}:all`, `{domain}:org:{id}` or `{domain}:loc:{id}`;
 * a caller who sees all but some organizations also joins `{domain}:withheld:{id}` for each of those,
 * the rooms an event about them is kept from (`withheldRoom`).
 */
export function scopeRooms(domain: string, scope: TenantScope): string[] {
  if (scope.kind === 'all') return [`${domain}:all`, ...scope.except.map((id) => withheldRoom(domain, id))];
  if (scope.locationIds === 'all') return [`${domain}:org:${scope.organizationId}`];
  return scope.locationIds.map((id) => `${domain}:loc:${id}`);
}

/** The room of the sockets an event about this organization's records must not reach (`except` of `io.to`). */
export function withheldRoom(domain: string, organizationId: number | null): string {
  return `${domain}:withheld:${organizationId ?? 'none'}`;
}

/** The rooms an event about this record goes to; each socket receives it once. */
export function targetRooms(
  domain: string,
  target: { organizationId: number | null; locationId: number | null },
): string[] {
  const rooms = [`${domain}:all`];
  if (target.organizationId !== null) rooms.push(`${domain}:org:${target.organizationId}`);
  if (target.locationId !== null) rooms.push(`${domain}:loc:${target.locationId}`);
  return rooms;
}

/** Whether a `roles` row holds the permission, as a SQL condition (the one SQL reading of a role's permissions). */
export const roleHoldsSql = (role: SQLWrapper, permission: Permission): SQL =>
  sql`${permission} = any(${role}.permissions)`;

/**
 * Who may see a domain's records placed at an organization and location, as a SQL condition over a
 * `users` row and its `roles` row: the same rule `scopeFor` applies to a caller (live accounts only).
 * Recipients, paging and the on-call warnings all ask it, so "may be told of an alarm" and "may see
 * the alarm" never differ.
 */
export function mayViewSql(
  domain: ScopeDomain,
  who: { user: SQLWrapper; role: SQLWrapper },
  place: { org: SQLWrapper; loc: SQLWrapper | null },
): SQL {
  const rule: DomainAccess = DOMAIN_ACCESS[domain];
  const { user: u, role: r } = who;
  const has = (p: Permission) => roleHoldsSql(r, p);
  const own = rule.own === null ? sql`true` : has(rule.own);
  const anyAll = rule.all.length === 0 ? sql`false` : sql.join(rule.all.map(has), sql` or `);
  const all = rule.allNeedsOwn ? sql`(${own} and (${anyAll}))` : sql`(${anyAll})`;
  const atLocation =
    rule.byLocation && place.loc !== null
      ? sql`(${u}.all_locations or exists (select 1 from user_locations ul
            where ul.user_id = ${u}.id and ul.location_id = ${place.loc}))`
      : rule.byLocation
        ? sql`${u}.all_locations`
        : sql`true`;
  return sql`(not ${u}.disabled and ${u}.deleted_at is null
    and ((${all} and ${supportOpenSql(u, place.org)}) or (${own} and ${u}.organization_id = ${place.org} and ${atLocation})))`;
}

/**
 * The support-access rule of `withheldOrganizations` in SQL, for a `users` row and an organization:
 * their own organization, one whose policy lets others in `always` (or has none), or one with `grant`
 * and an active grant covering them (the database's clock decides "active" here).
 */
function supportOpenSql(u: SQLWrapper, org: SQLWrapper): SQL {
  return sql`(${u}.organization_id = ${org} or not exists (select 1 from organization_security_policies sp
    where sp.organization_id = ${org} and sp.support_access <> 'always'
      and (sp.support_access = 'never' or not exists (select 1 from support_grants g
        where g.organization_id = ${org} and g.revoked_at is null and g.expires_at > now()
          and (g.grantee_user_id = ${u}.id or g.grantee_organization_id = ${u}.organization_id)))))`;
}
