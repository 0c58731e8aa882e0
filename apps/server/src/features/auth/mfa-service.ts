import type {
  MfaEnrollmentRequired,
  MfaMethod,
  MfaRequired,
  MfaStatus,
  TotpCreated,
  TotpVerified,
} from '@rcm/shared/mfa';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { mfaFactors } from '../../db/schema-factors.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, auditActor, personActor } from '../audit/repo.ts';
import type { AuthContext, SessionContext } from './context.ts';
import { createMfaCore, type MfaDeps } from './mfa-core.ts';
import {
  codeWrong,
  ENROLLMENT_TOKEN_TTL_MS,
  MFA_TOKEN_TTL_MS,
  type MfaVerifier,
  type Person,
  policyRequires,
  RECOVERY_CODES,
  toFactor,
} from './mfa-rules.ts';
import type { UserRecord } from './repo.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * Second factors: TOTP enrollment and checks, recovery codes, the sign-in's second step (`mfa_token`)
 * and enrollment at sign-in (`enrollment_token`), removal and an administrator's reset, and the
 * organization security policy that decides who must have one.
 */
export function createMfa(deps: MfaDeps) {
  const { db, repo, audit, now } = deps;
  const core = createMfaCore(deps);

  return {
    policyFor: core.policyFor,

    /** Lets another method (passkeys) answer the second step and re-authentication. */
    registerVerifier(method: MfaMethod, verify: MfaVerifier) {
      core.verifiers[method] = verify;
    },

    /**
     * After a correct password: the second step the person owes, or null when the password is enough.
     * `mfa_required` for a person with a factor; `mfa_enrollment_required` where the policy requires
     * one they have not got.
     */
    async stepAfterPassword(person: Person, remember: boolean): Promise<MfaRequired | MfaEnrollmentRequired | null> {
      const policy = await core.policyFor(person.organizationId);
      const methods = await core.methodsOf(person, policy);
      const required = policyRequires(policy, person);
      if (methods.length === 0 && !required) return null;
      const token = newToken();
      const purpose = methods.length > 0 ? 'mfa' : 'enrollment';
      await db.transaction(async (tx) => {
        await repo.pruneChallenges(new Date(now().getTime() - 24 * 3_600_000), tx);
        await repo.insertChallenge(
          {
            tokenHash: hashToken(token),
            userId: person.id,
            purpose,
            remember,
            expiresAt: new Date(now().getTime() + (purpose === 'mfa' ? MFA_TOKEN_TTL_MS : ENROLLMENT_TOKEN_TTL_MS)),
            createdAt: now(),
          },
          tx,
        );
      });
      if (purpose === 'mfa') return { mfa_required: true, mfa_token: token, methods };
      return { mfa_enrollment_required: true, enrollment_token: token, allowed_methods: policy.allowed_methods };
    },

    /**
     * The second step (`POST /api/auth/login/mfa`): the person who proved the method, and whether the
     * session is to be remembered. 401 `mfa_token_invalid` once the token is used, five minutes old or
     * tried ten times; 422 for a wrong code; every try audited as `auth.mfa_challenge`.
     */
    async passChallenge(
      token: string,
      input: { method: MfaMethod; code?: string; response?: Record<string, unknown> },
      open: (user: UserRecord, remember: boolean, tx: Tx) => Promise<void>,
    ) {
      let failed: { user: UserRecord } | null = null;
      try {
        return await core.onChallenge(token, 'mfa', async ({ challenge, user }, tx) => {
          const policy = await core.policyFor(user.organizationId, tx);
          const methods = await core.methodsOf(user, policy, tx);
          const verify = core.verifiers[input.method];
          if (!methods.includes(input.method) || !verify) throw new AppError(422, 'mfa_method_unavailable');
          if (!(await verify(user, input, tx))) {
            failed = { user };
            throw codeWrong();
          }
          await repo.useChallenge(challenge.id, now(), tx);
          await audit.recordBy(
            personActor(user.id),
            {
              organizationId: user.organizationId,
              action: 'auth.mfa_challenge',
              subjectType: 'user',
              subjectId: user.id,
              after: { method: input.method, result: 'passed' },
            },
            tx,
          );
          await open(user, challenge.remember, tx);
          return { user, method: input.method };
        });
      } catch (err) {
        const who = failed as { user: UserRecord } | null;
        if (who) {
          await audit.recordAction({
            ...personActor(who.user.id),
            organizationId: who.user.organizationId,
            action: 'auth.mfa_challenge',
            subjectType: 'user',
            subjectId: who.user.id,
            after: { method: input.method, result: 'failed' },
          });
        }
        throw err;
      }
    },

    /** The person a live `mfa_token` stands for (a passkey's options for the second step); 401 `mfa_token_invalid`. */
    async personOf(token: string): Promise<UserRecord> {
      return db.transaction(async (tx) => (await core.liveChallenge(token, 'mfa', tx)).user);
    },

    /** Enrollment at sign-in, first half: a pending TOTP factor for the person the token stands for. */
    async enrollTotp(token: string, label: string | undefined): Promise<TotpCreated> {
      return core.onChallenge(token, 'enrollment', ({ user }, tx) => core.createTotp(user, label, tx));
    },

    /**
     * Runs a step of enrollment at sign-in (a passkey's registration options) for the person a live
     * `enrollment_token` stands for; the try is counted, the token stays live.
     */
    async onEnrollment<T>(token: string, step: (user: UserRecord, tx: Tx) => Promise<T>): Promise<T> {
      return core.onChallenge(token, 'enrollment', ({ user }, tx) => step(user, tx));
    },

    completeEnrollmentWith: core.completeEnrollmentWith,

    /** Enrollment at sign-in with an authenticator app: the first code verifies the pending factor (for `signInEnrolled`). */
    totpVerifier:
      (factorId: number, code: string) =>
      (user: UserRecord, tx: Tx, actor: AuditActor): Promise<TotpVerified> =>
        core.verifyTotp(user, factorId, code, tx, actor),

    /**
     * A re-authentication by code: a TOTP code, else a recovery code (used up), of a person who has a
     * factor. The method that matched, or null.
     */
    async proveByCode(person: Person, code: string, tx: Tx): Promise<'totp' | 'recovery_code' | null> {
      if (await core.checkTotp(person, code, tx)) return 'totp';
      if (await core.checkRecoveryCode(person, code, tx)) return 'recovery_code';
      return null;
    },

    /** A method's check by its registered verifier (false when no verifier is registered for it). */
    async prove(
      method: MfaMethod,
      person: Person,
      input: { code?: string; response?: Record<string, unknown> },
      tx: Tx,
    ) {
      const verify = core.verifiers[method];
      return verify ? verify(person, input, tx) : false;
    },

    /**
     * A verified factor of another method (a passkey, passkeys.ts) for the person, audited as
     * `auth.mfa_enrolled`; the person's first factor comes with a set of recovery codes.
     */
    async addFactor(
      person: Person,
      fields: Omit<typeof mfaFactors.$inferInsert, 'userId' | 'createdAt' | 'verifiedAt'> & { label: string },
      tx: Tx,
      actor: AuditActor,
    ): Promise<TotpVerified> {
      const first = (await repo.verifiedFactors(person.id, tx)).length === 0;
      const factor = await repo.insertFactor({ ...fields, userId: person.id, createdAt: now(), verifiedAt: now() }, tx);
      const codes = await core.enrolled(person, factor, first, actor, tx);
      return { factor: toFactor(factor), recovery_codes: codes };
    },

    /** Whether the person has a verified factor (a re-authentication may then be by code). */
    async hasFactor(userId: number, on: DbOrTx = db): Promise<boolean> {
      return (await repo.verifiedFactors(userId, on)).length > 0;
    },

    /** `GET /api/account/mfa`. */
    async status(ctx: AuthContext): Promise<MfaStatus> {
      const policy = await core.policyFor(ctx.user.organizationId);
      const factors = await repo.verifiedFactors(ctx.user.id);
      return {
        factors: factors.map(toFactor),
        recovery_codes_left: factors.length > 0 ? await repo.recoveryCodesLeft(ctx.user.id) : 0,
        required: policyRequires(policy, ctx.user),
        allowed_methods: policy.allowed_methods,
      };
    },

    /** `POST /api/account/mfa/totp`: the re-authentication is used up with the pending factor's creation. */
    async startTotp(
      ctx: SessionContext,
      body: { label?: string; reauth_token?: string },
      consume: (tx: Tx) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        await consume(tx);
        return core.createTotp(ctx.user, body.label, tx);
      });
    },

    async verifyOwnTotp(ctx: SessionContext, factorId: number, code: string): Promise<TotpVerified> {
      return db.transaction((tx) => core.verifyTotp(ctx.user, factorId, code, tx, auditActor(ctx)));
    },

    /** `POST /api/account/mfa/recovery-codes`: a new set (the old one stops working); 409 without a factor. */
    async regenerateCodes(ctx: SessionContext, consume: (tx: Tx) => Promise<void>): Promise<string[]> {
      return db.transaction(async (tx) => {
        await consume(tx);
        if ((await repo.verifiedFactors(ctx.user.id, tx)).length === 0)
          throw new AppError(409, 'mfa_method_unavailable');
        const codes = await core.newRecoveryCodes(ctx.user.id, tx);
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: ctx.user.organizationId,
            action: 'auth.mfa_recovery_codes',
            subjectType: 'user',
            subjectId: ctx.user.id,
            after: { recovery_codes: RECOVERY_CODES },
          },
          tx,
        );
        return codes;
      });
    },

    /**
     * `DELETE /api/account/mfa/{id}`: removes one factor (a pending one too). The last factor takes the
     * recovery codes with it, and cannot go where the policy requires one (409). The person's other
     * sessions and their integration tokens end.
     */
    async removeOwn(ctx: SessionContext, id: number, consume: (tx: Tx) => Promise<void>) {
      await db.transaction(async (tx) => {
        await consume(tx);
        const factor = await repo.findFactor(ctx.user.id, id, tx);
        if (!factor) throw new AppError(404, 'not_found');
        const others = (await repo.verifiedFactors(ctx.user.id, tx)).filter((f) => f.id !== id);
        if (factor.verifiedAt) {
          const policy = await core.policyFor(ctx.user.organizationId, tx);
          const usable = others.filter((f) => policy.allowed_methods.includes(f.kind));
          if (policyRequires(policy, ctx.user) && usable.length === 0)
            throw new AppError(409, 'mfa_required_by_policy');
        }
        if (others.length === 0) await repo.deleteAll(ctx.user.id, tx);
        else await repo.deleteFactor(id, tx);
        if (!factor.verifiedAt) return;
        await core.endAccess(ctx.user.id, ctx.session.id, tx);
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: ctx.user.organizationId,
            action: 'auth.mfa_removed',
            subjectType: 'user',
            subjectId: ctx.user.id,
            after: { factor_id: factor.id, kind: factor.kind, label: factor.label },
          },
          tx,
        );
      });
    },

    reset: core.reset,
  };
}

export type Mfa = ReturnType<typeof createMfa>;
