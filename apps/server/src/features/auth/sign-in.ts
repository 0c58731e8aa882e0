import type { LoginMfaBody, MfaEnrollmentRequired, MfaRequired, TotpVerified } from '@rcm/shared/mfa';
import type { SessionMethod } from '@rcm/shared/sessions';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, type AuditEntry, type AuditRepo, personActor } from '../audit/repo.ts';
import type { SessionContext } from './context.ts';
import type { Mfa } from './mfa-service.ts';
import { verifyPassword } from './passwords.ts';
import type { AuthRepo, SessionRecord, UserRecord } from './repo.ts';
import type { AccountThrottle } from './throttle.ts';

/** Where a sign-in came from, kept with its session for the person to recognize it. */
export type Client = { ip?: string | null; userAgent?: string | null };

/** Opens a session with its audit entry (auth/service.ts `openSession`). */
export type OpenSession = (
  userId: number,
  remember: boolean,
  impersonatorSessionId: number | null,
  entry: AuditEntry,
  client?: Client,
  options?: { within?: Tx; method?: SessionMethod },
) => Promise<{ token: string; session: SessionRecord }>;

/**
 * The ways in: a password (and the second step it may owe, or the factor to enroll), a passkey
 * alone, and a person their organization's provider signed in. Each opens its session with its
 * audit entry; a wrong password is audited and counted by the account throttle.
 */
