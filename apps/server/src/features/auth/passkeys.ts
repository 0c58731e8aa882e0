import type { TotpVerified } from '@rcm/shared/mfa';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, auditActor } from '../audit/repo.ts';
import type { SessionContext } from './context.ts';
import type { FactorRow } from './mfa-repo.ts';
import type { Mfa } from './mfa-service.ts';
import type { PasskeysRepo } from './passkeys-repo.ts';
import type { UserRecord } from './repo.ts';

/** A challenge lives two minutes and is spent by the response that answers it. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 2 * 60_000;

type Person = Pick<UserRecord, 'id' | 'email' | 'organizationId'>;
/** The person a passkey is registered for (the policy that applies comes from their organization and role). */
type Enrolling = Pick<UserRecord, 'id' | 'email' | 'organizationId' | 'roleId'>;

const passkeyWrong = () =>
  new AppError(422, 'validation_failed', { fields: [{ field: 'response', key: 'passkey_failed' }] });

/** The challenge a response answers, read from its client data (null when it cannot be read). */
function challengeOf(response: Record<string, unknown>): string | null {
  const inner = response.response as { clientDataJSON?: unknown } | undefined;
  if (typeof inner?.clientDataJSON !== 'string') return null;
  try {
    const data = JSON.parse(Buffer.from(inner.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn): registration on the own account, the assertion that answers the sign-in's
 * second step or a re-authentication (registered with the second factors as `webauthn`), and the
 * passwordless sign-in with a discoverable credential. The relying party is the console's public
 * address (`PUBLIC_URL`, else localhost).
 */
export function createPasskeys(deps: {
  db: Db;
  repo: PasskeysRepo;
  mfa: Mfa;
  now: () => Date;
  publicUrl: () => string;
}) {
  const { db, repo, mfa, now } = deps;
  const relyingParty = () => {
    const url = new URL(deps.publicUrl());
    return { rpID: url.hostname, origin: url.origin };
  };

  /** Keeps a new challenge (and drops the expired ones), in `within` when given, else in its own transaction. */
  async function storeChallenge(
    challenge: string,
    purpose: 'registration' | 'authentication',
    userId: number | null,
    within?: Tx,
  ) {
    const store = (tx: Tx) =>
      repo.storeChallenge(
        { challenge, purpose, userId, expiresAt: new Date(now().getTime() + WEBAUTHN_CHALLENGE_TTL_MS) },
        now(),
        tx,
      );
    await (within ? store(within) : db.transaction(store));
  }

  /** Spends the live challenge the response answers; its person (null: anyone), or undefined when none is live. */
  async function spendChallenge(
    response: Record<string, unknown>,
    purpose: 'registration' | 'authentication',
    tx: DbOrTx,
  ): Promise<{ challenge: string; userId: number | null } | undefined> {
    const challenge = challengeOf(response);
    if (!challenge) return undefined;
    const row = await repo.spendChallenge(challenge, purpose, now(), tx);
    return row ? { challenge: row.challenge, userId: row.userId } : undefined;
  }

  const passkeysOf = (userId: number, on?: DbOrTx) => repo.passkeysOf(userId, on);

  const descriptor = (f: FactorRow) => ({
    id: f.credentialId as string,
    transports: (f.transports ?? []) as AuthenticatorTransportFuture[],
  });

  /**
   * Checks an assertion against the stored passkey it names, for the challenge it answers; the
   * passkey's owner when it holds (its counter and last use kept), else null.
   */
  async function checkAssertion(
    response: Record<string, unknown>,
    forUser: number | null,
    tx: Tx,
  ): Promise<FactorRow | null> {
    const spent = await spendChallenge(response, 'authentication', tx);
    if (!spent) return null;
    if (spent.userId !== forUser) return null;
    const credentialId = typeof response.id === 'string' ? response.id : null;
    if (!credentialId) return null;
    const factor = await repo.lockVerifiedCredential(credentialId, tx);
    if (!factor?.publicKey || factor.kind !== 'webauthn') return null;
    if (forUser !== null && factor.userId !== forUser) return null;
    const { rpID, origin } = relyingParty();
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      result = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: spent.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: credentialId,
          publicKey: new Uint8Array(Buffer.from(factor.publicKey, 'base64url')),
          counter: factor.signCount ?? 0,
          transports: (factor.transports ?? []) as AuthenticatorTransportFuture[],
        },
        requireUserVerification: false,
      });
    } catch {
      return null;
    }
    if (!result.verified) return null;
    await repo.recordUse(factor.id, result.authenticationInfo.newCounter, now(), tx);
    return factor;
  }

  mfa.registerVerifier('webauthn', async (person, input, tx) =>
    input.response ? (await checkAssertion(input.response, person.id, tx)) !== null : false,
  );

  /** Registration options for the person (403 where the policy's `allowed_methods` lacks `webauthn`). */
  async function registrationOptionsFor(person: Enrolling, within?: Tx): Promise<Record<string, unknown>> {
    const policy = await mfa.policyFor(person.organizationId, within);
    if (!policy.allowed_methods.includes('webauthn')) throw new AppError(403, 'mfa_method_not_allowed');
    const { rpID } = relyingParty();
    const options = await generateRegistrationOptions({
      rpName: 'Refrigeration console',
      rpID,
      userName: person.email,
      userID: new TextEncoder().encode(String(person.id)),
      attestationType: 'none',
      excludeCredentials: (await passkeysOf(person.id, within)).map(descriptor),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await storeChallenge(options.challenge, 'registration', person.id, within);
    return { ...options };
  }

  /**
   * The attestation answering the person's registration challenge verified, the passkey is a factor
   * (`mfa.addFactor`: audited, the person's first comes with recovery codes). 403 where the policy
   * lacks `webauthn`, 422 `passkey_failed` for an attestation that does not hold, 409 for a
   * credential already registered.
   */
  async function registerFor(
    person: Enrolling,
    body: { response: Record<string, unknown>; label?: string },
    tx: Tx,
    actor: AuditActor,
  ): Promise<TotpVerified> {
    const policy = await mfa.policyFor(person.organizationId, tx);
    if (!policy.allowed_methods.includes('webauthn')) throw new AppError(403, 'mfa_method_not_allowed');
    const spent = await spendChallenge(body.response, 'registration', tx);
    if (!spent || spent.userId !== person.id) throw passkeyWrong();
    const { rpID, origin } = relyingParty();
    let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      result = await verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: spent.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch {
      throw passkeyWrong();
    }
    if (!result.verified) throw passkeyWrong();
    const { credential } = result.registrationInfo;
    if (await repo.credentialTaken(credential.id, tx)) throw new AppError(409, 'conflict');
    return mfa.addFactor(
      person,
      {
        kind: 'webauthn',
        label: body.label ?? 'Passkey',
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports ?? [],
      },
      tx,
      actor,
    );
  }

  return {
    /** `POST /api/account/mfa/webauthn/options`: registration options for the session's person. */
    registrationOptions: (ctx: SessionContext) => registrationOptionsFor(ctx.user),

    /**
     * `POST /api/account/mfa/webauthn`: the attestation verified, the passkey is a factor (the person's
     * first comes with recovery codes); the re-authentication is used up with it.
     */
    async register(
      ctx: SessionContext,
      body: { response: Record<string, unknown>; label?: string },
      consume: (tx: Tx) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        await consume(tx);
        return registerFor(ctx.user, body, tx, auditActor(ctx));
      });
    },

    /**
     * `POST /api/auth/login/enroll/webauthn/options`: registration options for the person a live
     * `enrollment_token` stands for (a try of the token; 401 `mfa_token_invalid` once it is not live).
     */
    enrollmentOptions: (token: string) => mfa.onEnrollment(token, (user, tx) => registrationOptionsFor(user, tx)),

    /** The passkey registered at sign-in (`POST /api/auth/login/enroll/webauthn`, inside the enrollment's transaction). */
    registerFor,

    /**
     * Authentication options: for a passwordless sign-in (no person: any discoverable credential), or
     * for a person's second step or re-authentication (their passkeys).
     */
    async authenticationOptions(person: Person | null): Promise<Record<string, unknown>> {
      const { rpID } = relyingParty();
      const allow = person ? (await passkeysOf(person.id)).map(descriptor) : undefined;
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'preferred',
        ...(allow ? { allowCredentials: allow } : {}),
      });
      await storeChallenge(options.challenge, 'authentication', person?.id ?? null);
      return { ...options };
    },

    /** The owner of the passkey a passwordless assertion proves, or null (the caller audits the failure). */
    async passwordless(response: Record<string, unknown>): Promise<number | null> {
      return db.transaction(async (tx) => {
        const factor = await checkAssertion(response, null, tx);
        return factor?.userId ?? null;
      });
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
