import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

test('the account page sets how the person is paged; without Twilio no number can be added', async ({
  page,
  loginAs,
  apiAs,
}) => {
  await loginAs(DEMO.viewer);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/account');
  const rules = page.getByRole('region', { name: 'How you are paged' });
  // A new person's defaults: push and email at once.
  await expect(rules.getByLabel('Rule 1: method')).toHaveValue('push');
  await expect(rules.getByLabel('Rule 2: method')).toHaveValue('email');
  const numbers = page.getByRole('region', { name: 'Phone numbers' });
  await expect(numbers.getByText('an administrator has not set up Twilio')).toBeVisible();
  await expectAccessible(page, 'account page with notification rules');

  // Email only, and a reminder email after 10 minutes; a delay over an hour is refused.
  await rules.getByRole('button', { name: 'Remove rule 1' }).click();
  await rules.getByRole('button', { name: 'Add a rule' }).click();
  await rules.getByLabel('After (minutes)').nth(1).fill('61');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByText('Some fields are not valid.').or(rules.getByText(/60/)).first()).toBeVisible();
  await rules.getByLabel('After (minutes)').nth(1).fill('10');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Notification rules saved.')).toBeVisible();
  const viewer = await apiAs(DEMO.viewer);
  const saved = await viewer.get<{ data: { method: unknown; delay_minutes: number }[] }>('account/notification-rules');
  expect(saved.data.map((r) => [r.method, r.delay_minutes])).toEqual([
    ['email', 0],
    ['email', 10],
  ]);

  // In Spanish (the manager's language), at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(DEMO.manager);
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Cómo te avisamos' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Números de teléfono' })).toBeVisible();
  await expectAccessible(page, 'account page in Spanish at phone width');
  await page.screenshot({ path: 'test-results/channels-account-es-phone.png', fullPage: true });
});

test('an acknowledge link that does not exist says so, signed out and in, in both languages', async ({
  page,
  loginAs,
}) => {
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto(`/a/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText('unknown or has expired')).toBeVisible();
  await expectAccessible(page, 'unknown acknowledge link');
  await page.evaluate(() => localStorage.setItem('locale', 'es-MX'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Este enlace no funciona' })).toBeVisible();
  await expectAccessible(page, 'unknown acknowledge link in Spanish');

  // Signed in, the link's page is not "not found" (it is anyone's); the technician reads English.
  await loginAs(DEMO.technician);
  await page.goto(`/a/${'y'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expectAccessible(page, 'unknown acknowledge link, signed in');
});
