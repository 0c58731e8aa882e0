import type { DbOrTx } from '../../db/client.ts';
import type { ContactMethodType, RuleMethod } from '../../db/schema-channels.ts';
import { rulesForPaging } from './account-repo.ts';

export type PagingRule = {
  method: RuleMethod;
  delayMinutes: number;
  contactMethodId: number | null;
  type: ContactMethodType | null;
  verified: boolean;
};

/** The defaults of a person who saved no rules: push and email at once. */
const DEFAULTS: readonly PagingRule[] = [
  { method: 'push', delayMinutes: 0, contactMethodId: null, type: null, verified: false },
  { method: 'email', delayMinutes: 0, contactMethodId: null, type: null, verified: false },
];

/** How a paged person wants to be reached, read in the paging transaction. */
export async function personRules(tx: DbOrTx, userId: number): Promise<readonly PagingRule[]> {
  const rows = await rulesForPaging(tx, userId);
  if (rows.length === 0) return DEFAULTS;
  return rows.map((r) => ({ ...r, verified: Boolean(r.verified) }));
}
