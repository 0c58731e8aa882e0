import * as oidc from 'openid-client';
import type { SsoConnectionRow } from './sso-repo.ts';

/** A provider's configuration is fetched again after this long (or when the connection changes). */
const CONFIG_TTL_MS = 10 * 60_000;
/** How long a call to the provider (discovery, token, user info) may take. */
const PROVIDER_TIMEOUT_S = 10;

export type OidcClaims = Record<string, unknown>;

/**
 * The console's side of OpenID Connect's authorization code flow with PKCE, through `openid-client`:
 * the provider's discovery document (cached per connection), the authorization URL, and the exchange of
 * the code for verified ID token claims (signature, issuer, audience, nonce, PKCE all checked by the
 * library), completed from user info when a mapped claim is not in the ID token.
 */
export function createOidc() {
  const configs = new Map<number, { key: string; at: number; config: Promise<oidc.Configuration> }>();

  function configFor(connection: SsoConnectionRow): Promise<oidc.Configuration> {
    const key = `${connection.updatedAt.getTime()}`;
    const cached = configs.get(connection.id);
    if (cached && cached.key === key && performance.now() - cached.at < CONFIG_TTL_MS) return cached.config;
    const insecure = connection.issuer.startsWith('http://');
    const config = oidc.discovery(
      new URL(connection.issuer),
      connection.clientId,
      undefined,
      connection.clientSecret ? oidc.ClientSecretPost(connection.clientSecret) : oidc.None(),
      { timeout: PROVIDER_TIMEOUT_S, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
    configs.set(connection.id, { key, at: performance.now(), config });
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => {
      if (configs.get(connection.id)?.config === config) configs.delete(connection.id);
    });
    return config;
  }

  return {
    /** The provider's authorization URL for this trip, and the secrets the callback checks against. */
    async authorizationUrl(connection: SsoConnectionRow, redirectUri: string) {
      const config = await configFor(connection);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /**
     * The callback's code exchanged for the ID token's claims; throws when the provider answered an
     * error or anything does not verify.
     */
    async exchange(
      connection: SsoConnectionRow,
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<OidcClaims> {
      const config = await configFor(connection);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      const claims: OidcClaims = { ...idClaims };
      const wanted = [connection.claimEmail, connection.claimName, connection.claimGroups];
      if (wanted.some((c) => claims[c] === undefined) && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        for (const c of wanted) if (claims[c] === undefined && info[c] !== undefined) claims[c] = info[c];
        if (claims.email_verified === undefined) claims.email_verified = info.email_verified;
      }
      return claims;
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;
