import { DEMO, expect, signInThroughForm, test } from '../support/fixtures.ts';

test('the login page switches to Spanish and remembers it', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('es-MX');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  // A wrong password is answered in Spanish by the server (X-Locale).
  await page.getByLabel('Correo electrónico').fill(DEMO.admin);
  await page.getByLabel('Contraseña').fill('incorrecta');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Estas credenciales no coinciden con nuestros registros.');
});

test('a user switches the interface language from the user menu and back', async ({ page }) => {
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await signInThroughForm(page, DEMO.technician);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Controladores' })).toBeVisible();

  // The choice is the user's language now: it holds after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();

  await page.getByRole('button', { name: 'Abrir el menú de usuario' }).click();
  await expect(page.getByRole('menuitem', { name: /^Configuración de la cuenta/ })).toBeVisible();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the Spanish manager reads seeded roles, teams and job categories in Spanish', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir el menú de usuario' }).click();
  await expect(page.getByText('Gerente de tienda', { exact: true })).toBeVisible();
  await expect(page.getByText('Operaciones de tienda', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/jobs');
  const jobs = page.getByRole('table');
  await expect(jobs.getByText('Reparación de emergencia').first()).toBeVisible();
  await expect(jobs.getByText('Emergency Repair')).toHaveCount(0);

  const orgs = await page.request.get('/api/organizations?per_page=100', {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token_default'))}` },
  });
  const own = ((await orgs.json()) as { data: { id: number; name: string }[] }).data.find(
    (o) => o.name === 'FreshMart Foods',
  );
  await page.goto(`/organizations/${own?.id}/view`);
  const members = page.getByRole('region', { name: 'Miembros' }).or(page.locator('section', { hasText: 'Miembros' }));
  await expect(members.getByText('Gerente de tienda').first()).toBeVisible();
  await expect(page.getByText('Store Manager')).toHaveCount(0);
});

test('the Spanish top navigation fits a 1280 px window without sideways scrolling', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(DEMO.admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  try {
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Reportes' })).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: innerWidth }));
    expect(widths.page).toBe(widths.window);
    // Every entry and the controls beside it are inside the window.
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    }
    const menu = await page.getByRole('button', { name: 'Abrir el menú de usuario' }).boundingBox();
    expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual(1280);
  } finally {
    await page.getByRole('button', { name: 'Abrir el menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }
});
