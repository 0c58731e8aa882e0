import { API_TOKEN_PREFIX } from '@rcm/shared/api-tokens';
import type { AccountUpdateBody } from '@rcm/shared/auth';
import type { SessionMethod } from '@rcm/shared/sessions';
import type { Tx } from '../../db/client.ts';
import { type Fragment, type Reader, sameStatement } from '../../db/statement.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuditEntry, auditActor, type ChangeDeps, personActor } from '../audit/repo.ts';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import type { Mfa } from './mfa-service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { AuthRepo, UserRecord } from './repo.ts';
import type { SupportAccess } from './support-access.ts';
import type { AccountThrottle } from './throttle.ts';
import { hashToken, newToken } from './tokens.ts';

const HOUR = 3_600_000;
/** "Stay signed in" keeps a session up to 14 days (spec section 9); otherwise 12 hours. */
export const REMEMBER_TTL_MS = 14 * 24 * HOUR;
export const SESSION_TTL_MS = 12 * HOUR;
/** How many tokens' last contexts authenticateWith keeps as guesses (oldest dropped first). */
const GUESSES = 10_000;

import { createAccountSessions } from './account-sessions.ts';
import { can } from './can.ts';
import type { AuthContext, ScopeCaller, SessionContext } from './context.ts';
import { createContexts, permissionSet } from './contexts.ts';
import { type Avatars, toAuthUser } from './present-user.ts';
import { type Client, createSignIn } from './sign-in.ts';

export { beyondLimits } from './contexts.ts';
export type { AuthContext, Avatars, Client, SessionContext };

export function createAuthService(
  deps: ChangeDeps & {
    repo: AuthRepo;
    apiTokens: ApiTokensRepo;
    read: Reader;
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
  },
) {
  const { support } = deps;
  const { db, repo, apiTokens, audit, read, now, mfa } = deps;

  const { contextFor, apiTokenContext, contextOf } = createContexts({ repo, apiTokens, support, now });
  const accountSessions = createAccountSessions({ db, repo, audit, mfa, now });
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

  const signIn = createSignIn({ ...deps, openSession, contextFor });

  return {
    /** The signed-in user as the API shows it (`GET /api/auth/user`). */
    present: (ctx: AuthContext) => toAuthUser(ctx, avatars),

    ...accountSessions,
    ...signIn,

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

    async unimpersonate(ctx: SessionContext) {
      if (!ctx.session.impersonatorSessionId) throw new AppError(409, 'not_impersonating');
      await audit.recordChange(
        db,
        personActor(ctx.impersonatorUserId),
        (tx) => repo.revokeSession(ctx.session.id, now(), tx),
        {
          organizationId: ctx.user.organizationId,
          action: 'auth.unimpersonate',
          subjectType: 'user',
          subjectId: ctx.user.id,
        },
      );
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
        await audit.recordBy(
          auditActor(ctx),
          {
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
