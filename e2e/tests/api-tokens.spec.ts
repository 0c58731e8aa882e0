import { apiAs } from '../support/api.ts';
import { DEMO, expect, expectAccessible, PASSWORD, test } from '../support/fixtures.ts';

// The worker's server serves the spec files after this one: the person's language goes back to English.
test.afterEach(async ({ request, baseURL }) => {
  const { token } = await apiAs(request, baseURL ?? '', DEMO.admin);
  const res = await request.patch(`${baseURL}/api/account`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Alex Admin', email: DEMO.admin, language: 'en-US' },
  });
  expect(res.status(), await res.text()).toBe(200);
});

for (const [locale, words] of [
  [
    'en-US',
    {
      section: 'Integration tokens',
      add: 'New token',
      name: 'Name',
      password: 'Your password',
      create: 'Create token',
      done: 'I have copied it',
      revoke: 'Revoke',
      wrongPassword: 'The current password is incorrect.',
    },
  ],
  [
    'es-MX',
    {
      section: 'Tokens de integración',
      add: 'Nuevo token',
      name: 'Nombre',
      password: 'Tu contraseña',
      create: 'Crear token',
      done: 'Ya lo copié',
      revoke: 'Revocar',
      wrongPassword: 'La contraseña actual es incorrecta.',
    },
  ],
] as const) {
  test(`creates an integration token after the password, sees it once, and revokes it (${locale})`, async ({
    page,
    loginAs,
  }) => {
    const name = `BMS ${locale}`;
    const session = await loginAs(DEMO.admin);
    const language = await page.request.patch('/api/account', {
      headers: { Authorization: `Bearer ${session}` },
      data: { name: 'Alex Admin', email: DEMO.admin, language: locale },
    });
    expect(language.status(), await language.text()).toBe(200);
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.goto('/settings/api-tokens');
    await expect(page.getByRole('heading', { name: words.section, level: 1 })).toBeVisible();
    await expectAccessible(page, `integration tokens page ${locale}`);

    await page.getByRole('button', { name: words.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: words.name, exact: true }).fill(name);
    await dialog.getByRole('checkbox', { name: /^alarms_view/ }).check();
    // A wrong password is refused under its field, and nothing is created.
    await dialog.getByLabel(words.password).fill('not-my-password');
    await dialog.getByRole('button', { name: words.create }).click();
    await expect(dialog.getByText(words.wrongPassword)).toBeVisible();
    await expectAccessible(page, `integration token dialog ${locale}`);
    await dialog.getByLabel(words.password).fill(PASSWORD);
    await dialog.getByLabel(words.password).press('Enter');

    // The token, once.
    const shown = page.getByRole('dialog', { name: new RegExp(name) });
    await expect(shown.locator('code')).toHaveText(/^rcm_/);
    const token = (await shown.locator('code').textContent()) ?? '';
    await expectAccessible(page, `integration token shown ${locale}`);
    await shown.getByRole('button', { name: words.done }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(token)).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);

    // It does what it names and nothing more.
    const as = (url: string) => page.request.get(url, { headers: { Authorization: `Bearer ${token}` } });
    expect((await as('/api/alarms')).status()).toBe(200);
    expect((await as('/api/controllers')).status()).toBe(403);

    // Revoked by keyboard: it stops at once.
    const revoke = page.getByRole('button', { name: `${words.revoke} ${name}` });
    await revoke.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: words.revoke }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    expect((await as('/api/alarms')).status()).toBe(401);
  });
}
