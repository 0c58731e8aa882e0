import type { Permission } from '@rcm/shared/permissions';
import type { SessionRecord, UserRecord } from './repo.ts';

/** The integration token a request came with (`rcm_…`): the caller is its creator, within its rights. */
export type ApiTokenCaller = { id: number; name: string };

/**
 * Who is calling, resolved once per request from the bearer token: a person's session, or an
 * integration token (then `session` is null, `apiToken` names it, and `permissions` and `locationIds`
 * are the token's rights, never more than its creator's).
 */
export type AuthContext = {
  user: UserRecord;
  permissions: ReadonlySet<Permission>;
  locationIds: readonly number[] | 'all';
  session: SessionRecord | null;
  apiToken: ApiTokenCaller | null;
  token: string;
  impersonatorUserId: number | null;
  /**
   * Organizations whose support access keeps this caller out (`never`, or `grant` without an active
   * grant covering them), loaded with the context (support-grants.ts): every scope excludes them.
   */
  withheldOrganizationIds: readonly number[];
  /** The active grants that let this caller into an organization that requires one (their use is audited). */
  supportGrants: readonly CoveringGrant[];
};

/** An active grant covering a caller: which, and the organization it opens. */
export type CoveringGrant = { id: number; organizationId: number };

/** A person's own session: what the account, identity and signing routes act on. */
export type SessionContext = AuthContext & { session: SessionRecord; apiToken: null };

/**
 * What a tenant scope is decided from (`scope.ts`): a request's caller, or a person acting without a
 * session (an acknowledge link, a reply to an SMS), loaded as they are now.
 */
export type ScopeCaller = {
  user: Pick<UserRecord, 'id' | 'organizationId'>;
  permissions: ReadonlySet<Permission>;
  locationIds: readonly number[] | 'all';
  /** Organizations this caller may not reach whatever their permissions (scope.ts `TenantScope` `except`). */
  withheldOrganizationIds: readonly number[];
};
