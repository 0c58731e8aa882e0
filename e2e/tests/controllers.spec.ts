import { announceController, simulateController } from '../support/devices.ts';
import { DEMO, expect, test } from '../support/fixtures.ts';

test('the controllers list finds a controller by part of its MAC', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/controllers');
  await expect(page.getByRole('table', { name: 'Controllers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search controllers' }).fill('10:0a');
  await expect(page).toHaveURL(/q=10%3A0a/);
  const rows = page.getByRole('table', { name: 'Controllers' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('02:52:43:00:10:0a');
});

test('the controller view shows live rack values, the alarm banner and its tabs', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  const { mac, fleet } = await simulateController(8);
  try {
    await fleet.publishNow(mac);
    await page.goto('/controllers/9/view');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const rackTab = page.getByRole('tabpanel');
    await expect(rackTab.getByRole('cell', { name: 'A.SUCT' })).toBeVisible();
    await expect(rackTab.getByRole('figure', { name: /^Rack A · Superheat/ })).toBeVisible();
    // Case temperatures are charted too, each titled with its rack and the point's name.
    await expect(rackTab.getByRole('figure', { name: /^Rack A · Case 1 Temperature/ })).toBeVisible();
    await expect(rackTab.getByRole('figure', { name: /^Rack B · Case 1 Temperature/ })).toBeVisible();
    // A fault published now shows up without a reload.
    fleet.inject(mac, 'rack_manually_on');
    await fleet.publishNow(mac);
    await expect(rackTab.getByRole('cell', { name: 'Manually on' })).toBeVisible();
    await expect(page.getByText('There is an active alarm for this controller.')).toBeVisible();
    await page.getByRole('tab', { name: 'Alarms' }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: /Rack manually on/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Jobs' }).click();
    await expect(page.getByRole('tabpanel').getByText('No jobs')).toBeVisible();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('tabpanel').getByText('No email notifications')).toBeVisible();
  } finally {
    await fleet.stop();
  }
});

test('the edit form shows field errors in English and in Spanish and saves a valid change', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.technician);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/controllers/2/edit');
  await expect(page.getByLabel('Name')).not.toHaveValue('');
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Name').fill('Rack B — Dairy');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/controllers\/2\/view$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rack B — Dairy' })).toBeVisible();

  await loginAs(DEMO.manager);
  await page.goto('/controllers/2/edit');
  await page.getByLabel('Nombre').fill('');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
});

test('a pending controller is authorized from the slide-over and its device key shown once', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const api = await apiAs(DEMO.admin);
  const before = (await api.get<{ data: { id: number; mac_address: string }[] }>('controllers/unauthorised')).data;
  expect(before.length).toBeGreaterThan(0);
  await loginAs(DEMO.admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Controllers pending authorization' }).click();
  const panel = page.getByRole('dialog', { name: 'Controllers Pending Authorization' });
  // Authorize, beside Reject in the row, leads to the authorize form (as the MAC's link does).
  await panel.getByRole('link', { name: `Authorize ${before[0]?.mac_address}` }).click();
  await expect(page).toHaveURL(new RegExp(`/controllers/${before[0]?.id}/authorise$`));
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByLabel('Organization').selectOption({ label: 'Northwind Grocers' });
  await page.getByLabel('Location').selectOption({ label: 'Northwind Market Plano' });
  await page.getByLabel('Name').fill('Plano rack C');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText(/The controller is authorized/)).toBeVisible();
  await expect(page.locator('code')).toHaveText(/^[A-Za-z0-9_-]{32}$/);
  const after = (await api.get<{ data: unknown[] }>('controllers/unauthorised')).data;
  expect(after).toHaveLength(before.length - 1);
});

test('a controller announcing itself shows in the pending badge without a reload', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.admin);
  const before = (await api.get<{ data: unknown[] }>('controllers/unauthorised')).data.length;
  await loginAs(DEMO.admin);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Controllers pending authorization' });
  await expect(button).toHaveText(new RegExp(`authorization${before || ''}$`));
  const fleet = await announceController('02:99:aa:00:00:01');
  try {
    await expect(button).toHaveText(new RegExp(`authorization${before + 1}$`));
  } finally {
    await fleet.stop();
  }
});

test('the controller list says whose warranty has expired, in words', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/controllers');
  await page.getByLabel('Warranty').selectOption({ label: 'Under warranty' });
  await expect(page.getByRole('cell', { name: /Expired/ })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: /Under warranty/ }).first()).toBeVisible();
  await page.getByLabel('Warranty').selectOption({ label: 'Out of warranty' });
  await page.getByLabel('Authorization').selectOption({ label: 'Authorized' });
  await expect(page.getByRole('cell', { name: /Under warranty/ })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: /Expired/ }).first()).toBeVisible();
});
