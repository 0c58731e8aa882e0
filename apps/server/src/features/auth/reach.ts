import type { Permission } from '@rcm/shared/permissions';

/**
 * The permissions that reach beyond the caller's own organization (the service company's staff): the
 * callers the organizations' support access concerns (support-access.ts). Kept apart from scope.ts so
 * the session's statement (resolve-token.ts) can name them without an import circle.
 */
export const REACH_OTHER_ORGANIZATIONS: readonly Permission[] = [
  'organization_view_all',
  'locations_view_all',
  'controllers_view_all',
];

/** Whether a caller could reach other organizations at all, so their support access matters to them. */
export function reachesOtherOrganizations(permissions: ReadonlySet<Permission>): boolean {
  return REACH_OTHER_ORGANIZATIONS.some((p) => permissions.has(p));
}
