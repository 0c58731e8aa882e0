import { type MfaMethod, type SecurityPolicy, type TotpCreated, type TotpVerified, totpCode } from '@rcm/shared/mfa';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, auditActor, type ChangeDeps, personActor } from '../audit/repo.ts';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import type { AuthContext } from './context.ts';
import type { MfaRepo } from './mfa-repo.ts';
import {
  CHALLENGE_TRIES,
  codeWrong,
  type MfaVerifier,
  newRecoveryCode,
  PENDING_TTL_MS,
  type Person,
  policyRequires,
  RECOVERY_CODES,
  recoveryHash,
  toFactor,
  toPolicy,
} from './mfa-rules.ts';
import type { AuthRepo, UserRecord } from './repo.ts';
import { hashToken } from './tokens.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

export type MfaDeps = ChangeDeps & {
  repo: MfaRepo;
  users: AuthRepo;
  apiTokens: ApiTokensRepo;
};

/**
 * The parts of second factors the sign-in's second step, enrollment and the account's factors share
 * (mfa-service.ts): codes checked, the policy read, factors created and verified, recovery codes,
 * the challenge tokens and the access a removed factor ends.
 */
export function createMfaCore(deps: MfaDeps) {
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

  /**
   * An administrator's reset of a user's factors and recovery codes (the caller checked their reach):
   * every session and token of the user ends; they enroll again at their next sign-in where required.
   */
  async function reset(ctx: AuthContext, target: Pick<UserRecord, 'id' | 'organizationId'>) {
    await db.transaction(async (tx) => {
      const removed = await repo.deleteAll(target.id, tx);
      await endAccess(target.id, undefined, tx);
      await audit.recordBy(
        auditActor(ctx),
        {
          organizationId: target.organizationId,
          action: 'auth.mfa_reset',
          subjectType: 'user',
          subjectId: target.id,
          after: { factors: removed },
        },
        tx,
      );
    });
  }

  return {
    reset,
    checkTotp,
    checkRecoveryCode,
    policyFor,
    methodsOf,
    newRecoveryCodes,
    createTotp,
    verifyTotp,
    enrolled,
    endAccess,
    liveChallenge,
    onChallenge,
    completeEnrollmentWith,
    verifiers,
  };
}
