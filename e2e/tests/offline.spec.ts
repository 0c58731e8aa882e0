import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

test('Offline Controllers lists the silent controllers and narrows the alarms to theirs', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/');
  await page.getByRole('button', { name: 'Offline Controllers' }).click();
  const panel = page.getByRole('dialog', { name: 'Offline Controllers' });
  // Demo controller 4 (02:52:43:00:10:04) was seeded offline, last seen hours ago.
  const entry = panel.getByRole('listitem').filter({ hasText: '02:52:43:00:10:04' });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(/Last seen/);
  await expect(panel.getByText(/controllers? offline/)).toBeVisible();
  await expectAccessible(page, 'offline controllers panel');

  // The box follows the URL (the filter is shareable): checked once the dashboard has navigated.
  const only = panel.getByLabel('Only alarms of offline controllers');
  await only.click();
  await expect(page).toHaveURL(/offline=(%22)?true/);
  await expect(only).toBeChecked();
  await entry.getByRole('link').click();
  await expect(page).toHaveURL(/\/controllers\/5\/view$/);
});

test('Offline Controllers in Spanish', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/');
  await page.getByRole('button', { name: 'Controladores fuera de línea' }).click();
  const panel = page.getByRole('dialog', { name: 'Controladores fuera de línea' });
  await expect(panel.getByText(/fuera de línea/).first()).toBeVisible();
  await expect(panel.getByText('Visto por última vez', { exact: false }).first()).toBeVisible();
});
