import { DEMO, expect, test } from '../support/fixtures.ts';

// A form shows exactly the saved record on direct navigation while its option lists are still
// loading: each list is held back until the test has seen the form, as a slow network would.
let release: () => void = () => undefined;
test.beforeEach(async ({ page }) => {
  const lists = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (const pattern of ['**/api/organizations?**', '**/api/settings/teams?**', '**/api/settings/roles?**']) {
    await page.route(pattern, async (route) => {
      await lists;
      await route.continue().catch(() => undefined);
    });
  }
});
test.afterEach(() => release());

test('the user form shows the saved team, organization and language at once', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.admin);
  const users = (await api.get<{ data: { id: number; email: string }[] }>('settings/users?q=manager')).data;
  const manager = users.find((u) => u.email === DEMO.manager);
  await loginAs(DEMO.admin);
  await page.goto(`/settings/users/${manager?.id}/edit`);
  await expect(page.getByLabel('Team')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Team').locator('option:checked')).toHaveText('Store Operations');
  await expect(page.getByLabel('Organization').locator('option:checked')).toHaveText('FreshMart Foods');
  await expect(page.getByLabel('Language').locator('option:checked')).toHaveText('Español');
  await expect(page.getByLabel('Role').locator('option:checked')).toHaveText('Store Manager');
});

test('the team form shows the saved organization at once', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.admin);
  const teams = (await api.get<{ data: { id: number; name: string }[] }>('settings/teams?per_page=100')).data;
  const team = teams.find((tm) => tm.name === 'Store Operations');
  await loginAs(DEMO.admin);
  await page.goto(`/settings/teams/${team?.id}/edit`);
  await expect(page.getByLabel('Organization').locator('option:checked')).toHaveText('FreshMart Foods');
});
