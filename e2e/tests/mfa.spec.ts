import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  DEMO,
  expect,
  expectAccessible,
  PASSWORD,
  signInThroughForm,
  signOutThroughPage,
  test,
  toastsGone,
} from '../support/fixtures.ts';

/**
 * Two-factor authentication as a person uses it: an authenticator app added on the account page
 * (the code computed here from the key the page shows, as the app would), then signing out and in
 * with a code, and with a recovery code. The technician's factor is removed again at the end (the
 * worker's server serves the next spec files).
 */
const PERSON = DEMO.technician;
let secret = '';
let codes: string[] = [];

/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeAt = (steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** A session of the person through the API, with their second step answered by a recovery code when asked. */
async function signInByApi(request: APIRequestContext, baseURL: string): Promise<string> {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { email: PERSON, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()).data;
  if (!body.mfa_required) return (res.headers().authorization ?? '').replace(/^Bearer /, '');
  const second = await request.post(`${baseURL}/api/auth/login/mfa`, {
    data: { mfa_token: body.mfa_token, method: 'recovery_code', code: codes.pop() },
  });
  expect(second.status(), await second.text()).toBe(200);
  return (second.headers().authorization ?? '').replace(/^Bearer /, '');
}

// Restores the person: no factor, English.
test.afterEach(async ({ request, baseURL }) => {
  const token = await signInByApi(request, baseURL ?? '');
  const headers = { Authorization: `Bearer ${token}` };
  const status = (await (await request.get(`${baseURL}/api/account/mfa`, { headers })).json()).data;
  for (const factor of status.factors as { id: number }[]) {
    const proof = await request.post(`${baseURL}/api/auth/reauth`, { headers, data: { password: PASSWORD } });
    const reauth_token = (await proof.json()).data.reauth_token;
    const removed = await request.delete(`${baseURL}/api/account/mfa/${factor.id}`, {
      headers,
      data: { reauth_token },
    });
    expect(removed.status(), await removed.text()).toBe(204);
  }
  const res = await request.patch(`${baseURL}/api/account`, {
    headers,
    data: { name: 'Terry Technician', email: PERSON, language: 'en-US' },
  });
  expect(res.status(), await res.text()).toBe(200);
});

const WORDS = {
  'en-US': {
    section: 'Two-factor authentication',
    add: 'Add an authenticator app',
    password: 'Password',
    confirm: 'Continue',
    appCode: 'Code from the app',
    verify: 'Verify',
    codesTitle: 'Save your recovery codes',
    saved: 'I saved them, continue',
    stepCode: 'Authentication code',
    useRecovery: 'Use a recovery code',
    recoveryCode: 'Recovery code',
    left: '9 recovery codes left.',
    remove: 'Remove',
    useCode: 'Use a code instead',
    codeLabel: 'Code from your authenticator app, or a recovery code',
    none: 'No second factor yet.',
  },
  'es-MX': {
    section: 'Verificación en dos pasos',
    add: 'Agregar una app de autenticación',
    password: 'Contraseña',
    confirm: 'Continuar',
    appCode: 'Código de la app',
    verify: 'Verificar',
    codesTitle: 'Guarda tus códigos de recuperación',
    saved: 'Ya los guardé, continuar',
    stepCode: 'Código de autenticación',
    useRecovery: 'Usar un código de recuperación',
    recoveryCode: 'Código de recuperación',
    left: 'Te quedan 9 códigos de recuperación.',
    remove: 'Quitar',
    useCode: 'Usar un código',
    codeLabel: 'Código de tu app de autenticación o un código de recuperación',
    none: 'Aún no tienes un segundo factor.',
  },
} as const;

for (const locale of ['en-US', 'es-MX'] as const) {
  const w = WORDS[locale];
  test(`adds an authenticator app, signs in with its code and with a recovery code, removes it (${locale})`, async ({
    page,
    loginAs,
  }) => {
    const session = await loginAs(PERSON);
    const language = await page.request.patch('/api/account', {
      headers: { Authorization: `Bearer ${session}` },
      data: { name: 'Terry Technician', email: PERSON, language: locale },
    });
    expect(language.status(), await language.text()).toBe(200);
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);

    // Enroll: a fresh password, the key the page shows, the app's code; ten recovery codes once.
    await page.goto('/account');
    const section = page.getByRole('region', { name: w.section });
    await section.getByRole('button', { name: w.add }).click();
    const reauth = page.getByRole('dialog');
    await reauth.getByLabel(w.password).fill(PASSWORD);
    await reauth.getByRole('button', { name: w.confirm }).click();
    const setup = page.getByRole('dialog');
    await expect(setup.getByRole('img')).toBeVisible();
    secret = ((await setup.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, `authenticator app setup ${locale}`);
    await page.screenshot({ path: test.info().outputPath(`mfa-setup-${locale}.png`), fullPage: true });
    await setup.getByLabel(w.appCode).fill(codeAt());
    await setup.getByRole('button', { name: w.verify }).click();
    await expect(page.getByRole('heading', { name: w.codesTitle })).toBeVisible();
    codes = await page
      .getByRole('list', { name: /Recovery codes|Códigos de recuperación/ })
      .locator('li')
      .allTextContents();
    expect(codes).toHaveLength(10);
    await toastsGone(page);
    await expectAccessible(page, `recovery codes ${locale}`);
    await page.getByRole('button', { name: w.saved }).click();
    await expect(section.getByRole('listitem')).toHaveCount(1);

    // Signed out, the password alone is not enough: the app's code (of the next step: this one was used).
    await signOutThroughPage(page);
    await signInThroughForm(page, PERSON);
    await page.getByLabel(w.stepCode).fill(codeAt(1));
    await expectAccessible(page, `sign-in second step ${locale}`);
    await page.getByRole('button', { name: w.verify }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);

    // And with a recovery code, which serves once.
    await signOutThroughPage(page);
    await signInThroughForm(page, PERSON);
    await page.getByRole('button', { name: w.useRecovery }).click();
    const recovery = codes.shift() as string;
    await page.getByLabel(w.recoveryCode).fill(recovery);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.screenshot({ path: test.info().outputPath(`mfa-recovery-phone-${locale}.png`), fullPage: true });
    await page.getByRole('button', { name: w.verify }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Removed with a recovery code as the proof, by keyboard.
    await page.goto('/account');
    await expect(section.getByText(w.left)).toBeVisible();
    await section.getByRole('button', { name: new RegExp(`^${w.remove}`) }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: w.useCode }).click();
    await confirm.getByLabel(w.codeLabel).fill(codes.shift() as string);
    await expectAccessible(page, `remove a factor ${locale}`);
    await confirm.getByLabel(w.codeLabel).press('Enter');
    await expect(section.getByText(w.none)).toBeVisible();
  });
}

// Restores FreshMart's policy (no factor required) and the viewer (no factor).
test.afterEach(async ({ request, baseURL }) => {
  const admin = await signInAs(request, baseURL ?? '', DEMO.admin);
  const found = await request.get(`${baseURL}/api/settings/users?q=${encodeURIComponent(DEMO.viewer)}`, {
    headers: admin,
  });
  const viewer = (await found.json()).data.find((u: { email: string }) => u.email === DEMO.viewer);
  const put = await request.put(`${baseURL}/api/organizations/${viewer.organisation.id}/security-policy`, {
    headers: admin,
    data: {
      require_mfa: 'off',
      require_mfa_role_ids: [],
      allowed_methods: ['totp', 'webauthn'],
      session_idle_minutes: null,
      session_max_hours: null,
      support_access: 'always',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const reset = await request.delete(`${baseURL}/api/settings/users/${viewer.id}/mfa`, { headers: admin });
  expect(reset.status(), await reset.text()).toBe(204);
});

/** Bearer headers of a sign-in by password (of a person without a second factor). */
async function signInAs(request: APIRequestContext, baseURL: string, email: string) {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return { Authorization: `Bearer ${(res.headers().authorization ?? '').replace(/^Bearer /, '')}` };
}

test('an organization requires a second factor: its people set one up at sign-in, an administrator resets it (the administrator in English, the person in Spanish)', async ({
  page,
  loginAs,
  newPage,
  request,
  baseURL,
}) => {
  const viewerHeaders = await signInAs(request, baseURL ?? '', DEMO.viewer);
  const viewer = (await (await request.get(`${baseURL}/api/auth/user`, { headers: viewerHeaders })).json()).data;
  await loginAs(DEMO.admin);
  await page.goto(`/organizations/${viewer.organisation.id}/view`);
  const policy = page.getByRole('region', { name: 'Security' });
  await policy.getByLabel('Second factor', { exact: true }).selectOption('all');
  await policy.getByLabel('End sessions unused for (minutes)').fill('480');
  await policy.getByRole('button', { name: 'Save security policy' }).click();
  await expect(page.getByText('Security policy saved.')).toBeVisible();
  await toastsGone(page);
  await expectAccessible(page, 'security policy');

  // The viewer, on a phone, sets up an authenticator app before the console opens.
  const phone = await newPage({ viewport: { width: 375, height: 740 }, locale: 'es-MX' });
  await phone.goto('/user/login');
  await phone.evaluate(() => localStorage.setItem('locale', 'es-MX'));
  await phone.reload();
  await signInThroughForm(phone, DEMO.viewer);
  await expect(phone.getByText('Tu organización exige un segundo factor para iniciar sesión.')).toBeVisible();
  await phone.getByRole('button', { name: 'Configurar una app de autenticación' }).click();
  secret = ((await phone.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await expectAccessible(phone, 'enrollment at sign-in es-MX');
  await phone.screenshot({ path: test.info().outputPath('mfa-enroll-phone-es-MX.png'), fullPage: true });
  await phone.getByLabel('Código de la app').fill(codeAt());
  await phone.getByRole('button', { name: 'Verificar' }).click();
  await expect(phone.getByRole('list', { name: 'Códigos de recuperación' }).locator('li')).toHaveCount(10);
  await phone.getByRole('button', { name: 'Ya los guardé, continuar' }).click();
  await expect(phone).not.toHaveURL(/\/user\/login/);

  // The administrator sees it, and resets it.
  await page.goto(`/settings/users/${viewer.id}/edit`);
  await expect(page.getByTestId('user-mfa')).toContainText('Enrolled');
  await page.getByRole('button', { name: 'Reset second factors' }).click();
  await expectAccessible(page, 'reset second factors');
  await page.getByRole('dialog').getByRole('button', { name: 'Reset second factors' }).click();
  await expect(page.getByText('Second factors of Val Viewer reset.')).toBeVisible();
  const after = await request.get(`${baseURL}/api/auth/user`, { headers: viewerHeaders });
  expect(after.status()).toBe(401);
});
