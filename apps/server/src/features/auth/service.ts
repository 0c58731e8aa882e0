import { API_TOKEN_PREFIX } from '@rcm/shared/api-tokens';
import type { AccountUpdateBody, AuthUser } from '@rcm/shared/auth';
import { normalizeLocale } from '@rcm/shared/locale';
import type { LoginMfaBody, MfaEnrollmentRequired, MfaRequired, TotpVerified } from '@rcm/shared/mfa';
import { isPermission, type Permission } from '@rcm/shared/permissions';
import type { AccountSession, SessionMethod } from '@rcm/shared/sessions';
import type { Db, Tx } from '../../db/client.ts';
import { type Fragment, type Reader, sameStatement } from '../../db/statement.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditActor, type AuditEntry, type AuditRepo, auditActor, personActor } from '../audit/repo.ts';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import type { Mfa } from './mfa-service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { AuthRepo, ResolvedToken, SessionRecord, UserRecord } from './repo.ts';
import type { SessionLimits } from './resolve-token.ts';
import type { SupportAccess } from './support-access.ts';
import type { AccountThrottle } from './throttle.ts';
import { emailMd5, hashToken, newToken } from './tokens.ts';

const HOUR = 3_600_000;
/** "Stay signed in" keeps a session up to 14 days (spec section 9); otherwise 12 hours. */
export const REMEMBER_TTL_MS = 14 * 24 * HOUR;
export const SESSION_TTL_MS = 12 * HOUR;
/** How many tokens' last contexts authenticateWith keeps as guesses (oldest dropped first). */
const GUESSES = 10_000;

/**
 * A permission list as a set, one per list object: the resolved session's list is shared by every
 * request of the same role text (repo.ts permissionList), so the set is built once for it too.
 */
const permissionSets = new WeakMap<readonly string[], ReadonlySet<Permission>>();
function permissionSet(list: readonly string[]): ReadonlySet<Permission> {
  let set = permissionSets.get(list);
  if (!set) {
    set = new Set(list.filter(isPermission));
    permissionSets.set(list, set);
  }
  return set;
}

import { can } from './can.ts';
import type { AuthContext, ScopeCaller, SessionContext } from './context.ts';
import { tokenRights } from './token-rights.ts';

export type { AuthContext, SessionContext };

export type Avatars = 'gravatar' | 'initials';

/** Where a sign-in came from, kept with its session for the person to recognize it. */
export type Client = { ip?: string | null; userAgent?: string | null };

