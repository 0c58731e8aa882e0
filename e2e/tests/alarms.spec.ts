import { demoMac } from '@rcm/shared/demo';
import type { Api } from '../support/api.ts';
import { simulateController } from '../support/devices.ts';
import { DEMO, expect, test } from '../support/fixtures.ts';

type Alarm = { ref: number; status: string; controller: { id: number; mac_address: string } };

/** Seeded controller 3 (id 4, FreshMart #104): its open "rack manually on" alarms, so that a new one is raised. */
const MANUALLY_ON = 'alarms?controller_id=4&type=RACK_MANUALLY_ON';

async function clearManuallyOn(api: Api): Promise<void> {
  const open = await api.get<{ data: Alarm[] }>(`${MANUALLY_ON}&status=active,acknowledged`);
  for (const a of open.data) expect((await api.post(`alarms/${a.ref}/clear`)).status()).toBe(200);
}

/** The simulator switches controller 3's rack on by hand and publishes at once; stop the fleet after. */
async function raiseManuallyOn() {
  const { mac, fleet } = await simulateController(3);
  fleet.inject(mac, 'rack_manually_on');
  await fleet.publishNow(mac);
  return { mac, fleet };
}

test('a fault injected by the simulator appears in an open dashboard without a reload', async ({
  page,
  loginAs,
  apiAs,
}) => {
  await clearManuallyOn(await apiAs(DEMO.technician));
  await loginAs(DEMO.technician);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/?status=active');
  await expect(page.getByRole('table', { name: 'Alarms' })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });

  const { mac, fleet } = await raiseManuallyOn();
  try {
    const row = page.getByRole('row').filter({ hasText: mac }).filter({ hasText: 'Rack manually on' });
    await expect(row).toBeVisible();
    await expect(row.getByText('Medium')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  } finally {
    await fleet.stop();
  }
});

test('an alarm raised while the page loads, before its socket listens, is on the dashboard once it does', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const api = await apiAs(DEMO.technician);
  await clearManuallyOn(api);
  await loginAs(DEMO.technician);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  // The realtime client's code is held: the first screen is read and drawn, the socket not listening.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = 0;
  await page.route(/\/assets\/esm-[\w-]+\.js$/, async (route) => {
    holding += 1;
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Alarms' })).toBeVisible();
  expect(holding).toBeGreaterThan(0);
  // Earlier tests' cleared alarms of the same kind are listed too: the new one is one row more.
  const rows = page
    .getByRole('row')
    .filter({ hasText: demoMac(3) })
    .filter({ hasText: 'Rack manually on' });
  const before = await rows.count();

  const { fleet } = await raiseManuallyOn();
  try {
    // Raised while nobody on this page could hear of it.
    await expect
      .poll(async () => (await api.get<{ data: Alarm[] }>(`${MANUALLY_ON}&status=active`)).data.length)
      .toBe(1);
    await expect(rows).toHaveCount(before);
    release();
    await expect(rows).toHaveCount(before + 1);
  } finally {
    release();
    await fleet.stop();
  }
});

test('filters come from the URL and a tile click filters the table', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/?status=active&severity=critical');
  await expect(page.getByRole('button', { name: /^Severity: Critical/ })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Alarms' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Critical');

  await page
    .getByRole('button', { name: /^Acknowledged/ })
    .first()
    .click();
  await expect(page).toHaveURL(/status=acknowledged/);
  await expect(page.getByRole('button', { name: /^Acknowledged/ }).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+\s*\(/)).toBeVisible();

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('acknowledge and clear one alarm from its view, with who and when', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.technician);
  const [alarm] = (await api.get<{ data: Alarm[] }>('alarms?status=active&per_page=1')).data;
  expect(alarm).toBeDefined();
  await loginAs(DEMO.technician);
  await page.goto(`/alarms/${alarm?.ref}/view`);
  await expect(page.getByRole('heading', { level: 1, name: `Alarm #${alarm?.ref}` })).toBeVisible();
  await page.getByRole('button', { name: 'Acknowledge Alarm' }).click();
  const progress = page.getByRole('list', { name: 'Alarm progress' });
  await expect(progress.getByText(/^by Terry/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acknowledge Alarm' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Alarm' }).click();
  // The dialog asks first (and warns when the condition still holds: phone.spec.ts).
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Clear Alarm|Clear anyway)$/ })
    .click();
  await expect(progress.getByText(/^by Terry/)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Clear Alarm' })).toHaveCount(0);
});

