import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

const PAGES = [
  '/',
  '/?status=acknowledged&severity=high',
  '/account',
  '/legal',
  '/403',
  '/search?q=rack',
  '/controllers',
  '/controllers/1/view',
  '/controllers/1/edit',
  '/no-such-page',
  '/inventory/3',
  '/inventory?tab=suppliers',
  '/settings/job-categories',
  '/settings/users/create',
  '/settings/users/1/edit',
  '/settings/backups',
  '/settings/email',
  '/controllers/connect',
];

// Each test signs in on its own: the two themes' page sweeps (a minute or more each) may run on both workers.
test.describe.configure({ mode: 'parallel' });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    test('the login page has no axe violations', async ({ page }) => {
      await page.goto('/user/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
      await expectAccessible(page, `login (${scheme})`);
      for (const path of ['/user/forgot-password', '/user/reset-password?token=not-a-live-link']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} (${scheme})`);
      }
    });

    test('every page built so far has no axe violations', async ({ page, loginAs, request, baseURL }) => {
      // About twenty pages, each loaded and analysed: more than the default 30 s on a busy 2-core machine.
      test.setTimeout(90_000);
      const token = await loginAs(DEMO.admin);
      const headers = { Authorization: `Bearer ${token}` };
      const alarms = (await (await request.get(`${baseURL}/api/alarms?per_page=1`, { headers })).json()) as {
        data: { ref: number }[];
      };
      const pending = (await (await request.get(`${baseURL}/api/controllers/unauthorised`, { headers })).json()) as {
        data: { id: number }[];
      };
      const extra = [
        `/alarms/${alarms.data[0]?.ref}/view`,
        ...pending.data.slice(0, 1).map((c) => `/controllers/${c.id}/authorise`),
      ];
      for (const path of [...PAGES, ...extra]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, `${path} (${scheme})`);
      }
    });

    test('the open user menu, pending panel and mobile menu have no axe violations', async ({ page, loginAs }) => {
      await loginAs(DEMO.admin);
      await page.goto('/');
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `user menu (${scheme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Controllers pending authorization' }).click();
      await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
      await expectAccessible(page, `pending panel (${scheme})`);
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 390, height: 800 });
      await page.getByRole('button', { name: 'Open main menu' }).click();
      await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
      await expectAccessible(page, `mobile menu (${scheme})`);
    });
  });
}

test('the shell works with the keyboard alone', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await page.getByRole('button', { name: 'Open user menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // Headless UI keeps focus on the menu and marks the active item (aria-activedescendant).
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: /^Account Settings/ })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
});
