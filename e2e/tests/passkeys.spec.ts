import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  DEMO,
  PASSWORD as DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInThroughForm,
  signOutThroughPage,
  test,
  toastsGone,
} from '../support/fixtures.ts';
import { addAuthenticator, newPerson, PASSWORD } from '../support/passkeys.ts';

/**
 * Passkeys as a person uses them, with Chromium's virtual authenticator (CDP `WebAuthn`) standing in
 * for the device: one added on the account page, then signing in with it without a password, and as
 * the second step after the password, and enrolled at sign-in where the organization allows only
 * passkeys. Each test makes its own person (the worker's server serves the next spec files, whose demo
 * users keep no passkey), the last one its own organization too.
 */
const WORDS = {
  'en-US': {
    section: 'Two-factor authentication',
    passkeys: 'Passkeys',
    add: 'Add a passkey',
    name: 'Passkey name',
    next: 'Continue',
    password: 'Password',
    saved: 'I saved them, continue',
    list: 'Your passkeys',
    signIn: 'Sign in with a passkey',
    canceled: 'The passkey request was canceled or timed out. You can try again.',
    usePasskey: 'Use a passkey',
    stepCode: 'Authentication code',
  },
  'es-MX': {
    section: 'Verificación en dos pasos',
    passkeys: 'Llaves de acceso',
    add: 'Agregar una llave de acceso',
    name: 'Nombre de la llave de acceso',
    next: 'Continuar',
    password: 'Contraseña',
    saved: 'Ya los guardé, continuar',
    list: 'Tus llaves de acceso',
    signIn: 'Iniciar sesión con una llave de acceso',
    canceled: 'La solicitud de la llave de acceso se canceló o expiró. Puedes intentarlo de nuevo.',
    usePasskey: 'Usar una llave de acceso',
    stepCode: 'Código de autenticación',
  },
} as const;

/** Adds a passkey named `label` on the account page, confirmed by the password; its recovery codes when the first factor. */
async function addPasskey(page: Page, locale: keyof typeof WORDS, label: string, first: boolean) {
  const w = WORDS[locale];
  await page.goto('/account');
  const passkeys = page.getByRole('region', { name: w.section }).getByRole('region', { name: w.passkeys });
  await passkeys.getByRole('button', { name: w.add }).click();
  const naming = page.getByRole('dialog');
  await naming.getByLabel(w.name).fill(label);
  await naming.getByRole('button', { name: w.next }).click();
  const reauth = page.getByRole('dialog');
  await reauth.getByLabel(w.password).fill(PASSWORD);
  await reauth.getByRole('button', { name: w.next }).click();
  if (first) await page.getByRole('button', { name: w.saved }).click();
  await expect(passkeys.getByRole('list', { name: w.list }).getByRole('listitem')).toContainText(label);
  return passkeys;
}

