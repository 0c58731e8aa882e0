import type { Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { DEMO, test as demoTest, expect, expectAccessible, toastsGone } from '../support/fixtures.ts';

/**
 * Single sign-on through a real OpenID Connect provider (`oidc-provider`, its own sign-in and consent
 * pages) on loopback, one for each test; the worker's demo server accepts its http:// issuer. A
 * test-scoped fixture keeps the file on the workers (and demo servers) the other specs use.
 */
const test = demoTest.extend<{ idp: TestProvider }>({
  idp: async ({ demoServer }, use) => {
    const idp = await startTestProvider({ redirectUris: [`${demoServer.url}/api/auth/sso/callback`] });
    idp.accounts.set('alice', { email: 'alice@freshmart.test', name: 'Alice Anders', groups: ['fm-managers'] });
    idp.accounts.set('ana', {
      email: 'ana@freshmart.test',
      name: 'Ana Álvarez',
      groups: ['fm-managers'],
      locale: 'es-MX',
    });
    idp.accounts.set('bob', { email: 'bob@freshmart.test', name: 'Bob Brown', groups: ['marketing'] });
    await use(idp);
    await idp.close();
  },
});

const WORDS = {
  'en-US': {
    section: 'Single sign-on',
    add: 'New connection',
    name: 'Name',
    issuer: 'Issuer',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    domains: 'Email domains',
    addGroup: 'Add a group',
    group: 'Group',
    role: 'Role',
    jit: 'Create an account at the first sign-in',
    save: 'Save',
    saved: 'was saved',
    edit: 'Edit',
    secretKept: 'A secret is set',
    delete: 'Delete',
    organization: 'Organization',
    ssoButton: 'Sign in with single sign-on',
    workEmail: 'Work email',
    continue: 'Continue',
    noRole: 'none of your groups gives access',
    backToSignIn: 'Back to sign-in',
    dashboard: 'Dashboard',
  },
  'es-MX': {
    section: 'Inicio de sesión único',
    add: 'Nueva conexión',
    name: 'Nombre',
    issuer: 'Emisor',
    clientId: 'ID de cliente',
    clientSecret: 'Secreto de cliente',
    domains: 'Dominios de correo',
    addGroup: 'Agregar un grupo',
    group: 'Grupo',
    role: 'Rol',
    jit: 'Crear una cuenta en el primer inicio de sesión',
    save: 'Guardar',
    saved: 'Se guardó la conexión',
    edit: 'Editar',
    secretKept: 'Hay un secreto guardado',
    delete: 'Eliminar',
    organization: 'Organización',
    ssoButton: 'Iniciar sesión con inicio de sesión único',
    workEmail: 'Correo de trabajo',
    continue: 'Continuar',
    noRole: 'ninguno de tus grupos da acceso',
    backToSignIn: 'Volver a iniciar sesión',
    dashboard: 'Tablero',
  },
} as const;

// The worker's server serves the spec files after this one: the administrator's language goes back to English.
test.afterEach(async ({ apiAs, request, baseURL }) => {
  const admin = await apiAs(DEMO.admin);
  const res = await request.patch(`${baseURL}/api/account`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name: 'Alex Admin', email: DEMO.admin, language: 'en-US' },
  });
  expect(res.status(), await res.text()).toBe(200);
});

async function useLocale(page: Page, locale: string) {
  await page.goto('/robots.txt');
  await page.evaluate((l) => localStorage.setItem('locale', l), locale);
}

