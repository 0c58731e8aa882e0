import type { Permission } from '@rcm/shared/permissions';
import type { Db } from '../../db/client.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import type { AuthContext, CoveringGrant } from './context.ts';
import { reachesOtherOrganizations } from './reach.ts';
import type { SupportRow } from './resolve-token.ts';
import type { SupportRepo } from './support-repo.ts';

/** What the support access of organizations means for one caller, loaded once per request. */
export type SupportAccessOfCaller = { withheld: number[]; grants: CoveringGrant[] };

const NONE: SupportAccessOfCaller = Object.freeze({ withheld: [], grants: [] }) as unknown as SupportAccessOfCaller;

/**
 * The support-access rule (the organization's security policy, `support_access`): people of other
 * organizations, the service company's `*_view_all` staff included, reach an organization whose
 * policy says `never` not at all, and one whose policy says `grant` only while an active support
 * grant names them or their organization; `always` (or no policy) changes nothing. The caller's
 * context carries the organizations it keeps them from (`withheldOrganizationIds`), and every tenant
 * scope (`scope.ts` `scopeFor`) excludes those, so lists, direct reads, changes, reports, search and
 * realtime rooms follow one rule. Loaded in one statement per request, and only for callers whose
 * permissions reach other organizations at all (everybody else sees their own organization only).
 */
export function createSupportAccess(deps: { db: Db; repo: SupportRepo; audit: AuditRepo; now: () => Date }) {
  const { db, repo, audit, now } = deps;
  /** Uses already recorded by this instance (grant:user:day): a day's later requests write nothing. */
  const recorded = new Set<string>();

  /** The restricted organizations (not the caller's own), as the session's statement reads them too. */
  async function restricted(user: { id: number; organizationId: number }): Promise<SupportRow[]> {
    const rows = await repo.restrictedOrganizations(user);
    return rows.map((r) => [
      Number(r.organization_id),
      r.support_access,
      r.grant_id == null ? null : Number(r.grant_id),
      r.expires_ms == null ? null : Number(r.expires_ms),
    ]);
  }

  /** The grant of a row that covers the caller now (its expiry on the instance's clock), or null. */
  const covering = (row: SupportRow): number | null => {
    const [, access, grantId, expiresMs] = row;
    if (access !== 'grant' || grantId == null || expiresMs == null) return null;
    return Number(expiresMs) > now().getTime() ? Number(grantId) : null;
  };

  /** What the restricted organizations' rows mean for the caller now. */
  function decide(rows: readonly SupportRow[]): SupportAccessOfCaller {
    if (rows.length === 0) return NONE;
    const withheld: number[] = [];
    const grants: CoveringGrant[] = [];
    for (const row of rows) {
      const organizationId = Number(row[0]);
      const grantId = covering(row);
      if (grantId === null) withheld.push(organizationId);
      else grants.push({ id: grantId, organizationId });
    }
    return { withheld: withheld.sort((a, b) => a - b), grants };
  }

  return {
    /** The organizations withheld from a caller and the grants that open others to them (one statement). */
    async load(
      user: { id: number; organizationId: number },
      permissions: ReadonlySet<Permission>,
    ): Promise<SupportAccessOfCaller> {
      if (!reachesOtherOrganizations(permissions)) return NONE;
      return decide(await restricted(user));
    },

    /** The same from the rows the session's own statement read (resolve-token.ts): no round trip more. */
    decide,

    /**
     * A request made under grants: `support_grant.used` in the granting organization's audit log,
     * once per grant, person and UTC day (a unique row per day decides, so several instances agree).
     */
    async recordUses(ctx: AuthContext): Promise<void> {
      if (ctx.supportGrants.length === 0) return;
      const day = now().toISOString().slice(0, 10);
      for (const grant of ctx.supportGrants) {
        const key = `${grant.id}:${ctx.user.id}:${day}`;
        if (recorded.has(key)) continue;
        await db.transaction(async (tx) => {
          if (!(await repo.recordGrantUse({ grantId: grant.id, userId: ctx.user.id, day }, tx))) return;
          await audit.recordBy(
            auditActor(ctx),
            {
              organizationId: grant.organizationId,
              action: 'support_grant.used',
              subjectType: 'support_grant',
              subjectId: grant.id,
              after: { day },
            },
            tx,
          );
        });
        if (recorded.size >= 10_000) recorded.clear();
        recorded.add(key);
      }
    },

    /**
     * Whether a person may sign in as someone of this organization as far as its support access
     * goes: their own organization and `always` need nothing; `grant` needs an active grant covering
     * them (its id is answered, for the audit entry); `never` refuses.
     */
    async forImpersonation(
      admin: { id: number; organizationId: number },
      organizationId: number,
    ): Promise<{ allowed: boolean; grantId: number | null; required: boolean }> {
      if (organizationId === admin.organizationId) return { allowed: true, grantId: null, required: false };
      const row = (await restricted(admin)).find((r) => Number(r[0]) === organizationId);
      if (!row) return { allowed: true, grantId: null, required: false };
      const grantId = covering(row);
      return { allowed: grantId !== null, grantId, required: true };
    },

    /** Whether an impersonation by this administrator may go on (its grant may have ended since it began). */
    async impersonationLive(adminUserId: number, organizationId: number): Promise<boolean> {
      const adminOrganizationId = await repo.userOrganization(adminUserId, { deleted: true });
      if (adminOrganizationId === null) return false;
      const access = await this.forImpersonation(
        { id: adminUserId, organizationId: adminOrganizationId },
        organizationId,
      );
      return access.allowed;
    },
  };
}

export type SupportAccess = ReturnType<typeof createSupportAccess>;
