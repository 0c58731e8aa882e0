import { apiAs } from '../support/api.ts';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';
import { joinedMember } from '../support/invitations.ts';

test.describe.configure({ timeout: 120_000 });

/**
 * The console offers what the API allows (the shared policies): a settings editor who may sign in as
 * others sees Edit and "Sign in as" for a user holding nothing beyond their own permissions, and
 * neither for one holding more (the API refuses those with 403).
 */
test('users holding more than the caller are offered neither edit nor sign in as', async ({
  request,
  baseURL,
  loginAs,
  page,
}) => {
  const admin = await apiAs(request, baseURL ?? '', DEMO.admin);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const permissions = [
    'settings_view',
    'settings_update',
    'users_impersonate',
    'organization_view',
    'locations_view',
    'controllers_view',
    'alarms_view',
    'search_view',
  ];
  const roleRes = await admin.post('settings/roles', { name: `E2E editor ${suffix}`, color: '#0f766e', permissions });
  expect(roleRes.status()).toBe(201);
  const role = ((await roleRes.json()) as { data: { id: number } }).data;
  const orgs = await admin.get<{ data: { id: number; name: string }[] }>('organizations?per_page=100');
  const org = orgs.data.find((o) => o.name === 'FreshMart Foods');
  if (!org) throw new Error('no FreshMart Foods');
  const email = `e2e-capabilities-${suffix}@example.com`;
  await joinedMember(request, baseURL ?? '', admin, {
    organizationId: org.id,
    email,
    roleId: role.id,
    name: `E2E ${suffix}`,
  });

  await loginAs(email);
  await page.goto('/settings/users');
  const row = (who: string) => page.getByRole('row').filter({ hasText: who });
  await expect(row(DEMO.viewer)).toBeVisible();
  // The store viewer holds less: both actions; the store manager holds more: neither.
  await expect(row(DEMO.viewer).getByRole('link', { name: /Edit/ })).toBeVisible();
  await expect(row(DEMO.viewer).getByRole('button', { name: /Sign in as/ })).toBeVisible();
  await expect(row(DEMO.manager)).toBeVisible();
  await expect(row(DEMO.manager).getByRole('link', { name: /Edit/ })).toHaveCount(0);
  await expect(row(DEMO.manager).getByRole('button', { name: /Sign in as/ })).toHaveCount(0);
  // Their own row: editable, but nobody signs in as themselves.
  await expect(row(email).getByRole('link', { name: /Edit/ })).toBeVisible();
  await expect(row(email).getByRole('button', { name: /Sign in as/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/capabilities-users.png', fullPage: true });
  await expectAccessible(page, 'settings users as a limited settings editor');

  // The API agrees: signing in as the manager is refused.
  const managerId = (
    await admin.get<{ data: { id: number; email: string }[] }>(`settings/users?q=${encodeURIComponent(DEMO.manager)}`)
  ).data[0]?.id;
  const editor = await apiAs(request, baseURL ?? '', email);
  const refused = await request.post(`${baseURL}/api/auth/impersonate`, {
    headers: { Authorization: `Bearer ${editor.token}` },
    data: { user_id: managerId },
  });
  expect(refused.status()).toBe(403);
});