for (const locale of ['en-US', 'es-MX'] as const) {
  const w = WORDS[locale];

  test(`an administrator adds, edits and deletes a connection (${locale})`, async ({ page, loginAs, idp }) => {
    if (locale === 'es-MX') await page.setViewportSize({ width: 390, height: 844 });
    const token = await loginAs(DEMO.admin);
    const language = await page.request.patch('/api/account', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Alex Admin', email: DEMO.admin, language: locale },
    });
    expect(language.status()).toBe(200);
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.goto('/settings/single-sign-on');
    await expect(page.getByRole('heading', { name: w.section, level: 1 })).toBeVisible();
    await page.getByLabel(w.organization).selectOption({ label: 'FreshMart Foods' });
    await expectAccessible(page, `single sign-on page ${locale}`);

    await page.getByRole('button', { name: w.add }).click();
    const dialog = page.getByRole('dialog');
    const name = `Entra ${locale}`;
    await dialog.getByRole('textbox', { name: w.name, exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: w.issuer }).fill(idp.issuer);
    await dialog.getByRole('textbox', { name: w.clientId }).fill(idp.clientId);
    await dialog.getByLabel(w.clientSecret).fill(idp.clientSecret);
    await dialog.getByRole('textbox', { name: w.domains }).fill(`${locale.toLowerCase()}.freshmart.test`);
    await dialog.getByRole('button', { name: w.addGroup }).click();
    await dialog.getByRole('textbox', { name: w.group, exact: true }).fill('fm-managers');
    await dialog.getByRole('combobox', { name: w.role, exact: true }).selectOption({ label: 'Store Manager' });
    await dialog.getByRole('checkbox', { name: w.jit }).check();
    await expectAccessible(page, `single sign-on dialog ${locale}`);
    await page.screenshot({ path: `test-results/sso-dialog-${locale}.png`, fullPage: true });
    // The keyboard saves it as well as the pointer: Enter in a field submits the form.
    await dialog.getByRole('textbox', { name: w.name, exact: true }).press('Enter');
    await expect(page.getByText(w.saved)).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    const row = page
      .getByRole('row', { name: new RegExp(name) })
      .or(page.getByRole('listitem').filter({ hasText: name }));
    await expect(row.first()).toBeVisible();
    await toastsGone(page);
    await page.screenshot({ path: `test-results/sso-list-${locale}.png` });

    // Editing shows the secret is kept without showing it.
    await page.getByRole('button', { name: `${w.edit} ${name}` }).click();
    await expect(page.getByRole('dialog').getByText(w.secretKept)).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel(w.clientSecret)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('button', { name: `${w.delete} ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.delete }).click();
    await expect(page.getByRole('button', { name: `${w.delete} ${name}` })).toHaveCount(0);
    await page.screenshot({ path: `test-results/sso-settings-${locale}.png`, fullPage: true });
  });

  test(`signs in through the provider’s own pages, and says why someone without a mapped group is refused (${locale})`, async ({
    page,
    apiAs,
    idp,
    newPage,
    request,
    baseURL,
  }) => {
    const admin = await apiAs(DEMO.admin);
    const roles = await admin.get<{ data: { id: number; name: string }[] }>('settings/roles?per_page=100');
    const orgs = await admin.get<{ data: { id: number; name: string }[] }>('organizations?per_page=100');
    const freshMart = orgs.data.find((o) => o.name === 'FreshMart Foods');
    const manager = roles.data.find((r) => r.name === 'Store Manager');
    const created = await admin.post(`organizations/${freshMart?.id}/sso-connections`, {
      name: `IdP ${locale}`,
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      email_domains: ['freshmart.test'],
      claims: { email: 'email', name: 'name', groups: 'groups' },
      jit: { enabled: true, role_id: null, location_ids: null },
      role_mappings: [{ group: 'fm-managers', role_id: manager?.id, location_ids: null }],
      require_sso: false,
      break_glass_user_ids: [],
    });
    expect(created.status(), await created.text()).toBe(201);
    const connectionId = ((await created.json()) as { data: { id: number } }).data.id;
    try {
      if (locale === 'es-MX') await page.setViewportSize({ width: 390, height: 844 });
      await useLocale(page, locale);
      await page.goto('/user/login');
      await page.getByRole('button', { name: w.ssoButton }).click();
      const person = locale === 'es-MX' ? 'ana' : 'alice';
      await page.getByLabel(w.workEmail).fill(`${person}@freshmart.test`);
      await expectAccessible(page, `single sign-on form ${locale}`);
      await page.screenshot({ path: `test-results/sso-form-${locale}.png` });
      await page.getByRole('button', { name: w.continue }).click();
      // The provider's own sign-in page, then its consent page.
      await page.locator('input[name="login"]').fill(person);
      await page.locator('input[name="password"]').fill('any');
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: w.dashboard, level: 1 })).toBeVisible({ timeout: 15_000 });
      const tokenKept = await page.evaluate(() => sessionStorage.getItem('auth_token_default'));
      expect(tokenKept).toBeTruthy();
      // No token ever in an address the browser visited.
      expect(page.url()).not.toContain(tokenKept ?? 'x');
      await page.screenshot({ path: `test-results/sso-signed-in-${locale}.png` });

      // Bob's groups map to no role: the console says so.
      const other = await newPage(locale === 'es-MX' ? { viewport: { width: 390, height: 844 } } : {});
      await useLocale(other, locale);
      await other.goto('/user/login');
      await other.getByRole('button', { name: w.ssoButton }).click();
      await other.getByLabel(w.workEmail).fill('bob@freshmart.test');
      await other.getByLabel(w.workEmail).press('Enter');
      await other.locator('input[name="login"]').fill('bob');
      await other.locator('input[name="password"]').fill('any');
      await other.locator('button[type="submit"]').click();
      await other.locator('button[type="submit"]').click();
      await expect(other.getByRole('alert')).toContainText(w.noRole);
      await expect(other.getByRole('link', { name: w.backToSignIn })).toBeVisible();
      await expectAccessible(other, `single sign-on refusal ${locale}`);
      await other.screenshot({ path: `test-results/sso-refused-${locale}.png` });
    } finally {
      const res = await request.delete(`${baseURL}/api/sso-connections/${connectionId}`, {
        headers: { Authorization: `Bearer ${admin.token}` },
      });
      expect(res.status()).toBe(204);
    }
  });
}
