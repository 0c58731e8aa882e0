import type { Permission } from '@rcm/shared/permissions';
import type { SessionRecord, UserRecord } from './repo.ts';

/** Who is calling, resolved once per request from the bearer token. */
export type AuthContext = {
  user: UserRecord;
  permissions: ReadonlySet<Permission>;
  locationIds: readonly number[] | 'all';
  session: SessionRecord;
  token: string;
  impersonatorUserId: number | null;
};

/**
 * What a tenant scope is decided from (`scope.ts`): a request's caller, or a person acting without a
 * session (an acknowledge link, a reply to an SMS), loaded as they are now.
 */
export type ScopeCaller = {
  user: Pick<UserRecord, 'id' | 'organizationId'>;
  permissions: ReadonlySet<Permission>;
  locationIds: readonly number[] | 'all';
};
