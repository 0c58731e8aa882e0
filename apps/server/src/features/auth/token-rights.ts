import { TOKEN_DENIED_PERMISSIONS } from '@rcm/shared/api-tokens';
import { isPermission, type Permission } from '@rcm/shared/permissions';

/** Permissions that reach every organization: an organization's token never carries them. */
const EVERY_ORGANIZATION: readonly Permission[] = [
  'organization_view_all',
  'locations_view_all',
  'controllers_view_all',
];

export type TokenGrant = {
  organizationId: number | null;
  permissions: readonly string[];
  locationIds: readonly number[] | null;
};

export type Creator = {
  organizationId: number;
  permissions: readonly string[];
  /** 'all' or the member's locations, as they are now. */
  locationIds: readonly number[] | 'all';
  disabled: boolean;
};

export type TokenRights = {
  /** The organization the token acts in (its own, or the creator's when it names none). */
  organizationId: number;
  permissions: ReadonlySet<Permission>;
  locationIds: readonly number[] | 'all';
};

/**
 * What a token may do right now: what it names AND what its creator holds now, never more. Null when
 * it may do nothing (a disabled creator, or one who no longer sees the token's organization). Asked on
 * every use, so a permission the creator loses is gone from their tokens on the next request.
 */
export function tokenRights(grant: TokenGrant, creator: Creator): TokenRights | null {
  if (creator.disabled) return null;
  const held = new Set(creator.permissions);
  const seesAll = held.has('organization_view_all');
  const otherOrganization = grant.organizationId !== null && grant.organizationId !== creator.organizationId;
  if ((grant.organizationId === null || otherOrganization) && !seesAll) return null;
  const permissions = new Set<Permission>();
  for (const p of grant.permissions) {
    if (!isPermission(p) || !held.has(p) || TOKEN_DENIED_PERMISSIONS.includes(p)) continue;
    if (grant.organizationId !== null && EVERY_ORGANIZATION.includes(p)) continue;
    permissions.add(p);
  }
  // In the creator's own organization their locations bound the token's; another one they see whole.
  const reach = otherOrganization ? 'all' : creator.locationIds;
  let locationIds: readonly number[] | 'all';
  if (grant.locationIds === null) locationIds = reach;
  else if (reach === 'all') locationIds = grant.locationIds;
  else locationIds = grant.locationIds.filter((id) => reach.includes(id));
  return { organizationId: grant.organizationId ?? creator.organizationId, permissions, locationIds };
}
