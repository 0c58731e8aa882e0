import { DEMO, expect, expectAccessible, PASSWORD, test } from '../support/fixtures.ts';
import { joinedMember } from '../support/invitations.ts';

test.describe.configure({ timeout: 90_000 });

test('the dashboard filters by organization and location, in the URL, with a Location column', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.admin);
  await page.goto('/');
  await page.getByLabel('Organization').selectOption({ label: 'FreshMart Foods' });
  await expect(page).toHaveURL(/organization_id=2/);
  const location = page.getByLabel('Location');
  await expect(location.locator('option')).toHaveText([
    'Any',
    'FreshMart #101 Downtown',
    'FreshMart #102 Riverside',
    'FreshMart #103 Cedar Park',
    'FreshMart #104 Round Rock',
    'FreshMart #105 San Marcos',
  ]);
  await location.selectOption({ label: 'FreshMart #101 Downtown' });
  await expect(page).toHaveURL(/location_id=2/);
  const table = page.getByRole('table', { name: /alarms/i });
  await expect(table.getByRole('columnheader', { name: 'Location' })).toBeVisible();
  await expect(async () => {
    const places = await table.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(places.length).toBeGreaterThan(0);
    expect(new Set(places)).toEqual(new Set(['FreshMart #101 Downtown']));
  }).toPass();
  await expectAccessible(page, 'dashboard filtered by place');
  // The filters survive a reload: they live in the URL.
  await page.reload();
  await expect(page.getByLabel('Location')).toHaveValue('2');
});

test('a user without alarms_view is told so on the dashboard instead of failing panels', async ({
  page,
  request,
  baseURL,
  apiAs,
}) => {
  const admin = await apiAs(DEMO.admin);
  const suffix = `${Date.now()}`;
  const role = (await (
    await admin.post('settings/roles', {
      name: `E2E no alarms ${suffix}`,
      color: '#334155',
      permissions: ['search_view'],
    })
  ).json()) as { data: { id: number } };
  const email = `e2e-no-alarms-${suffix}@example.com`;
  await joinedMember(request, baseURL ?? '', admin, {
    organizationId: 2,
    email,
    roleId: role.data.id,
    name: 'Nadia No-Alarms',
  });
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/alarms') && r.status() >= 400) failed.push(r.url());
  });
  await page.goto('/user/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('You don’t have access to alarms')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, 'dashboard without alarms');
  expect(failed).toEqual([]);
});
