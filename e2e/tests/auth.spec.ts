import { DEMO, expect, signInThroughForm, test } from '../support/fixtures.ts';

const NAV: Record<keyof typeof DEMO, string[]> = {
  admin: ['Dashboard', 'Organizations', 'Locations', 'Controllers', 'Jobs', 'Assets', 'Inventory', 'Reports'],
  // The manager's language is es-MX: the interface follows it once signed in.
  manager: ['Tablero', 'FreshMart Foods', 'Ubicaciones', 'Controladores', 'Trabajos', 'Activos', 'Reportes'],
  technician: ['Dashboard', 'Organizations', 'Locations', 'Controllers', 'Jobs', 'Assets', 'Inventory', 'Reports'],
  viewer: ['Dashboard', 'FreshMart Foods', 'Locations', 'Controllers'],
};

for (const [who, expected] of Object.entries(NAV) as [keyof typeof DEMO, string[]][]) {
  test(`${who} signs in and sees their navigation`, async ({ page }) => {
    await page.goto('/user/login');
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await signInThroughForm(page, DEMO[who]);
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: /Main navigation|Navegación principal/ });
    await expect(nav.getByRole('link')).toHaveText(expected);
  });
}

test('the manager’s organizations entry names and opens their own organization', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/');
  const link = page.getByRole('navigation', { name: /Navegación principal|Main navigation/ }).getByRole('link', {
    name: 'FreshMart Foods',
  });
  await expect(link).toHaveAttribute('href', /\/organizations\/\d+\/view$/);
});

test('a protected page asks for sign-in and returns to it afterwards', async ({ page }) => {
  await page.goto('/controllers');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fcontrollers/);
  await signInThroughForm(page, DEMO.technician);
  await expect(page).toHaveURL(/\/controllers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Controllers' })).toBeVisible();
});

test('/login leads to sign-in and then to the dashboard; signed in, it goes on to the dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/user\/login$/);
  await signInThroughForm(page, DEMO.technician);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a session ended on the server sends the user to login and back', async ({ page, loginAs, request, baseURL }) => {
  const token = await loginAs(DEMO.admin);
  await page.goto('/legal');
  await expect(page.getByRole('heading', { name: 'Legal Policies' })).toBeVisible();
  const res = await request.post(`${baseURL}/api/auth/logout`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Flegal/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token_default'))).toBeNull();
  await signInThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/legal$/);
});

test('a page the user may not open shows the 403 page', async ({ page, loginAs }) => {
  await loginAs(DEMO.viewer);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/inventory/2');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('Sorry, the page you have requested could not be found.')).toBeVisible();
});

test('the login page is not found for a signed-in user', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/user/login');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('a wrong password shows the server’s message and signs nobody in', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByLabel('Email address').fill(DEMO.admin);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page).toHaveURL(/\/user\/login/);
});

test('logout clears the session and every stored token', async ({ page }) => {
  await page.goto('/user/login');
  await signInThroughForm(page, DEMO.admin, { stay: true });
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token_default'))).not.toBeNull();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: /Logout/ }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token_default') ?? sessionStorage.getItem('auth_token_default'),
    impersonation: localStorage.getItem('auth_token_impersonate'),
    stay: localStorage.getItem('auth_stay_signed_in'),
  }));
  expect(stored).toEqual({ token: null, impersonation: null, stay: null });
  await page.goto('/');
  await expect(page).toHaveURL(/\/user\/login/);
});
