import type { ReauthAnswer, ReauthBody } from '@rcm/shared/api-tokens';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditRepo } from '../audit/repo.ts';
import { auditActor } from '../audit/repo.ts';
import type { ApiTokensRepo, ReauthMethod } from './api-tokens-repo.ts';
import type { SessionContext } from './context.ts';
import type { Mfa } from './mfa-service.ts';
import { verifyPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

/** A proof lives two minutes and serves once. */
export const REAUTH_TTL_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

const wrongCode = () => new AppError(422, 'validation_failed', { fields: [{ field: 'code', key: 'mfa_code_wrong' }] });

/**
 * Re-authentication: a person proves again that they are at the keyboard, with their password or,
 * when they have a second factor, a TOTP or recovery code (or a passkey, once that method is
 * registered), and gets a single-use proof for one sensitive change of the same session (creating a
 * token, adding or removing a factor).
 */
export function createReauth(deps: { db: Db; repo: ApiTokensRepo; audit: AuditRepo; now: () => Date; mfa: Mfa }) {
  const { db, repo, audit, now, mfa } = deps;

  /** The method the body proves, in the proof's transaction (a code is used up with it); 422 when wrong. */
  async function prove(ctx: SessionContext, body: ReauthBody, tx: Tx): Promise<ReauthMethod> {
    if (body.password !== undefined) {
      if (!(await verifyPassword(ctx.user.passwordHash, body.password)))
        throw new AppError(422, 'wrong_password', { fields: [{ field: 'password', key: 'wrong_password' }] });
      return 'password';
    }
    if (body.code !== undefined || body.response !== undefined) {
      if (!(await mfa.hasFactor(ctx.user.id, tx))) throw new AppError(422, 'mfa_method_unavailable');
      if (body.response !== undefined) {
        if (!(await mfa.prove('webauthn', ctx.user, { response: body.response }, tx))) throw wrongCode();
        return 'webauthn';
      }
      const method = await mfa.proveByCode(ctx.user, body.code ?? '', tx);
      if (!method) throw wrongCode();
      return method;
    }
    throw new AppError(422, 'validation_failed', { fields: [{ field: 'password', key: 'reauth_proof_missing' }] });
  }

  return {
    async withProof(ctx: SessionContext, body: ReauthBody): Promise<ReauthAnswer> {
      const token = newToken();
      const expiresAt = new Date(now().getTime() + REAUTH_TTL_MS);
      await db.transaction(async (tx) => {
        const method = await prove(ctx, body, tx);
        await repo.pruneReauth(new Date(now().getTime() - DAY_MS), tx);
        await repo.insertReauth(
          { tokenHash: hashToken(token), userId: ctx.user.id, sessionId: ctx.session.id, method, expiresAt },
          tx,
        );
        await audit.record(
          {
            ...auditActor(ctx),
            organizationId: ctx.user.organizationId,
            action: 'auth.reauth',
            subjectType: 'user',
            subjectId: ctx.user.id,
            after: { method },
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
