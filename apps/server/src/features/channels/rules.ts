import type { DbOrTx } from '../../db/client.ts';
import type { ContactMethodType, RuleMethod } from '../../db/schema-channels.ts';
import { rulesForPaging } from './account-repo.ts';
import { hasPushSubscription } from './push-repo.ts';

export type PagingRule = {
  method: RuleMethod;
  delayMinutes: number;
  contactMethodId: number | null;
  type: ContactMethodType | null;
  /** A number: verified; push: the person has a device subscribed (else the rule reaches nobody). */
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
  const rules = rows.length === 0 ? DEFAULTS : rows.map((r) => ({ ...r, verified: Boolean(r.verified) }));
  if (!rules.some((r) => r.method === 'push')) return rules;
  const push = await hasPushSubscription(tx, userId);
  return rules.map((r) => (r.method === 'push' ? { ...r, verified: push } : r));
}
