import { normalizeLocale } from '@rcm/shared/locale';
import { isConsolePath, SSO_COMPLETE_PATH, type SsoDiscovery } from '@rcm/shared/sso';
import type { Tx } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import { type ChangeDeps, personActor } from '../audit/repo.ts';
import type { ApiTokensRepo } from './api-tokens-repo.ts';
import type { AuthRepo, UserRecord } from './repo.ts';
import type { AuthService, Client } from './service.ts';
import { createSsoConnections } from './sso-connections.ts';
import type { Oidc, OidcClaims } from './sso-oidc.ts';
import type { SsoConnectionRow, SsoFlowRow, SsoRepo } from './sso-repo.ts';
import { hashToken, newToken } from './tokens.ts';

/** A trip through the provider must come back within this; its outcome must be completed within the next. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;
export const SSO_RESULT_TTL_MS = 2 * 60_000;

/** Why a provider's sign-in gives no session here (the codes `POST /api/auth/sso/complete` answers). */
type Refusal =
  | 'sso_no_role'
  | 'sso_not_provisioned'
  | 'sso_account_conflict'
  | 'sso_provider_error'
  | 'account_disabled';

export function createSsoService(
  deps: ChangeDeps & {
    repo: SsoRepo;
    users: AuthRepo;
    apiTokens: ApiTokensRepo;
    auth: AuthService;
    oidc: Oidc;
    bus: EventBus;
    publicUrl: () => string;
    /** SSO_ALLOW_INSECURE: an http:// issuer is accepted (a provider on loopback, tests). */
    allowInsecure: boolean;
    locationIdsInOrganization: (organizationId: number, ids: readonly number[]) => Promise<number[]>;
    setLocations: (userId: number, allLocations: boolean, locationIds: readonly number[], tx: Tx) => Promise<void>;
    log: { warn: (obj: object, msg: string) => void };
  },
) {
  const { db, repo, users, audit, now } = deps;
  const redirectUri = () => new URL('/api/auth/sso/callback', deps.publicUrl()).href;
  const connections = createSsoConnections({ ...deps, redirectUri });
  const { endAccess } = connections;

  /** The role and locations the provider's groups give (the first mapping that names one), or null. */
  async function accessOf(connection: SsoConnectionRow, groups: readonly string[]) {
    const mapping = connection.roleMappings.find((m) => groups.includes(m.group));
    const roleId = mapping ? mapping.roleId : connection.jitEnabled ? connection.jitRoleId : null;
    if (roleId === null) return null;
    const [role] = await repo.liveRoles([roleId]);
    if (!role) return null;
    const wanted = mapping ? mapping.locationIds : connection.jitLocationIds;
    const locationIds = wanted ? await deps.locationIdsInOrganization(connection.organizationId, wanted) : null;
    return { roleId, locationIds, group: mapping?.group ?? null };
  }

  const stringClaim = (claims: OidcClaims, name: string) => {
    const v = claims[name];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };
  const groupsClaim = (claims: OidcClaims, name: string): string[] => {
    const v = claims[name];
    if (typeof v === 'string') return [v];
    return Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : [];
  };

  /**
   * Who the provider's claims are here: the person linked to (issuer, subject), created where JIT
   * allows, with the mapped role and locations applied. A person without a mapped role is refused, and
   * a known one loses their sessions and tokens at once.
   */
  async function signInOf(connection: SsoConnectionRow, claims: OidcClaims): Promise<number | Refusal> {
    const issuer = String(claims.iss);
    const subject = String(claims.sub);
    const email = stringClaim(claims, connection.claimEmail)?.toLowerCase() ?? null;
    const name = stringClaim(claims, connection.claimName) ?? email ?? subject;
    const groups = groupsClaim(claims, connection.claimGroups);
    const access = await accessOf(connection, groups);
    const identity = await repo.findIdentity(issuer, subject);
    let user: UserRecord | undefined;
    if (identity) {
      if (identity.connectionId !== connection.id) return 'sso_account_conflict';
      user = await users.findUserById(identity.userId);
      if (!user) return 'sso_not_provisioned';
      if (user.disabled) return 'account_disabled';
      // Moved to another organization since: this connection's roles and locations are not theirs.
      if (user.organizationId !== connection.organizationId) return 'sso_account_conflict';
      if (!access) {
        const lost = user;
        await db.transaction(async (tx) => {
          await repo.touchIdentity(identity.id, groups, now(), tx);
          await endAccess([lost.id], tx);
          await audit.recordBy(
            personActor(null),
            {
              organizationId: lost.organizationId,
              action: 'auth.session_revoked',
              subjectType: 'user',
              subjectId: lost.id,
              after: { reason: 'sso_mapping_lost', connection_id: connection.id, groups },
            },
            tx,
          );
        });
        deps.bus.emit('auth.changed', { userIds: [lost.id], disconnect: true });
        return 'sso_no_role';
      }
    } else {
      if (!access) return 'sso_no_role';
      const existing = email ? await users.findUserByEmail(email) : undefined;
      if (existing) {
        // Linked on its first provider sign-in only where the provider vouches for the address, the
        // address is of a domain this connection serves, and the account is of its organization.
        const domain = email?.split('@')[1] ?? '';
        const vouched =
          claims.email_verified === true &&
          connection.emailDomains.includes(domain) &&
          existing.organizationId === connection.organizationId;
        if (!vouched) return 'sso_account_conflict';
        if (existing.disabled) return 'account_disabled';
        user = existing;
      } else if (!connection.jitEnabled || !email) {
        return 'sso_not_provisioned';
      }
    }
    const userId = await db.transaction(async (tx) => {
      let id = user?.id;
      if (id === undefined) {
        id = await repo.insertUser(
          {
            name: name.slice(0, 200),
            email: email as string,
            organizationId: connection.organizationId,
            roleId: access.roleId,
            language: normalizeLocale(stringClaim(claims, 'locale') ?? undefined),
          },
          tx,
        );
        await audit.recordBy(
          personActor(null),
          {
            organizationId: connection.organizationId,
            action: 'user.create',
            subjectType: 'user',
            subjectId: id,
            after: { name, email, role_id: access.roleId, via: 'sso', connection_id: connection.id },
          },
          tx,
        );
      } else {
        await repo.setRole(id, access.roleId, tx);
      }
      await deps.setLocations(id, access.locationIds === null, access.locationIds ?? [], tx);
      if (identity) await repo.touchIdentity(identity.id, groups, now(), tx);
      else
        await repo.insertIdentity({ connectionId: connection.id, userId: id, issuer, subject, groups, at: now() }, tx);
      return id;
    });
    deps.bus.emit('auth.changed', { userIds: [userId], disconnect: false });
    return userId;
  }

  /** Where the browser goes after the callback: the console's page that completes the sign-in. */
  const completePage = (returnTo: string | null, error?: string) => {
    const url = new URL(SSO_COMPLETE_PATH, deps.publicUrl());
    if (returnTo && returnTo !== '/') url.searchParams.set('return_to', returnTo);
    if (error) url.searchParams.set('error', error);
    return url.pathname + url.search;
  };

  return {
    present: connections.present,
    list: connections.list,
    create: connections.create,
    update: connections.update,
    remove: connections.remove,

    /** The connection that serves the address's domain, for the sign-in page. */
    async discover(email: string): Promise<SsoDiscovery> {
      const domain = email.trim().toLowerCase().split('@').pop() ?? '';
      const found = await repo.findByDomain(domain);
      if (!found) return null;
      return {
        connection_id: found.connection.id,
        organization_name: found.organizationName,
        require_sso: found.connection.requireSso,
      };
    },

    /**
     * A trip to the provider: its authorization URL, and the browser's secret (an HttpOnly cookie) the
     * callback must come back with. Null when the connection is unknown or its provider cannot be reached.
     */
    async start(connectionId: number, returnTo: string | undefined) {
      const found = await repo.findForSignIn(connectionId);
      if (!found) return { error: 'sso_not_completed' as const };
      let trip: Awaited<ReturnType<Oidc['authorizationUrl']>>;
      try {
        trip = await deps.oidc.authorizationUrl(found.connection, redirectUri());
      } catch (err) {
        deps.log.warn({ err, connection_id: connectionId }, 'sso: the provider could not be reached');
        return { error: 'sso_unavailable' as const };
      }
      const browser = newToken();
      await repo.purgeFlows(new Date(now().getTime() - 24 * 60 * 60_000));
      await repo.insertFlow({
        stateHash: hashToken(trip.state),
        browserHash: hashToken(browser),
        connectionId,
        nonce: trip.nonce,
        codeVerifier: trip.codeVerifier,
        returnTo: returnTo && isConsolePath(returnTo) ? returnTo : '/',
        expiresAt: new Date(now().getTime() + SSO_FLOW_TTL_MS),
      });
      return { url: trip.url, browser };
    },

    /**
     * The provider's answer. Uses up the trip (its state, bound to this browser), verifies the code and
     * ID token, decides who signed in, and leaves the outcome behind a single-use secret for the
     * console to complete. Answers where the browser goes next and the secret (absent when nothing
     * can be completed).
     */
    async callback(query: Record<string, unknown>, browser: string | undefined) {
      const state = typeof query.state === 'string' ? query.state : null;
      const flow: SsoFlowRow | undefined = state ? await repo.takeFlow(hashToken(state), now()) : undefined;
      if (!flow || !browser || hashToken(browser) !== flow.browserHash || flow.connectionId === null) {
        return { location: completePage(null, 'sso_not_completed'), result: null };
      }
      const found = await repo.findForSignIn(flow.connectionId);
      let outcome: number | Refusal;
      if (!found) outcome = 'sso_provider_error';
      else if (query.error) {
        deps.log.warn({ error: query.error, connection_id: flow.connectionId }, 'sso: the provider refused');
        outcome = 'sso_provider_error';
      } else {
        const callbackUrl = new URL(redirectUri());
        for (const [k, v] of Object.entries(query)) if (typeof v === 'string') callbackUrl.searchParams.set(k, v);
        let claims: OidcClaims | null = null;
        try {
          claims = await deps.oidc.exchange(found.connection, callbackUrl, {
            state: state as string,
            nonce: flow.nonce,
            codeVerifier: flow.codeVerifier,
          });
        } catch (err) {
          deps.log.warn({ err, connection_id: flow.connectionId }, 'sso: the code exchange did not verify');
        }
        outcome = claims ? await signInOf(found.connection, claims) : 'sso_provider_error';
      }
      if (typeof outcome === 'string') {
        await audit.recordAction({
          ...personActor(null),
          organizationId: found?.connection.organizationId ?? null,
          action: 'auth.login_failed',
          subjectType: 'sso_connection',
          subjectId: flow.connectionId,
          after: { method: 'sso', reason: outcome },
        });
      }
      const result = newToken();
      await repo.setResult(flow.id, {
        resultHash: hashToken(result),
        resultUserId: typeof outcome === 'number' ? outcome : null,
        resultError: typeof outcome === 'string' ? outcome : null,
        resultExpiresAt: new Date(now().getTime() + SSO_RESULT_TTL_MS),
      });
      return { location: completePage(flow.returnTo), result };
    },

    /** The outcome behind the completion cookie (single use): a session, or the refusal it was. */
    async complete(result: string | undefined, client: Client) {
      const flow = result ? await repo.takeResult(hashToken(result), now()) : undefined;
      if (!flow) throw new AppError(401, 'sso_not_completed');
      if (flow.resultError || flow.resultUserId === null) {
        const code = (flow.resultError ?? 'sso_not_completed') as Refusal | 'sso_not_completed';
        throw new AppError(code === 'sso_not_completed' ? 401 : 403, code);
      }
      return deps.auth.signInWithSso(flow.resultUserId, { connection_id: flow.connectionId }, client);
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
