import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { readerFor } from '../../db/statement.ts';
import type { ScheduledTask } from '../../scheduled/scheduler.ts';
import type { ChangeDeps } from '../audit/repo.ts';
import type { FeatureContext } from '../context.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { createApiTokensRepo } from './api-tokens-repo.ts';
import { apiTokenRoutes } from './api-tokens-routes.ts';
import { createApiTokensService } from './api-tokens-service.ts';
import { createMfaRepo } from './mfa-repo.ts';
import { mfaRoutes } from './mfa-routes.ts';
import { createMfa } from './mfa-service.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { createPasskeys } from './passkeys.ts';
import { createPasskeysRepo } from './passkeys-repo.ts';
import { createPasswordLinks } from './password-links.ts';
import { createPasswordTokensRepo } from './password-tokens-repo.ts';
import { createReauth } from './reauth.ts';
import { createReauthFailuresRepo } from './reauth-failures-repo.ts';
import { createAuthRepo } from './repo.ts';
import { authRoutes } from './routes.ts';
import { createSecurityPolicy, securityPolicyRoutes } from './security-policy.ts';
import { createAuthService } from './service.ts';
import { createOidc } from './sso-oidc.ts';
import { createSsoRepo } from './sso-repo.ts';
import { ssoRoutes } from './sso-routes.ts';
import { createSsoService } from './sso-service.ts';
import { createSupportAccess } from './support-access.ts';
import { createSupportGrants, supportGrantRoutes } from './support-grants.ts';
import { createSupportRepo } from './support-repo.ts';
import { createAccountThrottle } from './throttle.ts';
import { createThrottleRepo } from './throttle-repo.ts';

/**
 * The session service, the password links, second factors and re-authentication, built before the
 * features: the request hook, settings and the HACCP signatures use them.
 */
export function createAuth(
  deps: ChangeDeps & {
    config: Config;
    /** The email outbox the password links' emails and the signing alerts are queued in. */
    outbox: EmailOutboxRepo;
    publicUrl: () => string;
  },
) {
  const { config, db, audit, outbox, now } = deps;
  const repo = createAuthRepo(db);
  const apiTokens = createApiTokensRepo(db);
  const throttle = createAccountThrottle({ repo: createThrottleRepo(db), now });
  const mfa = createMfa({ db, repo: createMfaRepo(db), users: repo, apiTokens, audit, now });
  const sso = createSsoRepo(db);
  const support = createSupportAccess({ db, repo: createSupportRepo(db), audit, now });
  const service = createAuthService({
    db,
    repo,
    apiTokens,
    audit,
    read: readerFor(db),
    now,
    throttle,
    mfa,
    avatars: config.AVATARS,
    passwordRefused: (user) => sso.passwordRefused(user.id, user.organizationId),
    support,
  });
  const passwordLinks = createPasswordLinks({
    db,
    tokens: createPasswordTokensRepo(db),
    users: repo,
    audit,
    publicUrl: deps.publicUrl,
    now,
    outbox,
    throttle,
  });
  const reauth = createReauth({
    db,
    repo: apiTokens,
    failures: createReauthFailuresRepo(),
    audit,
    now,
    mfa,
    outbox,
    publicUrl: deps.publicUrl,
  });
  return { service, passwordLinks, mfa, reauth };
}

/**
 * Sign-in and out, the own account, impersonation, the password links' public routes,
 * re-authentication, integration tokens and single sign-on.
 */
export function authModule(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db, audit, now } = ctx;
  const tokensRepo = createApiTokensRepo(db);
  const { directory } = ctx.shared;
  const { mfa, reauth } = ctx.shared;
  const tokens = createApiTokensService({
    db,
    repo: tokensRepo,
    reauth,
    audit,
    locationIdsInOrganization: directory.locationIdsInOrganization,
    organizationExists: (id) => tokensRepo.organizationExists(id),
    now,
  });
  const passkeys = createPasskeys({ db, repo: createPasskeysRepo(db), mfa, now, publicUrl: ctx.shared.consoleUrl.url });
  const policies = createSecurityPolicy({ db, repo: createMfaRepo(db), audit, now });
  const grants = createSupportGrants({ db, repo: createSupportRepo(db), audit, bus: ctx.bus, now });
  const session = authRoutes({
    auth: ctx.auth,
    passwordLinks: ctx.shared.passwordLinks,
    loginRateLimit: ctx.config.LOGIN_RATE_LIMIT,
    log: ctx.log,
  });
  const rateLimit = { max: ctx.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };
  const publicUrl = ctx.shared.consoleUrl.url;
  const sso = createSsoService({
    db,
    repo: createSsoRepo(db),
    users: createAuthRepo(db),
    apiTokens: tokensRepo,
    auth: ctx.auth,
    oidc: createOidc(),
    audit,
    bus: ctx.bus,
    now,
    publicUrl,
    allowInsecure: ctx.config.SSO_ALLOW_INSECURE ?? false,
    locationIdsInOrganization: directory.locationIdsInOrganization,
    setLocations: directory.setLocations,
    log: ctx.log,
  });
  return async (app) => {
    await app.register(session);
    await app.register(apiTokenRoutes({ tokens, reauth, rateLimit }));
    await app.register(mfaRoutes({ auth: ctx.auth, mfa, reauth, rateLimit }));
    await app.register(passkeyRoutes({ auth: ctx.auth, mfa, passkeys, reauth, rateLimit }));
    await app.register(securityPolicyRoutes({ policies }));
    await app.register(supportGrantRoutes({ grants }));
    await app.register(ssoRoutes({ sso, auth: ctx.auth, rateLimit, secure: () => publicUrl().startsWith('https:') }));
  };
}

/** Per-account throttle rows nobody failed on for an hour are forgotten anyway: removed hourly. */
export function authTasks(ctx: FeatureContext): ScheduledTask[] {
  return [
    {
      name: 'account-throttles-purge',
      everyMs: 60 * 60_000,
      run: (db) => createAccountThrottle({ repo: createThrottleRepo(db), now: ctx.now }).purge(),
    },
  ];
}
