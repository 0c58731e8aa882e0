import type { APIRequestContext } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { DEMO, expect, expectAccessible, test, toastsGone } from '../support/fixtures.ts';
import { joinedMember } from '../support/invitations.ts';

test.describe.configure({ timeout: 150_000 });

const SUFFIX = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** FreshMart's own administrator (settings_update in FreshMart, nothing beyond it). */
const CUSTOMER_ADMIN = `e2e-support-${SUFFIX}@example.com`;

/** FreshMart's policy back to `always` (only its own administrator can reach it once it says `grant`). */
async function restorePolicy(request: APIRequestContext, baseURL: string, organizationId: number) {
  const customer = await apiAs(request, baseURL, CUSTOMER_ADMIN);
  const headers = { Authorization: `Bearer ${customer.token}` };
  const current = await customer.get<{ data: Record<string, unknown> }>(
    `organizations/${organizationId}/security-policy`,
  );
  const { organization_id: _o, updated_at: _u, ...policy } = current.data;
  const put = await request.put(`${baseURL}/api/organizations/${organizationId}/security-policy`, {
    headers,
    data: { ...policy, support_access: 'always' },
  });
  expect(put.status(), await put.text()).toBe(200);
  const language = await request.patch(`${baseURL}/api/account`, {
    headers,
    data: { name: 'E2E customer admin', email: CUSTOMER_ADMIN, language: 'en-US' },
  });
  expect(language.status(), await language.text()).toBe(200);
}

test('a customer lets the service company in with a grant, sees it used, and ends it (then in Spanish)', async ({
  page,
  loginAs,
  newPage,
  request,
  baseURL,
}) => {
  const admin = await apiAs(request, baseURL ?? '', DEMO.admin);
  const roleRes = await admin.post('settings/roles', {
    name: `E2E customer admin ${SUFFIX}`,
    color: '#0f766e',
    permissions: ['settings_view', 'settings_update', 'organization_view', 'locations_view', 'controllers_view'],
  });
  expect(roleRes.status()).toBe(201);
  const role = ((await roleRes.json()) as { data: { id: number } }).data;
  const orgs = await admin.get<{ data: { id: number; name: string }[] }>('organizations?per_page=100');
  const fm = orgs.data.find((o) => o.name === 'FreshMart Foods');
  if (!fm) throw new Error('no FreshMart Foods');
  await joinedMember(request, baseURL ?? '', admin, {
    organizationId: fm.id,
    email: CUSTOMER_ADMIN,
    roleId: role.id,
    name: 'E2E customer admin',
  });

  try {
    await loginAs(CUSTOMER_ADMIN);
    await page.goto(`/organizations/${fm.id}/view`);
    const support = page.getByRole('region', { name: 'Support access' });
    await expect(support.getByText(/reach this organization as their permissions allow/)).toBeVisible();

    // The policy asks for grants: the section lists them (none yet).
    const policy = page.getByRole('region', { name: 'Security' });
    await policy.getByLabel('Support access by the service company').selectOption('grant');
    await policy.getByRole('button', { name: 'Save security policy' }).click();
    await expect(page.getByText('Security policy saved.')).toBeVisible();
    await toastsGone(page);
    await expect(support.getByText('No grants')).toBeVisible();
    // The service company no longer reaches FreshMart.
    expect(
      (
        await request.get(`${baseURL}/api/organizations/${fm.id}`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        })
      ).status(),
    ).toBe(404);

    await support.getByRole('button', { name: 'Grant access' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Grant to').selectOption('organization');
    await dialog.getByLabel('Organization', { exact: true }).selectOption({ label: 'Polar Refrigeration Services' });
    await dialog.getByLabel('For').selectOption('7');
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    // A reason is required.
    await expect(dialog.getByText('This field is required.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Compressor alarms at #101');
    await expectAccessible(page, 'grant support access dialog');
    await dialog.getByRole('button', { name: 'Grant access' }).click();
    await expect(page.getByText('Access granted.')).toBeVisible();
    const row = support.getByRole('row').filter({ hasText: 'Everyone at Polar Refrigeration Services' });
    await expect(row).toContainText('Compressor alarms at #101');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('E2E customer admin');
    await toastsGone(page);
    await expectAccessible(page, 'support access with a grant');

    // The service company signs in as a FreshMart person: the console asks a reason first.
    const staff = await newPage();
    await staff.goto('/robots.txt');
    await staff.evaluate((t) => {
      localStorage.setItem('auth_token_default', t);
      localStorage.setItem('auth_stay_signed_in', 'true');
    }, admin.token);
    await staff.goto('/settings/users');
    await staff.getByRole('button', { name: 'Sign in as Val Viewer' }).click();
    const ask = staff.getByRole('dialog');
    await expect(ask.getByText(/lets people of other organizations in only with its support grant/)).toBeVisible();
    await ask.getByLabel('Reason').fill('Checking the dashboard with the store');
    await expectAccessible(staff, 'impersonation reason dialog');
    await ask.getByRole('button', { name: 'Sign in as', exact: true }).click();
    await expect(staff.getByText(`You are signed in as Val Viewer (${DEMO.viewer}).`)).toBeVisible();

    // Ending the grant: asked first, then listed as ended.
    await row.getByRole('button', { name: 'End access of Everyone at Polar Refrigeration Services' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByText(/can no longer see or act on this organization/)).toBeVisible();
    await confirm.getByRole('button', { name: 'End', exact: true }).click();
    await expect(page.getByText('Access ended.')).toBeVisible();
    await expect(row).toContainText('Ended by E2E customer admin');
    await expect(row.getByRole('button', { name: /End access/ })).toHaveCount(0);
    expect(
      (
        await request.get(`${baseURL}/api/organizations/${fm.id}`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        })
      ).status(),
    ).toBe(404);

    // The same page in Spanish.
    const session = await page.evaluate(() => localStorage.getItem('auth_token_default'));
    const language = await page.request.patch('/api/account', {
      headers: { Authorization: `Bearer ${session}` },
      data: { name: 'E2E customer admin', email: CUSTOMER_ADMIN, language: 'es-MX' },
    });
    expect(language.status(), await language.text()).toBe(200);
    await page.evaluate(() => localStorage.setItem('locale', 'es-MX'));
    await page.reload();
    const soporte = page.getByRole('region', { name: 'Acceso de soporte' });
    const fila = soporte.getByRole('row').filter({ hasText: 'Todas las personas de Polar Refrigeration Services' });
    await expect(fila).toContainText('Terminada por E2E customer admin');
    await expect(soporte.getByRole('button', { name: 'Autorizar acceso' })).toBeVisible();
    await expectAccessible(page, 'acceso de soporte es-MX');
  } finally {
    await page.evaluate(() => localStorage.setItem('locale', 'en-US')).catch(() => undefined);
    await restorePolicy(request, baseURL ?? '', fm.id);
  }
});
