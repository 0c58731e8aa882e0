import { readFileSync } from 'node:fs';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

test('an administrator backs up the embedded database and downloads the backup, by keyboard', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.admin);
  await page.goto('/settings');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await sections.getByRole('link', { name: 'Backups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page.getByText(/the newest 7 of each kind are kept/)).toBeVisible();

  const backUp = page.getByRole('button', { name: 'Back up now' });
  await backUp.focus();
  await page.keyboard.press('Enter');
  const ready = page.getByText(/^Backup rcm-\d{8}T\d{9}Z\.tar\.gz is ready\.$/);
  await expect(ready).toBeVisible({ timeout: 20_000 });
  // The page is checked once the toast has gone: one caught fading out reads as low contrast.
  await expect(ready).toBeHidden({ timeout: 10_000 });
  const link = page.getByRole('link', { name: /^Download rcm-\d{8}T\d{9}Z\.tar\.gz$/ });
  await expect(link).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'On demand' })).toBeVisible();
  await expectAccessible(page, '/settings/backups with a backup');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, '/settings/backups with a backup (dark)');
  await page.emulateMedia({ colorScheme: 'light' });

  const name = ((await link.textContent()) ?? '').trim();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    link.focus().then(() => page.keyboard.press('Enter')),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  const file = readFileSync((await download.path()) ?? '');
  // gzip, of the size the list shows (in bytes through the API).
  expect(file.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
});

test('only the Administrator role has backups, not the technician who sees every organization', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.technician);
  await page.goto('/settings/backups');
  await expect(page).toHaveURL(/\/403$/);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^(Backups|Respaldos)$/ })).toHaveCount(0);
});
