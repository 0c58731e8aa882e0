import type { ReauthAnswer, ReauthBody } from '@rcm/shared/api-tokens';
import { normalizeLocale } from '@rcm/shared/locale';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChangeDeps } from '../audit/repo.ts';
import { auditActor } from '../audit/repo.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { renderSigningAlertEmail } from './account-emails.ts';
import type { ApiTokensRepo, ReauthMethod, ReauthPurpose } from './api-tokens-repo.ts';
import type { SessionContext } from './context.ts';
import type { Mfa } from './mfa-service.ts';
import { verifyPassword } from './passwords.ts';
import type { ReauthFailuresRepo } from './reauth-failures-repo.ts';
import { hashToken, newToken } from './tokens.ts';

/** A proof lives two minutes and serves once. */
export const REAUTH_TTL_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
/** This many failed re-authentications for a signature by one person within the window alert their administrators. */
export const SIGNING_FAILURES_ALERT = 3;
export const SIGNING_FAILURES_WINDOW_MS = 15 * 60_000;

/** A wrong password, code or passkey assertion (not a missing proof, nor a method the person lacks). */
class WrongProof extends AppError {
  constructor(
    readonly method: ReauthMethod | 'code',
    field: 'password' | 'code',
    key: 'wrong_password' | 'mfa_code_wrong',
  ) {
    super(422, field === 'password' ? 'wrong_password' : 'validation_failed', { fields: [{ field, key }] });
  }
}
const wrongCode = (method: ReauthMethod | 'code') => new WrongProof(method, 'code', 'mfa_code_wrong');

/**
 * Re-authentication: a person proves again that they are at the keyboard, with their password or,
 * when they have a second factor, a TOTP or recovery code (or a passkey, once that method is
 * registered), and gets a single-use proof for one sensitive change of the same session (creating a
 * token, adding or removing a factor), or, asked with `purpose: "signature"`, for one HACCP signature.
 */
export function createReauth(
  deps: ChangeDeps & {
    repo: ApiTokensRepo;
    failures: ReauthFailuresRepo;
    mfa: Mfa;
    /** The email outbox the administrators' alerts are queued in. */
    outbox: EmailOutboxRepo;
    /** The console's address, for the administrators' alert's link. */
    publicUrl: () => string;
  },
) {
  const { db, repo, failures, audit, now, mfa } = deps;

  /** The method the body proves, in the proof's transaction (a code is used up with it); 422 when wrong. */
  async function prove(ctx: SessionContext, body: ReauthBody, tx: Tx): Promise<ReauthMethod> {
    if (body.password !== undefined) {
      if (!(await verifyPassword(ctx.user.passwordHash, body.password)))
        throw new WrongProof('password', 'password', 'wrong_password');
      return 'password';
    }
    if (body.code !== undefined || body.response !== undefined) {
      if (!(await mfa.hasFactor(ctx.user.id, tx))) throw new AppError(422, 'mfa_method_unavailable');
      if (body.response !== undefined) {
        if (!(await mfa.prove('webauthn', ctx.user, { response: body.response }, tx))) throw wrongCode('webauthn');
        return 'webauthn';
      }
      const method = await mfa.proveByCode(ctx.user, body.code ?? '', tx);
      if (!method) throw wrongCode('code');
      return method;
    }
    throw new AppError(422, 'validation_failed', { fields: [{ field: 'password', key: 'reauth_proof_missing' }] });
  }

  /**
   * A wrong proof asked for a signature: recorded and audited (`auth.reauth_failed`); the one that
   * makes `SIGNING_FAILURES_ALERT` within `SIGNING_FAILURES_WINDOW_MS` emails the organization's
   * administrators and is audited `auth.signing_alert`.
   */
  async function signingFailed(ctx: SessionContext, purpose: ReauthPurpose, method: string): Promise<void> {
    const at = now();
    await db.transaction(async (tx) => {
      const since = new Date(at.getTime() - SIGNING_FAILURES_WINDOW_MS);
      const count = await failures.fail(ctx.user.id, purpose, at, since, tx);
      const entry = {
        ...auditActor(ctx),
        organizationId: ctx.user.organizationId,
        subjectType: 'user',
        subjectId: ctx.user.id,
      };
      await audit.record({ ...entry, action: 'auth.reauth_failed', after: { purpose, method } }, tx);
      if (count !== SIGNING_FAILURES_ALERT) return;
      const admins = await failures.administrators(ctx.user.organizationId, tx);
      const link = `${deps.publicUrl()}/settings/audit-log`;
      for (const admin of admins) {
        const locale = normalizeLocale(admin.language);
        const mail = renderSigningAlertEmail({
          locale,
          name: ctx.user.name,
          email: ctx.user.email,
          failures: count,
          minutes: SIGNING_FAILURES_WINDOW_MS / 60_000,
          link,
        });
        await deps.outbox.enqueue({ kind: 'signing_alert', to: admin.email, locale, userId: admin.id, ...mail }, tx);
      }
      await audit.record(
        {
          ...entry,
          action: 'auth.signing_alert',
          after: { failures: count, minutes: SIGNING_FAILURES_WINDOW_MS / 60_000, alerted: admins.map((a) => a.id) },
        },
        tx,
      );
    });
  }

  async function spend(
    ctx: SessionContext,
    reauthToken: string | undefined,
    purpose: ReauthPurpose | null,
    tx: DbOrTx,
  ): Promise<ReauthMethod> {
    const method = reauthToken
      ? await repo.consumeReauth(hashToken(reauthToken), ctx.session.id, purpose, now(), tx)
      : null;
    if (!method) throw new AppError(401, 'reauth_required');
    return method;
  }

  return {
    async withProof(ctx: SessionContext, body: ReauthBody): Promise<ReauthAnswer> {
      const token = newToken();
      const expiresAt = new Date(now().getTime() + REAUTH_TTL_MS);
      const purpose = body.purpose ?? null;
      try {
        await db.transaction(async (tx) => {
          const method = await prove(ctx, body, tx);
          await repo.pruneReauth(new Date(now().getTime() - DAY_MS), tx);
          await repo.insertReauth(
            { tokenHash: hashToken(token), userId: ctx.user.id, sessionId: ctx.session.id, method, purpose, expiresAt },
            tx,
          );
          await audit.recordBy(
            auditActor(ctx),
            {
              organizationId: ctx.user.organizationId,
              action: 'auth.reauth',
              subjectType: 'user',
              subjectId: ctx.user.id,
              after: purpose ? { method, purpose } : { method },
            },
            tx,
          );
        });
      } catch (err) {
        // After the proof's transaction rolled back (a code tried stays unspent).
        if (err instanceof WrongProof && purpose) await signingFailed(ctx, purpose, err.method);
        throw err;
      }
      return { reauth_token: token, expires_at: expiresAt.toISOString() };
    },

    /**
     * Uses up the proof in the change's transaction; 401 `reauth_required` when it is missing, used,
     * old, or made for a signature (a signature's proof serves nothing else).
     */
    async consume(ctx: SessionContext, reauthToken: string | undefined, tx: DbOrTx): Promise<void> {
      await spend(ctx, reauthToken, null, tx);
    },

    /** The same for a signature: spends only a proof made for one; the method it was proved with. */
    spendForSignature: (ctx: SessionContext, reauthToken: string | undefined, tx: DbOrTx): Promise<ReauthMethod> =>
      spend(ctx, reauthToken, 'signature', tx),
  };
}

export type Reauth = ReturnType<typeof createReauth>;
