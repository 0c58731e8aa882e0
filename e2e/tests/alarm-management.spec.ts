import type { Page } from '@playwright/test';
import type { AlarmSummary } from '@rcm/shared/alarms';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

/** Sonner toasts fade out; axe looks once they are gone (the pointer moved off, which holds them). */
async function toastsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

test('a technician adds a nightly cleaning window to a controller, reads it, and deletes it', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.technician);
  await page.goto('/controllers/17/view');
  const section = page.getByRole('region', { name: 'Maintenance windows' });
  await section.getByRole('button', { name: 'Add maintenance window' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add maintenance window' });
  await dialog.getByLabel('Applies to').selectOption('controller');
  // A year from today, every night 02:00-03:00 in the store's time zone.
  const start = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (d: Date) =>
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  await dialog.getByLabel('From', { exact: true }).fill(local(start));
  await dialog.getByLabel('Until', { exact: true }).fill(local(new Date(start.getTime() + 365 * 86_400_000)));
  // The one-off dates are the store's clock, and the form says whose.
  await expect(dialog.getByText(/^Dates and times in the store’s time zone \([\w/]+\)\.$/)).toBeVisible();
  await dialog.getByLabel('Repeat weekly').check();
  await expect(dialog.getByLabel('Sunday')).toBeChecked();
  await dialog.getByLabel('Reason').fill('Nightly case cleaning (e2e)');
  await expectAccessible(page, 'maintenance window form');
  await dialog.getByRole('button', { name: 'Save window' }).click();
  await expect(dialog).toBeHidden();
  const item = section.getByRole('listitem').filter({ hasText: 'Nightly case cleaning (e2e)' });
  await expect(item).toContainText(/Every day, 02:00–03:00 \([\w/]+\)/);
  // Times name their zone (the store's), not the browser's unsaid.
  await expect(item).toContainText(/Next: .+2:00 AM [A-Z][\w+-]* – 3:00 AM [A-Z][\w+-]*/);
  await expectAccessible(page, 'controller with a maintenance window');

  // A window whose daily span is empty is refused with the reason, and nothing is added.
  await item.getByRole('button', { name: /^Edit maintenance window/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit maintenance window' });
  await edit.getByLabel('To (time)').fill('02:00');
  await edit.getByRole('button', { name: 'Save window' }).click();
  await expect(edit.getByText('The daily span must end at a different time than it starts.')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await item.getByRole('button', { name: /^Delete maintenance window/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete maintenance window' });
  await confirm.getByRole('button', { name: 'Delete maintenance window' }).click();
  await expect(item).toHaveCount(0);
});

test('shelve an alarm from its view, find it under Shelved, and unshelve it', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.technician);
  // The oldest open alarm (other tests take the newest).
  const [alarm] = (await api.get<{ data: AlarmSummary[] }>('alarms?status=active&sort=raised_at&per_page=1')).data;
  expect(alarm, 'an active alarm to shelve').toBeDefined();
  const ref = alarm?.ref as number;
  await loginAs(DEMO.technician);
  await page.goto(`/alarms/${ref}/view`);
  await page.getByRole('button', { name: 'Shelve', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Shelve alarm #${ref}` });
  await dialog.getByLabel('Shelve for').selectOption('30');
  await dialog.getByLabel('Reason').fill('Sensor being replaced');
  await expectAccessible(page, 'shelve dialog');
  await dialog.getByRole('button', { name: 'Shelve alarm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Shelved until .+: Sensor being replaced$/)).toBeVisible();
  await toastsGone(page);
  await expectAccessible(page, 'shelved alarm');

  // Out of the default list; the Shelved filter shows it, grayed, with its badge.
  await page.goto('/?status=shelved');
  const row = page.getByRole('row').filter({ hasText: String(ref) });
  await expect(row.getByText('Shelved', { exact: true })).toBeVisible();
  await expectAccessible(page, 'dashboard filtered to shelved alarms');
  await page.goto('/?per_page=100');
  await expect(page.getByRole('link', { name: String(ref), exact: true })).toHaveCount(0);

  await page.goto(`/alarms/${ref}/view`);
  await page.getByRole('button', { name: 'Unshelve' }).click();
  await expect(page.getByRole('button', { name: 'Shelve', exact: true })).toBeVisible();
  await expect(page.getByText(/^Shelved until/)).toHaveCount(0);
});

test('the alarm-management report judges the year against ISA-18.2, in English and in Spanish', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.admin);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/reports/alarm_management?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: 'Alarm management', level: 1 })).toBeVisible();
  await expect(page.getByText('About 6 is manageable')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Alarms per day, and the busiest 10 minutes of each day' })).toBeVisible();
  await expect(page.getByText('Flood threshold: more than 10 alarms in 10 minutes')).toBeVisible();
  // The demo's power cut: 14 alarms within 10 minutes, more than the flood threshold.
  const peak = page.getByText('Most alarms in 10 minutes', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(peak).toHaveText(/^(1[1-9]|[2-9]\d)$/);
  await expect(page.getByRole('region', { name: 'Chattering alarms' }).getByRole('row')).not.toHaveCount(0);
  await expectAccessible(page, 'alarm management report');

  await loginAs(DEMO.manager);
  await page.goto(`/reports/alarm_management?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { name: 'Gestión de alarmas', level: 1 })).toBeVisible();
  await expect(page.getByText('Alrededor de 6 es manejable')).toBeVisible();
  await expectAccessible(page, 'alarm management report in Spanish');
});

test('on a phone the alarm-management chart shows days with readable labels that do not overlap, in both languages', async ({
  page,
  loginAs,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [who, title] of [
    [DEMO.admin, 'Alarms per day, and the busiest 10 minutes of each day'],
    [DEMO.manager, 'Alarmas por día, y los 10 minutos más cargados de cada día'],
  ] as const) {
    await loginAs(who);
    // The default range: the last 30 days, 720 hours (an hour's bar would be half a pixel wide).
    await page.goto('/reports/alarm_management');
    const chart = page.getByRole('img', { name: title });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('data-unit', 'day');
    const bars = await chart.locator('rect[data-bar]').count();
    expect(bars).toBeGreaterThan(0);
    expect(bars).toBeLessThanOrEqual(31);
    // Every text of the chart at its real size (not a 960-wide drawing scaled to a third), and the
    // axis labels side by side without touching.
    const texts = await chart.locator('text').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, height: r.height };
      }),
    );
    for (const t of texts) expect(t.height).toBeGreaterThanOrEqual(10);
    const axis = texts.filter((t) => t.top === Math.max(...texts.map((x) => x.top))).sort((a, b) => a.left - b.left);
    expect(axis.length).toBeGreaterThan(1);
    for (let i = 1; i < axis.length; i++) expect(axis[i]?.left).toBeGreaterThan(axis[i - 1]?.right ?? 0);
    const box = await chart.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await testInfo.attach(`chart-${who}`, {
      body: await page.getByRole('figure').filter({ has: chart }).screenshot(),
      contentType: 'image/png',
    });
  }
});

test('an administrator sets when an alarm type counts as chattering', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.admin);
  const types = await api.get<{ data: { id: number; code: string; chatter_count: number }[] }>(
    'settings/alarm-types?per_page=100',
  );
  const sensor = types.data.find((ty) => ty.code === 'SENSOR_FAILURE');
  expect(sensor?.chatter_count).toBe(3);
  await loginAs(DEMO.admin);
  await page.goto(`/settings/alarm-types/${sensor?.id}/edit`);
  const group = page.getByRole('group', { name: 'Chattering' });
  await expect(group.getByLabel('Chattering after (raises)')).toHaveValue('3');
  await group.getByLabel('Chattering after (raises)').fill('1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(group.getByText('Must be at least 2.')).toBeVisible();
  await group.getByLabel('Chattering after (raises)').fill('4');
  await group.getByLabel('within (minutes)').fill('30');
  await expectAccessible(page, 'alarm type with its chattering setting');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/alarm-types$/);
  const after = await api.get<{ data: { code: string; chatter_count: number; chatter_minutes: number }[] }>(
    'settings/alarm-types?per_page=100',
  );
  expect(after.data.find((ty) => ty.code === 'SENSOR_FAILURE')).toMatchObject({
    chatter_count: 4,
    chatter_minutes: 30,
  });
  // Back as it was, for the tests after this one.
  await page.goto(`/settings/alarm-types/${sensor?.id}/edit`);
  await group.getByLabel('Chattering after (raises)').fill('3');
  await group.getByLabel('within (minutes)').fill('60');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/alarm-types$/);
});
