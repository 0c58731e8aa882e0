import type { Page } from '@playwright/test';
import { type Fleet, startFleet } from '@rcm/simulator/fleet';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { setUpConsole, signedInPage } from '../support/own-console.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// A console of its own, as a new user starts it: an empty database, no provisioning key configured
// (one is generated), no mail server.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: RunningServer;
let token = '';
let fleet: Fleet | null = null;
const MAC = '02:53:00:00:00:01';

test.beforeAll(async ({ request }) => {
  server = await startServer({ SEED_DEMO: 'false' });
  token = await setUpConsole(request, server.url, 'Polar Service Co.');
});
test.afterAll(async () => {
  await fleet?.stop();
  await server?.stop();
});

const api = async (page: Page, path: string) =>
  (await page.request.get(`${server.url}/api/${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();

test('an empty console says what to do next, and no email is claimed', async ({ newPage }) => {
  const page = await signedInPage(newPage, server.url, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Nothing to monitor yet' })).toBeVisible();
  await expect(page.getByText('Email is not being sent.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect a controller' })).toBeVisible();
  await expectAccessible(page, 'empty dashboard');

  await page.getByRole('button', { name: 'Controllers pending authorization' }).click();
  await expect(page.getByText('No controller has announced itself yet')).toBeVisible();
  await expect(page.getByText('All Done!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close panel' }).click();

  await page.goto('/locations');
  await expect(page.getByRole('heading', { name: 'No locations yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+\/locations\/create$/);

  await page.goto('/settings/roles');
  for (const role of ['Administrator', 'Manager', 'Technician', 'Viewer']) {
    await expect(page.getByRole('table').getByText(role, { exact: true })).toBeVisible();
  }
});

test('connect a controller: the key, the simulator command, and the announcement arrives live', async ({ newPage }) => {
  const page = await signedInPage(newPage, server.url, token);
  await page.goto('/controllers');
  await expect(page.getByRole('heading', { name: 'No controllers yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Connect a controller' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a controller' })).toBeVisible();
  const { data } = await api(page, 'settings/provisioning');
  await expect(page.getByText(data.provisioning_key, { exact: true })).toBeVisible();
  await expect(page.getByText(`--controllers 1 --key ${data.provisioning_key}`)).toBeVisible();
  await expect(page.getByText('rcm/v1/{mac}/telemetry', { exact: true })).toBeVisible();
  // The three messages to copy, as the schemas accept them; and what a plain-HTTP address means.
  const messages = page.getByRole('region', { name: 'Messages' });
  await expect(messages.getByText('"msg_id": "a1b2c3-000123"')).toBeVisible();
  await expect(messages.getByRole('button', { name: 'Copy: Alarm message · rcm/v1/{mac}/alarms' })).toBeVisible();
  await expect(page.getByText('This address is plain HTTP')).toBeVisible();
  await expect(page.getByText(/refused with 403 tls_required/)).toBeVisible();
  await expect(page.getByText('Waiting for a controller to announce itself…')).toBeVisible();
  await expectAccessible(page, 'connect a controller');

  // What the copied command runs: one simulated controller with the shown key and address.
  fleet = await startFleet({
    transport: 'mqtt',
    url: String(data.mqtt_url).replace('localhost', '127.0.0.1'),
    intervalMs: 3_600_000,
    controllers: [{ mac: MAC, key: data.provisioning_key }],
  });
  await expect(page.getByText(`Controller ${MAC} is waiting for authorization.`)).toBeVisible({ timeout: 20_000 });
  // Not only what arrived while the page was open: the controllers already pending, on a fresh visit.
  await page.reload();
  await expect(page.getByText(`Controller ${MAC} is waiting for authorization.`)).toBeVisible();
  await expect(page.getByText('Waiting for a controller to announce itself…')).toHaveCount(0);
  await page.getByRole('link', { name: `Authorize ${MAC}` }).click();
  await expect(page).toHaveURL(/\/controllers\/\d+\/authorise$/);

  // The shell's pending panel offers Authorize beside Reject, to the same form.
  await page.goto('/controllers/connect');
  await page.getByRole('button', { name: 'Controllers pending authorization' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('button', { name: `Reject ${MAC}` })).toBeVisible();
  await expectAccessible(page, 'pending panel with authorize');
  await panel.getByRole('link', { name: `Authorize ${MAC}` }).click();
  await expect(page).toHaveURL(/\/controllers\/\d+\/authorise$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/controllers/connect');
  await page.getByRole('button', { name: 'Rotate key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
  await expect(page.getByText('The old key is refused from now on.')).toBeVisible();
  await expect(page.getByText(data.provisioning_key, { exact: true })).toHaveCount(0);
});

test('without a mail server a new user’s invitation link is shown to copy, and Settings → Email says why', async ({
  newPage,
}) => {
  const page = await signedInPage(newPage, server.url, token);
  await page.goto('/settings/users/create');
  await page.getByLabel('Name').fill('Nina Night');
  await page.getByLabel('Email', { exact: true }).fill('nina@polar.example');
  await page.getByLabel('Role').selectOption({ label: 'Viewer' });
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('so no email was sent')).toBeVisible();
  await expect(page.getByText(/\/user\/reset-password\?token=[A-Za-z0-9_-]+/)).toBeVisible();
  await expect(page.getByText('has been emailed a link')).toHaveCount(0);
  await expectAccessible(page, 'invitation link');

  await page.goto('/settings/email');
  await expect(page.getByText('None configured')).toBeVisible();
  await expectAccessible(page, 'email settings');
});

test('a technician may connect controllers but is not shown the provisioning key', async ({ newPage, request }) => {
  const auth = { Authorization: `Bearer ${token}` };
  const roles = (await (await request.get(`${server.url}/api/settings/roles`, { headers: auth })).json()) as {
    data: { id: number; name: string }[];
  };
  const me = (await (await request.get(`${server.url}/api/auth/user`, { headers: auth })).json()) as {
    data: { organisation: { id: number } };
  };
  const created = await request.post(`${server.url}/api/settings/users`, {
    headers: auth,
    data: {
      name: 'Teo Tech',
      email: 'teo@polar.example',
      role_id: roles.data.find((r) => r.name === 'Technician')?.id,
      organization_id: me.data.organisation.id,
      all_locations: true,
    },
  });
  expect(created.status()).toBe(201);
  const invitation = String(((await created.json()) as { data: { invitation_url: string } }).data.invitation_url);
  const chosen = await request.post(`${server.url}/api/auth/reset-password`, {
    data: { token: new URL(invitation).searchParams.get('token'), password: 'walk-in-cooler-5' },
  });
  expect(chosen.status()).toBe(200);
  const login = await request.post(`${server.url}/api/auth/login`, {
    data: { email: 'teo@polar.example', password: 'walk-in-cooler-5' },
  });
  const techToken = String(login.headers().authorization).replace(/^Bearer /, '');

  const page = await newPage({ baseURL: server.url });
  await page.goto('/user/login');
  await page.evaluate((t) => localStorage.setItem('auth_token_default', t), techToken);
  await page.goto('/controllers/connect');
  await expect(page.getByText('Only an administrator can see the provisioning key')).toBeVisible();
  await expect(page.getByText('rcm/v1/{mac}/status', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rotate key' })).toHaveCount(0);
  // Not an administrator of the installation: no mail banner, and no Email section in settings.
  await expect(page.getByText('Email is not being sent.')).toHaveCount(0);
  await expectAccessible(page, 'connect a controller (technician)');
});
