import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

test('search finds a controller by part of its MAC, through the shell search bar', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill('10:0c');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=10%3A0c/);
  const controllers = page.getByRole('region', { name: /^Controllers/ });
  await expect(controllers.getByRole('link', { name: /02:52:43:00:10:0c/ })).toBeVisible();
  // The box keeps what was searched, so it can be refined.
  await expect(box).toHaveValue('10:0c');
  await controllers.getByRole('link', { name: /02:52:43:00:10:0c/ }).click();
  await expect(page).toHaveURL(/\/controllers\/13\/view$/);
});

test('search tolerates a misspelled store name and shows only what the user may see', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/search?q=Rivrside');
  const locations = page.getByRole('region', { name: /^Locations/ });
  await expect(locations.getByRole('link', { name: /FreshMart #102 Riverside/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Controllers/ }).getByRole('link')).toHaveCount(4);
  await expectAccessible(page, 'search results');

  // The viewer's two stores are #101 and #102: Cedar Park (#103) is not theirs.
  await loginAs(DEMO.viewer);
  await page.goto('/search?q=Cedar%20Park');
  await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
  await expectAccessible(page, 'search without results');
});

test('search speaks Spanish', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/search?q=Rivrside');
  await expect(page.getByRole('heading', { level: 1, name: 'Búsqueda' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Ubicaciones/ })).toBeVisible();
});
