import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person the test provider knows: the login typed on its sign-in page is their subject. */
export type ProviderAccount = {
  email: string;
  name: string;
  groups: string[];
  email_verified?: boolean;
  /** The person's language (`es-MX`), as providers send it in `locale`. */
  locale?: string;
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people, by login; a test changes their groups between sign-ins. */
  accounts: Map<string, ProviderAccount>;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free loopback port, with its built-in development
 * sign-in and consent pages: one confidential client for the console's callback, PKCE required,
 * `email`, `name` and `groups` in the ID token.
 */
export async function startTestProvider(opts: { redirectUris: string[] }): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'console';
  const clientSecret = 'console-secret-for-tests-only-0123456789';
  const accounts = new Map<string, ProviderAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub', 'groups'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.email_verified ?? true,
          name: account.name,
          groups: account.groups,
          ...(account.locale ? { locale: account.locale } : {}),
        }),
      };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser's trip through the provider's own pages: from its authorization URL, signs in as `login`
 * on the sign-in form, confirms the consent form, and answers the URL the provider sends the browser
 * back to (the console's callback). Cookies are kept per host, as a browser would.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.href.startsWith(stopAt)) return url;
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(body ? { body } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
    url = new URL(action, url);
  }
  throw new Error('the provider did not send the browser back');
}
