import type { APIRequestContext } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { DEMO, expect, expectAccessible, PASSWORD, test } from '../support/fixtures.ts';
import { joinedMember } from '../support/invitations.ts';

// Each test creates its own role and user through the API first (PGlite on a shared 2-core machine).
test.describe.configure({ timeout: 120_000 });

type Role = { id: number; name: string; color: string; permissions: string[] };

/**
 * A role and a FreshMart user of this spec's own (other specs share the server and its demo users and
 * roles, which are never changed here). The user joins through an invitation and sets a password.
 */
async function ownUser(request: APIRequestContext, baseURL: string, permissions: string[]) {
  const admin = await apiAs(request, baseURL, DEMO.admin);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const roleRes = await admin.post('settings/roles', { name: `E2E role ${suffix}`, color: '#0f766e', permissions });
  expect(roleRes.status()).toBe(201);
  const role = ((await roleRes.json()) as { data: Role }).data;
  const orgs = await admin.get<{ data: { id: number; name: string }[] }>('organizations?per_page=100');
  const org = orgs.data.find((o) => o.name === 'FreshMart Foods');
  if (!org) throw new Error('no FreshMart Foods');
  const email = `e2e-settings-${suffix}@example.com`;
  const name = `E2E Settings ${suffix}`;
  await joinedMember(request, baseURL, admin, { organizationId: org.id, email, roleId: role.id, name });
  return { admin, role, email, name };
}