export function createSignIn(deps: {
  repo: AuthRepo;
  audit: AuditRepo;
  throttle: AccountThrottle;
  mfa: Mfa;
  passwordRefused?: (user: UserRecord) => Promise<boolean>;
  openSession: OpenSession;
  contextFor: (user: UserRecord, session: SessionRecord, token: string) => Promise<SessionContext>;
}) {
  const { repo, audit, throttle, mfa, openSession, contextFor } = deps;

  const loginEntry = (user: UserRecord): AuditEntry => ({
    ...personActor(user.id),
    organizationId: user.organizationId,
    action: 'auth.login',
    subjectType: 'user',
    subjectId: user.id,
  });

  /** The account of a correct email and password: 422 for wrong credentials (audited), 429 when held back. */
  async function checkPassword(input: { email: string; password: string }): Promise<UserRecord> {
    await throttle.beforeSignIn(input.email);
    const user = await repo.findUserByEmail(input.email);
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !ok) {
      await throttle.signInFailed(input.email);
      // For a SIEM: the address tried (an unknown one too), the account's organization when it exists.
      await audit.recordAction({
        ...personActor(null),
        organizationId: user?.organizationId ?? null,
        action: 'auth.login_failed',
        subjectType: 'user',
        subjectId: user?.id ?? null,
        after: { email: input.email },
      });
      throw new AppError(422, 'invalid_credentials');
    }
    await throttle.signedIn(input.email);
    if (user.disabled) throw new AppError(403, 'account_disabled');
    // Only after the password matched: the answer tells nobody else whether the address is known.
    if (await deps.passwordRefused?.(user)) throw new AppError(403, 'sso_required');
    return user;
  }

  /** Opens the session a second step ended with, in that step's transaction; the token and context after it commits. */
  function opener(client: Client) {
    let opened: { token: string; session: SessionRecord; user: UserRecord } | null = null;
    return {
      open: async (user: UserRecord, remember: boolean, tx: Tx) => {
        const { token, session } = await openSession(user.id, remember, null, loginEntry(user), client, { within: tx });
        opened = { token, session, user };
      },
      context: async () => {
        const o = opened as { token: string; session: SessionRecord; user: UserRecord } | null;
        if (!o) throw new Error('no session was opened');
        return { token: o.token, context: await contextFor(o.user, o.session, o.token) };
      },
    };
  }

  return {
    /**
     * A session for a correct password, with no second step: first-run setup and an accepted
     * invitation (a new account has no factor yet; where its organization requires one, it enrolls at
     * its next sign-in). 422 for wrong credentials; 429 `account_throttled` after repeated failures.
     */
    async login(input: { email: string; password: string; remember?: boolean }, client: Client = {}) {
      const user = await checkPassword(input);
      const { token, session } = await openSession(user.id, input.remember ?? false, null, loginEntry(user), client);
      return { token, context: await contextFor(user, session, token) };
    },

    /**
     * `POST /api/auth/login`: a session when the password is enough, else the second step the person
     * owes (a factor to prove, or one to enroll where the organization requires it).
     */
    async signIn(
      input: { email: string; password: string; remember?: boolean },
      client: Client = {},
    ): Promise<{ step: MfaRequired | MfaEnrollmentRequired } | { step: null; token: string; context: SessionContext }> {
      const user = await checkPassword(input);
      const remember = input.remember ?? false;
      const step = await mfa.stepAfterPassword(user, remember);
      if (step) return { step };
      const { token, session } = await openSession(user.id, remember, null, loginEntry(user), client);
      return { step: null, token, context: await contextFor(user, session, token) };
    },

    /**
     * `POST /api/auth/passkey`: a passwordless sign-in by the passkey `prove` checked (its owner, or
     * null: 422 `passkey_failed`, audited as `auth.login_failed`). Refused like a password: 403 for a
     * disabled user and for one whose organization requires single sign-on.
     */
    async signInWithPasskey(prove: () => Promise<number | null>, client: Client = {}) {
      const userId = await prove();
      const user = userId === null ? undefined : await repo.findUserById(userId);
      if (!user) {
        await audit.recordAction({
          ...personActor(null),
          organizationId: null,
          action: 'auth.login_failed',
          subjectType: 'user',
          subjectId: null,
          after: { method: 'passkey' },
        });
        throw new AppError(422, 'validation_failed', { fields: [{ field: 'response', key: 'passkey_failed' }] });
      }
      if (user.disabled) throw new AppError(403, 'account_disabled');
      if (await deps.passwordRefused?.(user)) throw new AppError(403, 'sso_required');
      const { token, session } = await openSession(user.id, false, null, loginEntry(user), client, {
        method: 'passkey',
      });
      return { token, context: await contextFor(user, session, token) };
    },

    /** `POST /api/auth/login/mfa`: the second step proved, the session opens. */
    async signInWithFactor(body: LoginMfaBody, client: Client = {}) {
      const session = opener(client);
      await mfa.passChallenge(body.mfa_token, body, session.open);
      return session.context();
    },

    /**
     * Enrollment at sign-in completed: `verify` proves the new factor in the enrollment's transaction
     * (a TOTP code, `mfa.totpVerifier`; a passkey, passkey-routes.ts); the session opens, with the new
     * recovery codes.
     */
    async signInEnrolled(
      enrollmentToken: string,
      verify: (user: UserRecord, tx: Tx, actor: AuditActor) => Promise<TotpVerified>,
      client: Client = {},
    ) {
      const session = opener(client);
      const { recoveryCodes } = await mfa.completeEnrollmentWith(enrollmentToken, verify, session.open);
      return { ...(await session.context()), recoveryCodes };
    },

    /**
     * A session for someone their organization's provider signed in (single sign-on, sso-service.ts),
     * opened with its `auth.sso_login` audit entry. 403 for a disabled user.
     */
    async signInWithSso(userId: number, after: Record<string, unknown>, client: Client = {}) {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(401, 'sso_not_completed');
      if (user.disabled) throw new AppError(403, 'account_disabled');
      const { token, session } = await openSession(
        user.id,
        false,
        null,
        {
          ...personActor(user.id),
          organizationId: user.organizationId,
          action: 'auth.sso_login',
          subjectType: 'user',
          subjectId: user.id,
          after,
        },
        client,
        { method: 'sso' },
      );
      return { token, context: await contextFor(user, session, token) };
    },
  };
}
