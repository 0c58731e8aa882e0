import { DEMO, expect, test } from '../support/fixtures.ts';

test('account settings: a wrong current password is refused with a field error, a name change is saved', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.technician);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Terry Technician');

  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Name').fill('Terry T. Technician');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('a-new-password-123');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();

  await page.getByLabel('Current password').fill('');
  await page.getByLabel('New password').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your account settings were saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Terry T. Technician');
});
