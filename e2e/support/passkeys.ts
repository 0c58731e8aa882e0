import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, PASSWORD as DEMO_PASSWORD, expect } from './fixtures.ts';

/** The password of the people `newPerson` makes. */
export const PASSWORD = 'walk-in-cooler-5';

/** A person of the administrator's organization with a password of their own, in `language`. */
export async function newPerson(request: APIRequestContext, baseURL: string, language: 'en-US' | 'es-MX') {
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { Authorization: String(login.headers().authorization) };
  const me = (await (await request.get(`${baseURL}/api/auth/user`, { headers })).json()).data;
  const roles = (await (await request.get(`${baseURL}/api/settings/roles`, { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const email = `passkey-${language}-${Date.now()}@example.com`;
  const created = await request.post(`${baseURL}/api/settings/users`, {
    headers,
    data: {
      name: language === 'en-US' ? 'Pat Passkey' : 'Paz Llave',
      email,
      role_id: roles.find((r) => r.name === 'Store Viewer')?.id,
      organization_id: me.organisation.id,
      all_locations: true,
      language,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invitation = String((await created.json()).data.invitation_url);
  const chosen = await request.post(`${baseURL}/api/auth/reset-password`, {
    data: { token: new URL(invitation).searchParams.get('token'), password: PASSWORD },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  return email;
}

/** A virtual authenticator that holds discoverable credentials and verifies its user at once. */
export async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