export function createAuthService(deps: {
  db: Db;
  repo: AuthRepo;
  apiTokens: ApiTokensRepo;
  audit: AuditRepo;
  read: Reader;
  now: () => Date;
  /** Holds an account back after repeated failed sign-ins. */
  throttle: AccountThrottle;
  /** Second factors: the sign-in's second step and enrollment at sign-in. */
  mfa: Mfa;
  /** Whether the client may load Gravatar images (a third party); otherwise it shows initials. */
  avatars?: Avatars;
  /** Whether the user must sign in through their organization's provider (single sign-on's `require_sso`). */
  passwordRefused?: (user: UserRecord) => Promise<boolean>;
  /** The organizations' support access: what each caller's scope excludes, and the grants' use. */
  support: SupportAccess;
}) {
  const { support } = deps;
  const { db, repo, apiTokens, audit, read, now, throttle, mfa } = deps;

  /** The person ended sessions of their own (`after`: which), in the change's transaction. */
  const recordSessionsEnded = (ctx: SessionContext, after: Record<string, unknown>, tx: Tx) =>
    audit.record(
      {
        ...auditActor(ctx),
        organizationId: ctx.user.organizationId,
        action: 'auth.session_revoked',
        subjectType: 'user',
        subjectId: ctx.user.id,
        after,
      },
      tx,
    );
  const avatars = deps.avatars ?? 'initials';
  /** Per token hash, the context of its last call: only to guess which read to send along (authenticateWith). */
  const guesses = new Map<string, AuthContext>();
  const ttl = (remember: boolean) => (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS);

  /** A new session, opened with its audit entry in one transaction (the caller's, when given). */
  async function openSession(
    userId: number,
    remember: boolean,
    impersonatorSessionId: number | null,
    entry: AuditEntry,
    client: Client = {},
    options: { within?: Tx; method?: SessionMethod } = {},
  ) {
    const token = newToken();
    const inTx = async (tx: Tx) => {
      const row = await repo.createSession(
        {
          tokenHash: hashToken(token),
          userId,
          remember,
          impersonatorSessionId,
          method: options.method ?? 'password',
          expiresAt: new Date(now().getTime() + ttl(remember)),
          // The instance's clock, not the database's: the policy's idle and absolute limits count from it.
          createdAt: now(),
          lastUsedAt: now(),
          ip: client.ip ?? null,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
        },
        tx,
      );
      await audit.record(entry, tx);
      return row;
    };
    const session = options.within ? await inTx(options.within) : await db.transaction(inTx);
    return { token, session };
  }

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

  async function contextFor(user: UserRecord, session: SessionRecord, token: string): Promise<SessionContext> {
    const permissions = new Set(user.permissions.filter(isPermission));
    const locationIds = user.allLocations ? 'all' : await repo.userLocationIds(user.id);
    let impersonatorUserId: number | null = null;
    if (session.impersonatorSessionId) {
      const admin = await repo.findSessionById(session.impersonatorSessionId);
      impersonatorUserId = admin?.userId ?? null;
    }
    const access = await support.load(user, permissions);
    return {
      user,
      permissions,
      locationIds,
      session,
      apiToken: null,
      token,
      impersonatorUserId,
      withheldOrganizationIds: access.withheld,
      supportGrants: access.grants,
    };
  }

  /**
   * An integration token's context: its creator as the user, acting in the token's organization with
   * the token's rights as they are now (token-rights.ts). Null when the token is not live or may do
   * nothing. "Last used" is kept to the minute, as a session's.
   */
  async function apiTokenContext(token: string): Promise<AuthContext | null> {
    const row = await apiTokens.findLive(hashToken(token), now());
    if (!row) return null;
    const creator = await repo.findUserById(row.userId);
    if (!creator) return null;
    const creatorLocations = creator.allLocations ? 'all' : await repo.userLocationIds(creator.id);
    const rights = tokenRights(row, { ...creator, locationIds: creatorLocations });
    if (!rights) return null;
    if (!row.lastUsedAt || now().getTime() - row.lastUsedAt.getTime() > 60_000) await apiTokens.touch(row.id, now());
    const organizationName =
      rights.organizationId === creator.organizationId ? creator.organizationName : (row.organizationName ?? '');
    // The creator's reach, by their own organization: a token placed in one that keeps them out does nothing.
    const access = await support.load(creator, permissionSet(creator.permissions));
    if (access.withheld.includes(rights.organizationId)) return null;
    const ctx: AuthContext = {
      user: { ...creator, organizationId: rights.organizationId, organizationName },
      permissions: rights.permissions,
      locationIds: rights.locationIds,
      session: null,
      apiToken: { id: row.id, name: row.name },
      token,
      impersonatorUserId: null,
      withheldOrganizationIds: access.withheld,
      supportGrants: access.grants,
    };
    await support.recordUses(ctx);
    return ctx;
  }

  /** The request's context from a resolved token row; null when the user or impersonation is not live. */
  async function contextOf(row: ResolvedToken | undefined, token: string): Promise<AuthContext | null> {
    if (!row || row.user.disabled) return null;
    const { user, session, admin, limits } = row;
    // The organization policy's idle and absolute limits: a session past either ends here.
    if (beyondLimits(session, limits, now())) {
      await repo.revokeSession(session.id, now());
      return null;
    }
    // An impersonation lives only as long as the administrator's own session.
    if (
      session.impersonatorSessionId &&
      (!admin?.userId || admin.revokedAt || !admin.expiresAt || admin.expiresAt <= now())
    )
      return null;
    // "Last used" is kept to the minute: a write on every request would cost more than it tells.
    if (!session.lastUsedAt || now().getTime() - session.lastUsedAt.getTime() > 60_000) {
      await repo.touchSession(session.id, now());
    }
    // An impersonation of someone whose organization admits others only with a grant ends with the grant.
    if (
      session.impersonatorSessionId &&
      admin?.userId &&
      !(await support.impersonationLive(admin.userId, user.organizationId))
    )
      return null;
    const locationIds = row.locationIds === null ? 'all' : row.locationIds.map(Number);
    const permissions = permissionSet(user.permissions);
    // Read with the session, in its statement: the restricted organizations and the caller's grants.
    const access = support.decide(row.support);
    const ctx: AuthContext = {
      user,
      permissions,
      locationIds,
      session,
      apiToken: null,
      token,
      impersonatorUserId: session.impersonatorSessionId ? (admin?.userId ?? null) : null,
      withheldOrganizationIds: access.withheld,
      supportGrants: access.grants,
    };
    await support.recordUses(ctx);
    return ctx;
  }

  return {
    /** The signed-in user as the API shows it (`GET /api/auth/user`). */
    present: (ctx: AuthContext) => toAuthUser(ctx, avatars),

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

    /** Enrollment at sign-in completed: the session opens, with the new recovery codes. */
    async signInEnrolled(body: { enrollment_token: string; factor_id: number; code: string }, client: Client = {}) {
      const session = opener(client);
      const { recoveryCodes } = await mfa.completeEnrollment(
        body.enrollment_token,
        body.factor_id,
        body.code,
        session.open,
      );
      return { ...(await session.context()), recoveryCodes };
    },

    /**
     * Enrollment at sign-in with another method (a passkey, passkey-routes.ts): `verify` registers the
     * factor in the enrollment's transaction; the session opens, with the new recovery codes.
     */
    async signInEnrolledWith(
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

    /** Resolves a bearer token; null for unknown, expired, revoked or disabled. One query per request. */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (!token || token.length > 200) return null;
      if (token.startsWith(API_TOKEN_PREFIX)) {
        const ctx = await apiTokenContext(token);
        if (ctx) return ctx;
      }
      const tokenHash = hashToken(token);
      return contextOf(await repo.resolveToken(tokenHash, now()), token);
    },

    /**
     * authenticate, and the read `build` makes from the caller's context, in ONE round trip where it
     * can (the hot dashboard reads). The session is checked in the database on every call, in the same
     * statement and snapshot as the read. Which read to send along has to be known before the session
     * row arrives, so it is built from the context this token had on its previous call (a guess, never
     * trusted: nothing is answered from it). Once the session row is back, `build` runs again on the
     * fresh context; only when that gives the identical statement (text and values) is the read's row
     * used, otherwise the fresh statement runs as a second round trip. Null when the token is not live;
     * `build` may throw (403).
     */
    async authenticateWith(
      token: string,
      build: (ctx: AuthContext) => Fragment,
    ): Promise<{ ctx: AuthContext; row: Record<string, unknown> | undefined } | null> {
      if (!token || token.length > 200) return null;
      // A token's read runs on its own: tokens are for integrations, not the dashboard's hot reads.
      if (token.startsWith(API_TOKEN_PREFIX)) {
        const ctx = await apiTokenContext(token);
        if (ctx) {
          const [row] = await read(build(ctx));
          return { ctx, row };
        }
      }
      const tokenHash = hashToken(token);
      const previous = guesses.get(tokenHash);
      let guess: Fragment | null = null;
      if (previous) {
        try {
          guess = build(previous);
        } catch {
          guess = null;
        }
      }
      const resolved = await repo.resolveTokenWith(tokenHash, now(), guess);
      const ctx = await contextOf(resolved?.resolved, token);
      guesses.delete(tokenHash);
      if (!ctx) return null;
      // Kept without the bearer token and the password hash: a guess needs neither.
      guesses.set(tokenHash, { ...ctx, token: '', user: { ...ctx.user, passwordHash: '' } });
      if (guesses.size > GUESSES) guesses.delete(guesses.keys().next().value as string);
      const statement = build(ctx);
      if (guess && resolved && sameStatement(guess, statement)) return { ctx, row: resolved.row };
      const [row] = await read(statement);
      return { ctx, row };
    },

    /** Extends the session's lifetime; the same token stays valid (clients refresh every 30 min). */
    /**
     * A person as they are now, to act without a session (an acknowledge link, a reply to an SMS):
     * null when they are deleted or disabled.
     */
    async actorOf(userId: number): Promise<(ScopeCaller & { user: UserRecord }) | null> {
      const user = await repo.findUserById(userId);
      if (!user || user.disabled) return null;
      const locationIds = user.allLocations ? 'all' : await repo.userLocationIds(user.id);
      const permissions = permissionSet(user.permissions);
      const access = await support.load(user, permissions);
      return { user, permissions, locationIds, withheldOrganizationIds: access.withheld };
    },

    async refresh(ctx: SessionContext) {
      const expiresAt = new Date(now().getTime() + ttl(ctx.session.remember));
      await repo.touchSession(ctx.session.id, now(), expiresAt);
      return ctx.token;
    },

    async logout(ctx: SessionContext) {
      await repo.revokeSession(ctx.session.id, now());
      // Logging out of an impersonated session ends the administrator's session too.
      if (ctx.session.impersonatorSessionId) await repo.revokeSession(ctx.session.impersonatorSessionId, now());
    },

    /**
     * Signing in as someone else. Where the target's organization admits others only with a grant, an
     * active grant covering the administrator and a `reason` are needed, both kept in the audit entry
     * (in that organization's log); with `never`, nobody of another organization. 403
     * `support_grant_required` otherwise.
     */
    async impersonate(ctx: SessionContext, targetUserId: number, client: Client = {}, reason?: string) {
      if (!ctx.permissions.has('users_impersonate')) throw new AppError(403, 'forbidden');
      if (ctx.session.impersonatorSessionId) throw new AppError(403, 'cannot_impersonate');
      const target = await repo.findUserById(targetUserId);
      const seesAllOrgs = ctx.permissions.has('organization_view_all');
      if (!target || (!seesAllOrgs && target.organizationId !== ctx.user.organizationId)) {
        throw new AppError(404, 'not_found');
      }
      const access = await support.forImpersonation(ctx.user, target.organizationId);
      if (!access.allowed || (access.required && !reason)) throw new AppError(403, 'support_grant_required');
      // Nobody gains permissions by impersonating (the shared `user.impersonate` rule).
      if (!can(ctx, 'user.impersonate', target)) throw new AppError(403, 'cannot_impersonate');
      const { token, session } = await openSession(
        target.id,
        false,
        ctx.session.id,
        {
          ...auditActor(ctx),
          organizationId: target.organizationId,
          action: 'auth.impersonate',
          subjectType: 'user',
          subjectId: target.id,
          ...(access.grantId !== null && { after: { support_grant_id: access.grantId, reason } }),
        },
        client,
      );
      return { token, context: await contextFor(target, session, token) };
    },

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

    async unimpersonate(ctx: SessionContext) {
      if (!ctx.session.impersonatorSessionId) throw new AppError(409, 'not_impersonating');
      await db.transaction(async (tx) => {
        await repo.revokeSession(ctx.session.id, now(), tx);
        await audit.record(
          {
            ...personActor(ctx.impersonatorUserId),
            organizationId: ctx.user.organizationId,
            action: 'auth.unimpersonate',
            subjectType: 'user',
            subjectId: ctx.user.id,
          },
          tx,
        );
      });
    },

    async updateAccount(ctx: SessionContext, body: AccountUpdateBody) {
      const patch: Parameters<AuthRepo['updateUser']>[1] = {
        name: body.name,
        email: body.email,
        language: body.language,
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
      };
      if (body.new_password) {
        const ok = await verifyPassword(ctx.user.passwordHash, body.current_password ?? '');
        if (!ok)
          throw new AppError(422, 'wrong_password', { fields: [{ field: 'current_password', key: 'wrong_password' }] });
        patch.passwordHash = await hashPassword(body.new_password);
      }
      if (body.email !== ctx.user.email) {
        const other = await repo.findUserByEmail(body.email);
        if (other && other.id !== ctx.user.id)
          throw new AppError(409, 'conflict', { fields: [{ field: 'email', key: 'email_taken' }] });
      }
      await db.transaction(async (tx) => {
        await repo.updateUser(ctx.user.id, patch, tx);
        // A new password ends every other session of this user.
        if (patch.passwordHash) await repo.revokeUserSessions(ctx.user.id, now(), ctx.session.id, tx);
        await audit.record(
          {
            ...auditActor(ctx),
            organizationId: ctx.user.organizationId,
            action: 'account.update',
            subjectType: 'user',
            subjectId: ctx.user.id,
            before: { name: ctx.user.name, email: ctx.user.email, language: ctx.user.language, phone: ctx.user.phone },
            after: {
              name: body.name,
              email: body.email,
              language: body.language,
              phone: patch.phone ?? ctx.user.phone,
              password_changed: !!patch.passwordHash,
            },
          },
          tx,
        );
      });
      const user = await repo.findUserById(ctx.user.id);
      if (!user) throw new AppError(404, 'not_found');
      return contextFor(user, ctx.session, ctx.token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Whether a session is past its organization's limits: unused for longer than the idle limit ("last
 * used" is kept to the minute, so it ends within a minute of the limit), or older than the absolute one.
 */
export function beyondLimits(
  session: Pick<SessionRecord, 'lastUsedAt' | 'createdAt'>,
  limits: SessionLimits,
  now: Date,
): boolean {
  const t = now.getTime();
  if (
    limits.idleMinutes !== null &&
    session.lastUsedAt &&
    t - session.lastUsedAt.getTime() > limits.idleMinutes * 60_000
  )
    return true;
  return limits.maxHours !== null && !!session.createdAt && t - session.createdAt.getTime() > limits.maxHours * HOUR;
}

function toAuthUser(ctx: AuthContext, avatars: Avatars): AuthUser {
  const { user } = ctx;
  const locale = normalizeLocale(user.language);
  const md5 = emailMd5(user.email);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_md5: md5,
    language: { iso6391: locale.slice(0, 2), locale },
    organisation: { id: user.organizationId, name: user.organizationName },
    team: user.teamId != null && user.teamName != null ? { id: user.teamId, name: user.teamName } : null,
    role: { id: user.roleId, name: user.roleName, color: user.roleColor },
    permissions: [...ctx.permissions],
    impersonating: ctx.session?.impersonatorSessionId != null,
    phone: user.phone,
    avatar_url: avatars === 'gravatar' ? `https://www.gravatar.com/avatar/${md5}?s=64&d=404` : null,
  };
}
