import { isPermission, type Permission } from '@rcm/shared/permissions';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import type { AuthContext, SessionContext } from './context.ts';
import type { AuthRepo, ResolvedToken, SessionRecord, UserRecord } from './repo.ts';
import type { SessionLimits } from './resolve-token.ts';
import type { SupportAccess, SupportAccessOfCaller } from './support-access.ts';
import { tokenRights } from './token-rights.ts';
import { hashToken } from './tokens.ts';

const HOUR = 3_600_000;

/**
 * A permission list as a set, one per list object: the resolved session's list is shared by every
 * request of the same role text (repo.ts permissionList), so the set is built once for it too.
 */
const permissionSets = new WeakMap<readonly string[], ReadonlySet<Permission>>();
export function permissionSet(list: readonly string[]): ReadonlySet<Permission> {
  let set = permissionSets.get(list);
  if (!set) {
    set = new Set(list.filter(isPermission));
    permissionSets.set(list, set);
  }
  return set;
}

/** A person's session context from what was read of them and what support access withholds. */
const personContext = (
  parts: Pick<SessionContext, 'user' | 'permissions' | 'locationIds' | 'session' | 'token' | 'impersonatorUserId'>,
  access: SupportAccessOfCaller,
): SessionContext => ({
  ...parts,
  apiToken: null,
  withheldOrganizationIds: access.withheld,
  supportGrants: access.grants,
});

/**
 * A request's context: a person's session (their permissions, locations, the impersonating
 * administrator, what the organizations' support access withholds from them) or an integration
 * token's (its creator acting with the token's rights).
 */
export function createContexts(deps: {
  repo: AuthRepo;
  apiTokens: ApiTokensRepo;
  support: SupportAccess;
  now: () => Date;
}) {
  const { repo, apiTokens, support, now } = deps;

  async function contextFor(user: UserRecord, session: SessionRecord, token: string): Promise<SessionContext> {
    const permissions = new Set(user.permissions.filter(isPermission));
    const locationIds = user.allLocations ? 'all' : await repo.userLocationIds(user.id);
    let impersonatorUserId: number | null = null;
    if (session.impersonatorSessionId) {
      const admin = await repo.findSessionById(session.impersonatorSessionId);
      impersonatorUserId = admin?.userId ?? null;
    }
    return personContext(
      { user, permissions, locationIds, session, token, impersonatorUserId },
      await support.load(user, permissions),
    );
  }

  /**
   * An integration token's context: its creator as the user, acting in the token's organization with
   * the token's rights as they are now (token-rights.ts). Null when the token is not live or may do
   * nothing. "Last used" is kept to the minute, as a session's.
   */
  async function apiTokenContext(token: string): Promise<AuthContext | null> {
    const row = await apiTokens.findLive(hashToken(token), now());
    if (!row) return null;
    const creator = await repo.findUserById(row.userId);
    if (!creator) return null;
    const creatorLocations = creator.allLocations ? 'all' : await repo.userLocationIds(creator.id);
    const rights = tokenRights(row, { ...creator, locationIds: creatorLocations });
    if (!rights) return null;
    if (!row.lastUsedAt || now().getTime() - row.lastUsedAt.getTime() > 60_000) await apiTokens.touch(row.id, now());
    const organizationName =
      rights.organizationId === creator.organizationId ? creator.organizationName : (row.organizationName ?? '');
    // The creator's reach, by their own organization: a token placed in one that keeps them out does nothing.
    const access = await support.load(creator, permissionSet(creator.permissions));
    if (access.withheld.includes(rights.organizationId)) return null;
    const ctx: AuthContext = {
      user: { ...creator, organizationId: rights.organizationId, organizationName },
      permissions: rights.permissions,
      locationIds: rights.locationIds,
      session: null,
      apiToken: { id: row.id, name: row.name },
      token,
      impersonatorUserId: null,
      withheldOrganizationIds: access.withheld,
      supportGrants: access.grants,
    };
    await support.recordUses(ctx);
    return ctx;
  }

  /** The request's context from a resolved token row; null when the user or impersonation is not live. */
  async function contextOf(row: ResolvedToken | undefined, token: string): Promise<AuthContext | null> {
    if (!row || row.user.disabled) return null;
    const { user, session, admin, limits } = row;
    // The organization policy's idle and absolute limits: a session past either ends here.
    if (beyondLimits(session, limits, now())) {
      await repo.revokeSession(session.id, now());
      return null;
    }
    // An impersonation lives only as long as the administrator's own session.
    if (
      session.impersonatorSessionId &&
      (!admin?.userId || admin.revokedAt || !admin.expiresAt || admin.expiresAt <= now())
    )
      return null;
    // "Last used" is kept to the minute: a write on every request would cost more than it tells.
    if (!session.lastUsedAt || now().getTime() - session.lastUsedAt.getTime() > 60_000) {
      await repo.touchSession(session.id, now());
    }
    // An impersonation of someone whose organization admits others only with a grant ends with the grant.
    if (
      session.impersonatorSessionId &&
      admin?.userId &&
      !(await support.impersonationLive(admin.userId, user.organizationId))
    )
      return null;
    const locationIds = row.locationIds === null ? 'all' : row.locationIds.map(Number);
    const permissions = permissionSet(user.permissions);
    // Read with the session, in its statement: the restricted organizations and the caller's grants.
    const access = support.decide(row.support);
    const impersonatorUserId = session.impersonatorSessionId ? (admin?.userId ?? null) : null;
    const ctx = personContext({ user, permissions, locationIds, session, token, impersonatorUserId }, access);
    await support.recordUses(ctx);
    return ctx;
  }

  return { contextFor, apiTokenContext, contextOf };
}

/**
 * Whether a session is past its organization's limits: unused for longer than the idle limit ("last
 * used" is kept to the minute, so it ends within a minute of the limit), or older than the absolute one.
 */
export function beyondLimits(
  session: Pick<SessionRecord, 'lastUsedAt' | 'createdAt'>,
  limits: SessionLimits,
  now: Date,
): boolean {
  const t = now.getTime();
  if (
    limits.idleMinutes !== null &&
    session.lastUsedAt &&
    t - session.lastUsedAt.getTime() > limits.idleMinutes * 60_000
  )
    return true;
  return limits.maxHours !== null && !!session.createdAt && t - session.createdAt.getTime() > limits.maxHours * HOUR;
}
