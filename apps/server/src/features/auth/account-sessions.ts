import type { AccountSession } from '@rcm/shared/sessions';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import type { SessionContext } from './context.ts';
import { beyondLimits } from './contexts.ts';
import type { Mfa } from './mfa-service.ts';
import type { AuthRepo } from './repo.ts';

/** A person's own sessions on the account page: the live ones, and ending one or all the others. */
export function createAccountSessions(deps: { db: Db; repo: AuthRepo; audit: AuditRepo; mfa: Mfa; now: () => Date }) {
  const { db, repo, audit, mfa, now } = deps;

  /** The person ended sessions of their own (`after`: which), in the change's transaction. */
  const recordSessionsEnded = (ctx: SessionContext, after: Record<string, unknown>, tx: Tx) =>
    audit.recordBy(
      auditActor(ctx),
      {
        organizationId: ctx.user.organizationId,
        action: 'auth.session_revoked',
        subjectType: 'user',
        subjectId: ctx.user.id,
        after,
      },
      tx,
    );

  return {
    /** The person's live sessions (those past the policy's limits are over), the current one marked. */
    async sessions(ctx: SessionContext): Promise<AccountSession[]> {
      const policy = await mfa.policyFor(ctx.user.organizationId);
      const limits = { idleMinutes: policy.session_idle_minutes, maxHours: policy.session_max_hours };
      const rows = (await repo.listLiveSessions(ctx.user.id, now())).filter((r) => !beyondLimits(r, limits, now()));
      return rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt.toISOString(),
        ip: r.ip,
        user_agent: r.userAgent,
        method: r.method,
        current: r.id === ctx.session.id,
      }));
    },

    /** Ends one of the person's own sessions (404 for any other), audited. */
    async endSession(ctx: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        if (!(await repo.revokeOwnSession(ctx.user.id, id, now(), tx))) throw new AppError(404, 'not_found');
        await recordSessionsEnded(ctx, { session_id: id }, tx);
      });
    },

    /** Ends every other session of the person, this one kept, audited. */
    async endOtherSessions(ctx: SessionContext) {
      await db.transaction(async (tx) => {
        await repo.revokeUserSessions(ctx.user.id, now(), ctx.session.id, tx);
        await recordSessionsEnded(ctx, { sessions: 'others' }, tx);
      });
    },
  };
}
