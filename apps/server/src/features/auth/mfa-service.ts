import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SECURITY_POLICY,
  type FactorKind,
  type MfaEnrollmentRequired,
  type MfaFactor,
  type MfaMethod,
  type MfaRequired,
  type MfaStatus,
  recoveryCode,
  type SecurityPolicy,
  type TotpCreated,
  type TotpVerified,
  totpCode,
} from '@rcm/shared/mfa';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { mfaFactors } from '../../db/schema-factors.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, type AuditRepo, auditActor, personActor } from '../audit/repo.ts';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import type { AuthContext, SessionContext } from './context.ts';
import type { FactorRow, MfaRepo, PolicyRow } from './mfa-repo.ts';
import type { AuthRepo, UserRecord } from './repo.ts';
import { hashToken, newToken } from './tokens.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

/** The sign-in's second step: `mfa_token` lives five minutes and takes ten tries. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
/** Enrolling at sign-in (scanning a code with a new app) takes longer: ten minutes, ten tries. */
export const ENROLLMENT_TOKEN_TTL_MS = 10 * 60_000;
export const CHALLENGE_TRIES = 10;
export const RECOVERY_CODES = 10;
/** Pending TOTP enrollments nobody verified within an hour are dropped. */
const PENDING_TTL_MS = 60 * 60_000;

/** The person a step is for: who they are and where the policy comes from. */
type Person = Pick<UserRecord, 'id' | 'email' | 'organizationId' | 'roleId'>;

/**
 * How a method of the sign-in's second step (or of a re-authentication) is checked: true when the
 * person proved it. TOTP and recovery codes are built in; another method (passkeys) registers its own.
 */
export type MfaVerifier = (
  person: Person,
  input: { code?: string; response?: Record<string, unknown> },
  tx: Tx,
) => Promise<boolean>;

/** The policy as stored, or the defaults when the organization never set one. */
export function toPolicy(row: PolicyRow | undefined): SecurityPolicy {
  if (!row) return DEFAULT_SECURITY_POLICY;
  return {
    require_mfa: row.requireMfa,
    require_mfa_role_ids: row.requireMfaRoleIds,
    allowed_methods: row.allowedMethods.filter((m): m is FactorKind => m === 'totp' || m === 'webauthn'),
    session_idle_minutes: row.sessionIdleMinutes,
    session_max_hours: row.sessionMaxHours,
    support_access: row.supportAccess,
  };
}

/** Whether the policy requires a second factor of this person (everyone, or their role). */
export function policyRequires(policy: SecurityPolicy, person: Pick<Person, 'roleId'>): boolean {
  return (
    policy.require_mfa === 'all' ||
    (policy.require_mfa === 'roles' && policy.require_mfa_role_ids.includes(person.roleId))
  );
}

/** A recovery code: 16 base32 characters (80 random bits), shown as four groups of four. */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(16);
  let code = '';
  for (const b of bytes) code += alphabet[b & 31];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** The stored form of a recovery code: its hash, after the typing is normalized (case, dashes, spaces). */
const recoveryHash = (typed: string) => {
  const parsed = recoveryCode.safeParse(typed);
  return parsed.success ? hashToken(`recovery:${parsed.data}`) : null;
};

const toFactor = (f: FactorRow): MfaFactor => ({
  id: f.id,
  kind: f.kind,
  label: f.label,
  created_at: f.createdAt.toISOString(),
  last_used_at: f.lastUsedAt?.toISOString() ?? null,
});

const codeWrong = () => new AppError(422, 'validation_failed', { fields: [{ field: 'code', key: 'mfa_code_wrong' }] });

/**
 * Second factors: TOTP enrollment and checks, recovery codes, the sign-in's second step (`mfa_token`)
 * and enrollment at sign-in (`enrollment_token`), removal and an administrator's reset, and the
 * organization security policy that decides who must have one.
 */