test('acknowledge the selected alarms after a confirmation that says how many', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/?status=active');
  const boxes = page.getByRole('checkbox', { name: /^Select alarm \d+$/ });
  await expect(boxes.nth(1)).toBeVisible();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
  // The button names what it does to the selection; the dialog counts only what it changes.
  await page.getByRole('button', { name: 'Acknowledge 2 selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge the 2 selected alarms?' });
  await dialog.getByRole('button', { name: 'Acknowledge 2 alarms' }).click();
  await expect(page.getByText('2 alarms updated.')).toBeVisible();
});

test('Clear All counts only the alarms it would clear, and asks in red', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.admin);
  const stats = (await api.get<{ data: { active: number; acknowledged: number } }>('alarms/stats')).data;
  await loginAs(DEMO.admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Clear All' }).click();
  const open = stats.active + stats.acknowledged;
  const dialog = page.getByRole('dialog', { name: `Clear all ${open} alarms matching the filters?` });
  const confirm = dialog.getByRole('button', { name: `Clear ${open} alarms` });
  await expect(confirm).toHaveClass(/bg-red-700/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a note with formatting is saved, sanitized and shown again', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.technician);
  const [alarm] = (await api.get<{ data: Alarm[] }>('alarms?status=acknowledged&per_page=1')).data;
  await loginAs(DEMO.technician);
  await page.goto(`/alarms/${alarm?.ref}/view`);
  const editor = page.getByRole('textbox', { name: 'Notes' });
  await editor.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Compressor 2 replaced');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText('The notes were saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Notes' }).locator('strong')).toHaveText('Compressor 2 replaced');
});

test('the metrics range filter redraws the charts', async ({ page, loginAs, apiAs }) => {
  const { mac, fleet } = await simulateController(5);
  try {
    await fleet.publishNow(mac);
    fleet.inject(mac, 'rack_manually_on');
    await fleet.publishNow(mac);
  } finally {
    await fleet.stop();
  }
  const api = await apiAs(DEMO.admin);
  const [alarm] = (await api.get<{ data: Alarm[] }>('alarms?controller_id=6&type=RACK_MANUALLY_ON&per_page=1')).data;
  await loginAs(DEMO.admin);
  await page.goto(`/alarms/${alarm?.ref}/view`);
  const metrics = page.getByRole('region', { name: 'Metrics' });
  await expect(metrics.getByText(/^Superheat/)).toBeVisible();
  await metrics.getByLabel('Date/time range').selectOption('custom');
  await metrics.getByLabel('From', { exact: true }).fill('2020-01-02T00:00');
  await metrics.getByLabel('To', { exact: true }).fill('2020-01-01T00:00');
  await expect(metrics.getByRole('alert')).toHaveText('The start of the range must be before its end.');
  await metrics.getByLabel('Date/time range').selectOption('24h');
  await expect(metrics.getByText(/^Superheat/)).toBeVisible();
  await expect(metrics.getByText(/every reading/)).toBeVisible();
});

test('the dashboard in Spanish', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Activas/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconocer todas' })).toBeVisible();
  await expect(page.getByText(/^Página 1 de \d+\s*\(/)).toBeVisible();
});

test('an alarm a device raises gives its reason in Spanish to a Spanish-speaking user', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const api = await apiAs(DEMO.technician);
  // Controller 3 belongs to FreshMart, the Spanish-speaking manager's organization.
  await clearManuallyOn(api);
  const { fleet } = await raiseManuallyOn();
  let ref = 0;
  try {
    await expect
      .poll(async () => {
        ref = (await api.get<{ data: Alarm[] }>(`${MANUALLY_ON}&status=active`)).data[0]?.ref ?? 0;
        return ref;
      })
      .toBeGreaterThan(0);
  } finally {
    await fleet.stop();
  }
  await loginAs(DEMO.manager);
  await page.goto(`/alarms/${ref}/view`);
  const reason = page.getByRole('definition').filter({ hasText: /informa/ });
  await expect(page.getByText('Motivo', { exact: true })).toBeVisible();
  await expect(reason).toHaveText(/^Rack encendido manualmente: .+ informa encendido manual$/);
});
