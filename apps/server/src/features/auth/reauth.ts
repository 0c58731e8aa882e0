import type { ReauthAnswer } from '@rcm/shared/api-tokens';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { auditActor } from '../audit/repo.ts';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import type { SessionContext } from './context.ts';
import { verifyPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

/** A proof lives two minutes and serves once. */
export const REAUTH_TTL_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Re-authentication: a person proves again, with their password, that they are at the keyboard, and
 * gets a single-use proof for one sensitive change of the same session (creating a token).
 */
export function createReauth(deps: { db: Db; repo: ApiTokensRepo; audit: AuditRepo; now: () => Date }) {
  const { db, repo, audit, now } = deps;
  return {
    async withPassword(ctx: SessionContext, password: string): Promise<ReauthAnswer> {
      const ok = await verifyPassword(ctx.user.passwordHash, password);
      if (!ok) throw new AppError(422, 'wrong_password', { fields: [{ field: 'password', key: 'wrong_password' }] });
      const token = newToken();
      const expiresAt = new Date(now().getTime() + REAUTH_TTL_MS);
      await db.transaction(async (tx) => {
        await repo.pruneReauth(new Date(now().getTime() - DAY_MS), tx);
        await repo.insertReauth(
          {
            tokenHash: hashToken(token),
            userId: ctx.user.id,
            sessionId: ctx.session.id,
            method: 'password',
            expiresAt,
          },
          tx,
        );
        await audit.record(
          {
            ...auditActor(ctx),
            organizationId: ctx.user.organizationId,
            action: 'auth.reauth',
            subjectType: 'user',
            subjectId: ctx.user.id,
            after: { method: 'password' },
          },
          tx,
        );
      });
      return { reauth_token: token, expires_at: expiresAt.toISOString() };
    },

    /** Uses up the proof in the change's transaction; 401 `reauth_required` when it is missing, used or old. */
    async consume(ctx: SessionContext, reauthToken: string | undefined, tx: DbOrTx): Promise<void> {
      if (!reauthToken || !(await repo.consumeReauth(hashToken(reauthToken), ctx.session.id, now(), tx))) {
        throw new AppError(401, 'reauth_required');
      }
    },
  };
}

export type Reauth = ReturnType<typeof createReauth>;