export function createMfa(deps: {
  db: Db;
  repo: MfaRepo;
  users: AuthRepo;
  apiTokens: ApiTokensRepo;
  audit: AuditRepo;
  now: () => Date;
}) {
  const { db, repo, users, apiTokens, audit, now } = deps;

  /** A TOTP code against the person's verified TOTP factors; the matching factor's step is kept (no replay). */
  async function checkTotp(person: Person, code: string | undefined, tx: Tx): Promise<boolean> {
    const parsed = totpCode.safeParse(code ?? '');
    if (!parsed.success) return false;
    for (const factor of await repo.verifiedFactors(person.id, tx)) {
      if (factor.kind !== 'totp' || !factor.secret) continue;
      const locked = await repo.lockFactor(factor.id, tx);
      if (!locked?.secret) continue;
      const step = totpStep(locked.secret, parsed.data, now(), locked.lastUsedStep);
      if (step === null) continue;
      await repo.updateFactor(factor.id, { lastUsedStep: step, lastUsedAt: now() }, tx);
      return true;
    }
    return false;
  }

  async function checkRecoveryCode(person: Person, code: string | undefined, tx: Tx): Promise<boolean> {
    const hash = recoveryHash(code ?? '');
    return hash !== null && repo.useRecoveryCode(person.id, hash, now(), tx);
  }

  const verifiers: Partial<Record<MfaMethod, MfaVerifier>> = {
    totp: (person, input, tx) => checkTotp(person, input.code, tx),
    recovery_code: (person, input, tx) => checkRecoveryCode(person, input.code, tx),
  };

  async function policyFor(organizationId: number, on: DbOrTx = db): Promise<SecurityPolicy> {
    return toPolicy(await repo.policyOf(organizationId, on));
  }

  /**
   * How the person can answer the second step: their verified factors the policy allows (all of them
   * when none is allowed and the policy requires none: a factor the person chose still protects them),
   * and a recovery code while one is left.
   */
  async function methodsOf(person: Person, policy: SecurityPolicy, on: DbOrTx = db): Promise<MfaMethod[]> {
    const factors = await repo.verifiedFactors(person.id, on);
    if (factors.length === 0) return [];
    const allowed = factors.filter((f) => policy.allowed_methods.includes(f.kind));
    const usable = allowed.length > 0 || policyRequires(policy, person) ? allowed : factors;
    if (usable.length === 0) return [];
    const kinds = [...new Set(usable.map((f) => f.kind))] as MfaMethod[];
    if ((await repo.recoveryCodesLeft(person.id, on)) > 0) kinds.push('recovery_code');
    return kinds;
  }

  /** A new set of recovery codes for the person (the old set is gone); the codes, shown once. */
  async function newRecoveryCodes(userId: number, tx: Tx): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      userId,
      codes.map((c) => recoveryHash(c) as string),
      tx,
    );
    return codes;
  }

  /** A pending TOTP factor for the person: its secret, shown this once. */
  async function createTotp(person: Person, label: string | undefined, tx: Tx): Promise<TotpCreated> {
    const policy = await policyFor(person.organizationId, tx);
    if (!policy.allowed_methods.includes('totp')) throw new AppError(403, 'mfa_method_not_allowed');
    await repo.prunePending(person.id, new Date(now().getTime() - PENDING_TTL_MS), tx);
    const secret = newTotpSecret();
    const factor = await repo.insertFactor(
      { userId: person.id, kind: 'totp', label: label ?? 'Authenticator app', secret, createdAt: now() },
      tx,
    );
    return { factor_id: factor.id, otpauth_uri: totpUri(secret, person.email), secret };
  }

  /**
   * The first code of a pending TOTP factor makes it a factor (422 when wrong). The person's first
   * factor comes with a set of recovery codes.
   */
  async function verifyTotp(
    person: Person,
    factorId: number,
    code: string,
    tx: Tx,
    actor: AuditActor,
  ): Promise<TotpVerified> {
    const factor = await repo.findFactor(person.id, factorId, tx);
    if (factor?.kind !== 'totp' || !factor.secret) throw new AppError(404, 'not_found');
    if (factor.verifiedAt) throw new AppError(409, 'conflict');
    const step = totpStep(factor.secret, code, now(), factor.lastUsedStep);
    if (step === null) throw codeWrong();
    const first = (await repo.verifiedFactors(person.id, tx)).length === 0;
    await repo.updateFactor(factor.id, { verifiedAt: now(), lastUsedStep: step, lastUsedAt: now() }, tx);
    const codes = await enrolled(person, { ...factor, kind: 'totp' }, first, actor, tx);
    const verified = { ...factor, verifiedAt: now(), lastUsedAt: now() };
    return { factor: toFactor(verified), recovery_codes: codes };
  }

  /**
   * A factor just verified: audited `auth.mfa_enrolled`; the person's first factor answers a new set
   * of recovery codes (null otherwise).
   */
  async function enrolled(
    person: Person,
    factor: { id: number; kind: string; label: string | null },
    first: boolean,
    actor: AuditActor,
    tx: Tx,
  ): Promise<string[] | null> {
    const codes = first ? await newRecoveryCodes(person.id, tx) : null;
    await audit.record(
      {
        ...actor,
        organizationId: person.organizationId,
        action: 'auth.mfa_enrolled',
        subjectType: 'user',
        subjectId: person.id,
        after: { factor_id: factor.id, kind: factor.kind, label: factor.label },
      },
      tx,
    );
    return codes;
  }

  /** Ends the person's sessions (but `keepSessionId`) and their integration tokens, in the change's transaction. */
  async function endAccess(userId: number, keepSessionId: number | undefined, tx: Tx) {
    await users.revokeUserSessions(userId, now(), keepSessionId, tx);
    await apiTokens.revokeUserTokens(userId, now(), tx);
  }

  /** A challenge of this purpose, live and locked, or 401 `mfa_token_invalid`; a try is counted whatever follows. */
  async function liveChallenge(token: string, purpose: 'mfa' | 'enrollment', tx: Tx) {
    const challenge = await repo.lockLiveChallenge(hashToken(token), purpose, now(), CHALLENGE_TRIES, tx);
    if (!challenge) throw new AppError(401, 'mfa_token_invalid');
    const user = await users.findUserById(challenge.userId, tx);
    if (!user || user.disabled) throw new AppError(401, 'mfa_token_invalid');
    return { challenge, user };
  }

  /** Runs `attempt` on a live challenge: the try is counted even when the attempt fails (its own commit). */
  async function onChallenge<T>(
    token: string,
    purpose: 'mfa' | 'enrollment',
    attempt: (c: Awaited<ReturnType<typeof liveChallenge>>, tx: Tx) => Promise<T>,
  ): Promise<T> {
    let challengeId: number | null = null;
    try {
      return await db.transaction(async (tx) => {
        const live = await liveChallenge(token, purpose, tx);
        challengeId = live.challenge.id;
        await repo.countTry(live.challenge.id, tx);
        return attempt(live, tx);
      });
    } catch (err) {
      if (challengeId !== null) await repo.countTry(challengeId);
      throw err;
    }
  }

  /**
   * Enrollment at sign-in, second half: `verify` makes the new factor (the first code of the pending
   * TOTP factor, or a passkey's attestation, audited by `enrolled`), the token is used up and the
   * session opens.
   */
  async function completeEnrollmentWith(
    token: string,
    verify: (user: UserRecord, tx: Tx, actor: AuditActor) => Promise<TotpVerified>,
    open: (user: UserRecord, remember: boolean, tx: Tx) => Promise<void>,
  ): Promise<{ user: UserRecord; recoveryCodes: string[] }> {
    return onChallenge(token, 'enrollment', async ({ challenge, user }, tx) => {
      const verified = await verify(user, tx, personActor(user.id));
      // The person may hold a factor the policy does not count: the enrollment still answers recovery codes.
      const recoveryCodes = verified.recovery_codes ?? (await newRecoveryCodes(user.id, tx));
      await repo.useChallenge(challenge.id, now(), tx);
      await open(user, challenge.remember, tx);
      return { user, recoveryCodes };
    });
  }

  return {
    policyFor,

    /** Lets another method (passkeys) answer the second step and re-authentication. */
    registerVerifier(method: MfaMethod, verify: MfaVerifier) {
      verifiers[method] = verify;
    },

    /**
     * After a correct password: the second step the person owes, or null when the password is enough.
     * `mfa_required` for a person with a factor; `mfa_enrollment_required` where the policy requires
     * one they have not got.
     */
    async stepAfterPassword(person: Person, remember: boolean): Promise<MfaRequired | MfaEnrollmentRequired | null> {
      const policy = await policyFor(person.organizationId);
      const methods = await methodsOf(person, policy);
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
        return await onChallenge(token, 'mfa', async ({ challenge, user }, tx) => {
          const policy = await policyFor(user.organizationId, tx);
          const methods = await methodsOf(user, policy, tx);
          const verify = verifiers[input.method];
          if (!methods.includes(input.method) || !verify) throw new AppError(422, 'mfa_method_unavailable');
          if (!(await verify(user, input, tx))) {
            failed = { user };
            throw codeWrong();
          }
          await repo.useChallenge(challenge.id, now(), tx);
          await audit.record(
            {
              ...personActor(user.id),
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
      return db.transaction(async (tx) => (await liveChallenge(token, 'mfa', tx)).user);
    },

    /** Enrollment at sign-in, first half: a pending TOTP factor for the person the token stands for. */
    async enrollTotp(token: string, label: string | undefined): Promise<TotpCreated> {
      return onChallenge(token, 'enrollment', ({ user }, tx) => createTotp(user, label, tx));
    },

    /**
     * Runs a step of enrollment at sign-in (a passkey's registration options) for the person a live
     * `enrollment_token` stands for; the try is counted, the token stays live.
     */
    async onEnrollment<T>(token: string, step: (user: UserRecord, tx: Tx) => Promise<T>): Promise<T> {
      return onChallenge(token, 'enrollment', ({ user }, tx) => step(user, tx));
    },

    completeEnrollmentWith,

    /** Enrollment at sign-in with an authenticator app: the first code verifies the pending factor. */
    async completeEnrollment(
      token: string,
      factorId: number,
      code: string,
      open: (user: UserRecord, remember: boolean, tx: Tx) => Promise<void>,
    ): Promise<{ user: UserRecord; recoveryCodes: string[] }> {
      return completeEnrollmentWith(token, (user, tx, actor) => verifyTotp(user, factorId, code, tx, actor), open);
    },

    /**
     * A re-authentication by code: a TOTP code, else a recovery code (used up), of a person who has a
     * factor. The method that matched, or null.
     */
    async proveByCode(person: Person, code: string, tx: Tx): Promise<'totp' | 'recovery_code' | null> {
      if (await checkTotp(person, code, tx)) return 'totp';
      if (await checkRecoveryCode(person, code, tx)) return 'recovery_code';
      return null;
    },

    /** A method's check by its registered verifier (false when no verifier is registered for it). */
    async prove(
      method: MfaMethod,
      person: Person,
      input: { code?: string; response?: Record<string, unknown> },
      tx: Tx,
    ) {
      const verify = verifiers[method];
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
      const codes = await enrolled(person, factor, first, actor, tx);
      return { factor: toFactor(factor), recovery_codes: codes };
    },

    /** Whether the person has a verified factor (a re-authentication may then be by code). */
    async hasFactor(userId: number, on: DbOrTx = db): Promise<boolean> {
      return (await repo.verifiedFactors(userId, on)).length > 0;
    },

    /** `GET /api/account/mfa`. */
    async status(ctx: AuthContext): Promise<MfaStatus> {
      const policy = await policyFor(ctx.user.organizationId);
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
        return createTotp(ctx.user, body.label, tx);
      });
    },

    async verifyOwnTotp(ctx: SessionContext, factorId: number, code: string): Promise<TotpVerified> {
      return db.transaction((tx) => verifyTotp(ctx.user, factorId, code, tx, auditActor(ctx)));
    },

    /** `POST /api/account/mfa/recovery-codes`: a new set (the old one stops working); 409 without a factor. */
    async regenerateCodes(ctx: SessionContext, consume: (tx: Tx) => Promise<void>): Promise<string[]> {
      return db.transaction(async (tx) => {
        await consume(tx);
        if ((await repo.verifiedFactors(ctx.user.id, tx)).length === 0)
          throw new AppError(409, 'mfa_method_unavailable');
        const codes = await newRecoveryCodes(ctx.user.id, tx);
        await audit.record(
          {
            ...auditActor(ctx),
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
          const policy = await policyFor(ctx.user.organizationId, tx);
          const usable = others.filter((f) => policy.allowed_methods.includes(f.kind));
          if (policyRequires(policy, ctx.user) && usable.length === 0)
            throw new AppError(409, 'mfa_required_by_policy');
        }
        if (others.length === 0) await repo.deleteAll(ctx.user.id, tx);
        else await repo.deleteFactor(id, tx);
        if (!factor.verifiedAt) return;
        await endAccess(ctx.user.id, ctx.session.id, tx);
        await audit.record(
          {
            ...auditActor(ctx),
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

    /**
     * An administrator's reset of a user's factors and recovery codes (the caller checked their reach):
     * every session and token of the user ends; they enroll again at their next sign-in where required.
     */
    async reset(ctx: AuthContext, target: Pick<UserRecord, 'id' | 'organizationId'>) {
      await db.transaction(async (tx) => {
        const removed = await repo.deleteAll(target.id, tx);
        await endAccess(target.id, undefined, tx);
        await audit.record(
          {
            ...auditActor(ctx),
            organizationId: target.organizationId,
            action: 'auth.mfa_reset',
            subjectType: 'user',
            subjectId: target.id,
            after: { factors: removed },
          },
          tx,
        );
      });
    },
  };
}

export type Mfa = ReturnType<typeof createMfa>;