test('a permission removed from a role hides the section at once for a signed-in user', async ({
  newPage,
  request,
  baseURL,
}) => {
  const { admin, role, email } = await ownUser(request, baseURL ?? '', ['settings_view', 'search_view', 'alarms_view']);
  const page = await newPage({ baseURL });
  const login = await request.post(`${baseURL}/api/auth/login`, { data: { email, password: PASSWORD } });
  const token = (login.headers().authorization ?? '').replace(/^Bearer /, '');
  await page.goto('/user/login');
  await page.evaluate((t) => localStorage.setItem('auth_token_default', t), token);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: /Modify System Settings/ })).toBeVisible();
  await page.keyboard.press('Escape');

  const put = await request.put(`${baseURL}/api/settings/roles/${role.id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name: role.name, color: role.color, permissions: ['search_view', 'alarms_view'] },
  });
  expect(put.status()).toBe(200);

  // No reload: the realtime event makes the SPA refetch the user; the open settings page leaves too.
  await expect(page).toHaveURL(/\/403$/, { timeout: 10_000 });
  await expect(async () => {
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Account Settings Update Your Account Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Modify System Settings/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
  }).toPass({ timeout: 10_000 });
});

test('an administrator signs in as another user from the users list and returns', async ({
  page,
  request,
  baseURL,
  loginAs,
}) => {
  const { name, email } = await ownUser(request, baseURL ?? '', ['alarms_view', 'search_view']);
  await loginAs(DEMO.admin);
  await page.goto('/settings/users');
  await page.getByRole('searchbox', { name: 'Filter this list' }).fill(email);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  const banner = page.getByText(`You are signed in as ${name} (${email}).`);
  await expect(banner).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Return to my account' }).click();
  await expect(banner).toHaveCount(0);
  await page.goto('/settings/audit-log');
  // Sign-ins are hidden until asked for: the administrative changes are not buried under them.
  const log = page.getByRole('table');
  await expect(log.getByText(`Signed in as ${name}`, { exact: true }).first()).toBeVisible();
  await expect(log.getByText(`Stopped signing in as ${name}`, { exact: true }).first()).toBeVisible();
  await expect(log.getByText('Alex Admin signed in', { exact: true })).toHaveCount(0);
  await page.getByLabel('Show sign-ins').check();
  await expect(log.getByText('Alex Admin signed in', { exact: true }).first()).toBeVisible();
  await page.getByLabel('Action').selectOption({ label: 'Signed in as …' });
  await expect(log.getByText(`Signed in as ${name}`, { exact: true }).first()).toBeVisible();
  await expect(log.getByText(`Stopped signing in as ${name}`, { exact: true })).toHaveCount(0);
});

test('the audit log reads as sentences with names, in English and in Spanish', async ({
  page,
  request,
  baseURL,
  loginAs,
}) => {
  const { admin, name } = await ownUser(request, baseURL ?? '', ['alarms_view']);
  const send = (method: 'PATCH' | 'PUT', path: string, data: object) =>
    request.fetch(`${baseURL}/api/${path}`, { method, headers: { Authorization: `Bearer ${admin.token}` }, data });
  const users = await admin.get<{ data: { id: number; name: string }[] }>(
    `settings/users?q=${encodeURIComponent(name)}`,
  );
  const user = users.data[0];
  const roles = await admin.get<{ data: { id: number; name: string }[] }>('settings/roles?per_page=100');
  const viewer = roles.data.find((r) => r.name === 'Store Viewer');
  if (!user || !viewer) throw new Error('no user or viewer role');
  expect((await send('PATCH', `settings/users/${user.id}`, { role_id: viewer.id })).status()).toBe(200);
  const alarms = await admin.get<{ data: { ref: number }[] }>('alarms?per_page=1');
  const ref = alarms.data[0]?.ref;
  if (!ref) throw new Error('no alarm');
  const notes = '<p>Compressor <strong>3</strong> restarted &amp; checked.</p>';
  expect((await send('PUT', `alarms/${ref}/notes`, { notes })).status()).toBe(200);

  await loginAs(DEMO.admin);
  await page.goto('/settings/audit-log');
  const log = page.getByRole('table');
  await expect(log.getByText(`User ${name} changed`, { exact: true }).first()).toBeVisible();
  await expect(log.getByText(/^Role changed from E2E role \d+ to Store Viewer$/).first()).toBeVisible();
  await expect(log.getByText(new RegExp(`^Notes of alarm #${ref} · .+ edited$`)).first()).toBeVisible();
  await expect(log.getByText('Notes: Compressor 3 restarted & checked.', { exact: true }).first()).toBeVisible();
  // Nothing a developer wrote: no markup, no JSON, no action keys, no bare record numbers.
  const text = await log.innerText();
  expect(text).not.toMatch(/<\/?[a-z]+>|&amp;|[{}[\]"]|\b(role|team|user|organization|location)_ids?\b/);
  expect(text).not.toMatch(/\b(auth|user|role|team|alarm|account|controller|inventory|job|location|member)\.[a-z_]+\b/);

  // A FreshMart settings reader whose language is Spanish reads the same entries in Spanish, the
  // seeded role by its Spanish name.
  const reader = await ownUser(request, baseURL ?? '', ['settings_view']);
  const found = await admin.get<{ data: { id: number }[] }>(`settings/users?q=${encodeURIComponent(reader.name)}`);
  expect((await send('PATCH', `settings/users/${found.data[0]?.id}`, { language: 'es-MX' })).status()).toBe(200);
  await loginAs(reader.email);
  await page.goto('/settings/audit-log');
  const registro = page.getByRole('table');
  await expect(registro.getByText(`Se cambió el usuario ${name}`, { exact: true }).first()).toBeVisible();
  await expect(registro.getByText(/^Rol cambió de E2E role \d+ a Consulta de tienda$/).first()).toBeVisible();
  await expect(registro.getByText(/^Idioma cambió de Inglés a Español$/).first()).toBeVisible();
});

test('every settings page passes axe in the light theme and saves with the keyboard', async ({
  page,
  request,
  baseURL,
  loginAs,
  apiAs,
}) => {
  const { role } = await ownUser(request, baseURL ?? '', ['alarms_view']);
  await loginAs(DEMO.admin);
  await page.emulateMedia({ colorScheme: 'light' });
  const admin = await apiAs(DEMO.admin);
  const users = await admin.get<{ data: { id: number; email: string }[] }>('settings/users?q=viewer%40example.com');
  const teams = await admin.get<{ data: { id: number }[] }>('settings/teams');
  const types = await admin.get<{ data: { id: number }[] }>('settings/alarm-types');
  const pages: [string, string][] = [
    ['/settings', 'Settings'],
    ['/settings/users', 'Users'],
    [`/settings/users/${users.data[0]?.id}/edit`, 'Edit user'],
    ['/settings/teams', 'Teams'],
    [`/settings/teams/${teams.data[0]?.id}/edit`, 'Edit team'],
    ['/settings/roles', 'Roles'],
    [`/settings/roles/${role.id}/edit`, 'Edit role'],
    ['/settings/alarm-types', 'Alarm types'],
    [`/settings/alarm-types/${types.data[0]?.id}/edit`, 'Edit alarm type'],
    ['/settings/audit-log', 'Audit log'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await expectAccessible(page, path);
  }

  // The role editor: every permission key explained; keyboard only.
  await page.goto(`/settings/roles/${role.id}/edit`);
  await expect(page.getByRole('checkbox')).toHaveCount(29);
  await page.getByRole('checkbox', { name: 'jobs_view' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings\/roles$/);
  const saved = await admin.get<{ data: Role }>(`settings/roles/${role.id}`);
  expect(saved.data.permissions.sort()).toEqual(['alarms_view', 'jobs_view']);
});

test('a device-reported alarm type shows no threshold fields it does not use, and saves', async ({
  page,
  loginAs,
  apiAs,
}) => {
  await loginAs(DEMO.admin);
  const admin = await apiAs(DEMO.admin);
  const types = await admin.get<{ data: { id: number; code: string; source: string }[] }>('settings/alarm-types');
  const device = types.data.find((ty) => ty.source === 'device');
  const metric = types.data.find((ty) => ty.source === 'metric');
  await page.goto(`/settings/alarm-types/${device?.id}/edit`);
  await expect(page.getByText('The controller raises and clears these alarms itself')).toBeVisible();
  for (const label of ['Comparator', 'Threshold', 'Hysteresis', 'Delay (seconds)'])
    await expect(page.getByLabel(label, { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'device alarm type');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/alarm-types$/);

  await page.goto(`/settings/alarm-types/${metric?.id}/edit`);
  for (const label of ['Comparator', 'Threshold', 'Hysteresis', 'Delay (seconds)'])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
});
