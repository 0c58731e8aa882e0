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
