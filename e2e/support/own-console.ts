import { type APIRequestContext, type BrowserContextOptions, expect, type Page } from '@playwright/test';

/**
 * A console a spec starts for itself (`startServer({ SEED_DEMO: 'false' })`), set up as a new user
 * does: first setup names the organization and its administrator, Alma Reyes.
 */
export async function setUpConsole(request: APIRequestContext, url: string, organization: string): Promise<string> {
  const res = await request.post(`${url}/api/setup`, {
    data: {
      organization_name: organization,
      name: 'Alma Reyes',
      email: 'alma@polar.example',
      password: 'cold-chain-2026',
    },
  });
  expect(res.status()).toBe(201);
  return String(res.headers().authorization).replace(/^Bearer /, '');
}

/** A page of that console signed in with `token` (kept as "stay signed in"), in `opts.locale` or en-US. */
export async function signedInPage(
  newPage: (o: BrowserContextOptions) => Promise<Page>,
  url: string,
  token: string,
  opts: BrowserContextOptions = {},
): Promise<Page> {
  const locale = opts.locale ?? 'en-US';
  const page = await newPage({ baseURL: url, ...opts, locale });
  await page.goto('/robots.txt');
  await page.evaluate(
    ([t, l]) => {
      localStorage.setItem('auth_token_default', t as string);
      localStorage.setItem('auth_stay_signed_in', 'true');
      localStorage.setItem('locale', l as string);
    },
    [token, locale],
  );
  return page;
}