test('adds a passkey on the account page, signs in with it without a password and as the second step (en-US)', async ({
  page,
  request,
  baseURL,
}) => {
  const w = WORDS['en-US'];
  const email = await newPerson(request, baseURL ?? '', 'en-US');
  const authenticator = await addAuthenticator(page);

  // Before the device holds a passkey for this console, asking for one ends calmly, on the page.
  await page.goto('/user/login');
  await page.getByRole('button', { name: w.signIn }).click();
  await expect(page.getByRole('alert')).toHaveText(w.canceled);
  await page.screenshot({ path: test.info().outputPath('passkey-sign-in-canceled.png'), fullPage: true });
  await expect(page.getByRole('button', { name: w.signIn })).toBeEnabled();

  await signInThroughForm(page, email, { password: PASSWORD });
  await expect(page).not.toHaveURL(/\/user\/login/);
  const passkeys = await addPasskey(page, 'en-US', 'Work laptop', true);
  expect(await authenticator.credentials()).toHaveLength(1);
  await expect(passkeys.getByRole('listitem')).toContainText('Passkey · Work laptop');
  await expect(passkeys.getByRole('listitem')).toContainText('last used never');
  await toastsGone(page);
  await expectAccessible(page, 'account page with a passkey');
  await page.screenshot({ path: test.info().outputPath('passkey-account.png'), fullPage: true });

  // Passwordless: the passkey alone opens the console.
  await signOutThroughPage(page);
  await page.getByRole('button', { name: w.signIn }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
  await page.goto('/account');
  await expect(passkeys.getByRole('listitem')).not.toContainText('last used never');

  // After the password the passkey answers the second step (the person's only factor: offered first).
  await signOutThroughPage(page);
  await signInThroughForm(page, email, { password: PASSWORD });
  await expect(page.getByRole('button', { name: w.usePasskey })).toBeVisible();
  await expectAccessible(page, 'second step with a passkey');
  await page.screenshot({ path: test.info().outputPath('passkey-second-step.png'), fullPage: true });
  await page.getByRole('button', { name: w.usePasskey }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();
});

test('with an authenticator app and a passkey, the second step offers the passkey too; the passkey confirms its removal (es-MX)', async ({
  page,
  request,
  baseURL,
}) => {
  const w = WORDS['es-MX'];
  const email = await newPerson(request, baseURL ?? '', 'es-MX');
  await addAuthenticator(page);
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.setItem('locale', 'es-MX'));
  await page.reload();

  // An authenticator app first, through the API (its code computed here, as the app would).
  const login = await request.post(`${baseURL}/api/auth/login`, { data: { email, password: PASSWORD } });
  const headers = { Authorization: String(login.headers().authorization) };
  const proof = await request.post(`${baseURL}/api/auth/reauth`, { headers, data: { password: PASSWORD } });
  const started = await request.post(`${baseURL}/api/account/mfa/totp`, {
    headers,
    data: { reauth_token: (await proof.json()).data.reauth_token },
  });
  const totp = (await started.json()).data as { factor_id: number; secret: string };
  const codeAt = (steps: number) =>
    TOTP.generate({ secret: Secret.fromBase32(totp.secret), timestamp: Date.now() + steps * 30_000 });
  const verified = await request.post(`${baseURL}/api/account/mfa/totp/${totp.factor_id}/verify`, {
    headers,
    data: { code: codeAt(0) },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // Signed in with the app's code (of the next step: this one was used), the passkey is added.
  await signInThroughForm(page, email, { password: PASSWORD });
  await page.getByLabel(w.stepCode).fill(codeAt(1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  const passkeys = await addPasskey(page, 'es-MX', 'Mi teléfono', false);
  await expect(passkeys.getByRole('listitem')).toContainText('Llave de acceso · Mi teléfono');
  await toastsGone(page);
  await expectAccessible(page, 'account page with a passkey es-MX');

  // The second step asks for the app's code, and offers the passkey instead.
  await signOutThroughPage(page);
  await signInThroughForm(page, email, { password: PASSWORD });
  await expect(page.getByLabel(w.stepCode)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page, 'second step with an app and a passkey es-MX');
  await page.screenshot({ path: test.info().outputPath('passkey-second-step-phone-es-MX.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: w.usePasskey }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);

  // Removing the passkey is confirmed with the passkey itself.
  await page.goto('/account');
  await passkeys.getByRole('button', { name: /^Quitar/ }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: w.usePasskey }).click();
  await expect(passkeys.getByText('Aún no tienes una llave de acceso.')).toBeVisible();
  await expect(page.getByRole('region', { name: WORDS['es-MX'].section }).getByRole('listitem')).toHaveCount(1);
});

test('a person of an organization that requires a passkey adds one at sign-in and lands in the console (en-US)', async ({
  page,
  request,
  baseURL,
}) => {
  const w = WORDS['en-US'];
  // The organization, its policy (a second factor for all, passkeys only) and its person, through the API.
  const admin = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(admin.status(), await admin.text()).toBe(200);
  const headers = { Authorization: String(admin.headers().authorization) };
  const org = await request.post(`${baseURL}/api/organizations`, {
    headers,
    data: { name: `E2E Passkeys Only ${Date.now()}` },
  });
  expect(org.status(), await org.text()).toBe(201);
  const organizationId = (await org.json()).data.id as number;
  const policy = await request.put(`${baseURL}/api/organizations/${organizationId}/security-policy`, {
    headers,
    data: {
      require_mfa: 'all',
      require_mfa_role_ids: [],
      allowed_methods: ['webauthn'],
      session_idle_minutes: null,
      session_max_hours: null,
      support_access: 'always',
    },
  });
  expect(policy.status(), await policy.text()).toBe(200);
  const roles = (await (await request.get(`${baseURL}/api/settings/roles`, { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const email = `passkey-enroll-${Date.now()}@example.com`;
  const created = await request.post(`${baseURL}/api/settings/users`, {
    headers,
    data: {
      name: 'Kim Keyholder',
      email,
      role_id: roles.find((r) => r.name === 'Store Viewer')?.id,
      organization_id: organizationId,
      all_locations: true,
      language: 'en-US',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = (await created.json()).data.id as number;
  const invitation = String((await created.json()).data.invitation_url);
  const chosen = await request.post(`${baseURL}/api/auth/reset-password`, {
    data: { token: new URL(invitation).searchParams.get('token'), password: PASSWORD },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);

  try {
    const authenticator = await addAuthenticator(page);
    await page.goto('/user/login');
    await signInThroughForm(page, email, { password: PASSWORD });
    await expect(page.getByText('Your organization requires a second factor before you can sign in.')).toBeVisible();
    // Only a passkey is offered: the organization allows no authenticator app.
    await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toHaveCount(0);
    await expectAccessible(page, 'enrollment at sign-in with a passkey');
    await page.screenshot({ path: test.info().outputPath('passkey-enroll.png'), fullPage: true });
    await page.getByRole('button', { name: w.add }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).locator('li')).toHaveCount(10);
    expect(await authenticator.credentials()).toHaveLength(1);
    await page.getByRole('button', { name: w.saved }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);
    await expect(page.getByRole('button', { name: 'Open user menu' })).toBeVisible();

    // The passkey is the person's factor: the next sign-in asks for it.
    await page.goto('/account');
    const passkeys = page.getByRole('region', { name: w.section }).getByRole('region', { name: w.passkeys });
    await expect(passkeys.getByRole('list', { name: w.list }).getByRole('listitem')).toContainText('Passkey');
    await signOutThroughPage(page);
    await signInThroughForm(page, email, { password: PASSWORD });
    await page.getByRole('button', { name: w.usePasskey }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);
  } finally {
    // The organization goes again (archived: its person's history refers to it), its person first.
    const removed = await request.delete(`${baseURL}/api/settings/users/${userId}`, { headers });
    expect(removed.status(), await removed.text()).toBe(204);
    const gone = await request.delete(`${baseURL}/api/organizations/${organizationId}`, { headers });
    expect(gone.status(), await gone.text()).toBe(204);
  }
});
