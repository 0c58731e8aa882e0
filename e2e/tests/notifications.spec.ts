import { demoMac } from '@rcm/shared/demo';
import { apiAs } from '../support/api.ts';
import { simulateController } from '../support/devices.ts';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

type Alarm = { ref: number; status: string; alarm_type: { code: string } };
type Prefs = {
  enabled: boolean;
  min_severity: string;
  quiet_hours_start: string | null;
  quiet_hours_end: string | null;
  time_zone: string;
};

// Seeded controller 1 (FreshMart #102, id 2): no other spec drives it. The manager (es-MX) sees it.
const INDEX = 1;
const CONTROLLER_ID = 2;

test('an alarm raised through the simulator queues an email, shown (not sent: no mail server) in the alarm view and the controller tab', async ({
  page,
  loginAs,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const manager = await apiAs(request, base, DEMO.manager);
  const auth = { Authorization: `Bearer ${manager.token}` };
  const before = (await manager.get<{ data: Prefs }>('account/notifications')).data;
  // "Rack manually on" is medium: the manager takes medium and up for this test.
  const put = await request.put(`${base}/api/account/notifications`, {
    headers: auth,
    data: { ...before, enabled: true, min_severity: 'medium', quiet_hours_start: null, quiet_hours_end: null },
  });
  expect(put.status()).toBe(200);

  const tech = await apiAs(request, base, DEMO.technician);
  const open = await tech.get<{ data: Alarm[] }>(
    `alarms?controller_id=${CONTROLLER_ID}&type=RACK_MANUALLY_ON&status=active,acknowledged`,
  );
  for (const a of open.data) expect((await tech.post(`alarms/${a.ref}/clear`)).status()).toBe(200);

  const { mac, fleet } = await simulateController(INDEX);
  expect(mac).toBe(demoMac(INDEX));
  try {
    fleet.inject(mac, 'rack_manually_on');
    await fleet.publishNow(mac);
    let ref = 0;
    await expect
      .poll(async () => {
        const list = await tech.get<{ data: Alarm[] }>(
          `alarms?controller_id=${CONTROLLER_ID}&type=RACK_MANUALLY_ON&status=active`,
        );
        ref = list.data[0]?.ref ?? 0;
        return ref;
      })
      .toBeGreaterThan(0);

    await loginAs(DEMO.technician);
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await page.goto(`/alarms/${ref}/view`);
    await expect(page.getByRole('heading', { level: 1, name: `Alarm #${ref}` })).toBeVisible();
    const section = page.getByRole('region', { name: 'Email Notifications' });
    const table = section.getByRole('table', { name: 'Email notifications sent for this alarm' });
    // No mail server on the demo: the row appears (live) and says it was not sent.
    const row = table.getByRole('row').filter({ hasText: DEMO.manager });
    await expect(row).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Spam complaint' })).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('Not sent: no mail server');
    await expectAccessible(page, 'alarm view with email notifications');
    // The technician was not emailed: no link of anyone else's is shown to them.
    const mine = page.getByRole('region', { name: 'What reached you' });
    await expect(mine.getByText('Nothing about this alarm has been sent to you.')).toBeVisible();
    await expect(mine.getByRole('link')).toHaveCount(0);

    // The manager sees their own email with its one-tap link (no mail server sent it), in Spanish.
    await loginAs(DEMO.manager);
    await page.evaluate(() => localStorage.setItem('locale', 'es-MX'));
    await page.goto(`/alarms/${ref}/view`);
    const own = page.getByRole('region', { name: 'Lo que te llegó' });
    const link = own.getByRole('link', { name: 'Abrir tu enlace de un toque' });
    await expect(link).toBeVisible();
    await expect(own.getByText(/\/a\/[A-Za-z0-9_-]{43}$/)).toBeVisible();
    await expectAccessible(page, 'alarm view with the person’s own one-tap link');
    await page.screenshot({ path: 'test-results/alarm-my-pages-es.png', fullPage: true });
    await link.click();
    await expect(page).toHaveURL(/\/a\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Alarma #${ref}` })).toBeVisible();
    await loginAs(DEMO.technician);
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));

    // The controller's Notifications tab, reached with the keyboard.
    await page.goto(`/controllers/${CONTROLLER_ID}/view`);
    const tab = page.getByRole('tab', { name: 'Notifications' });
    await tab.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('tabpanel');
    const ctrlRow = panel
      .getByRole('row')
      .filter({ hasText: DEMO.manager })
      .filter({ hasText: `#${ref}` });
    await expect(ctrlRow).toBeVisible();
    await expectAccessible(page, 'controller notifications tab');
  } finally {
    await fleet.stop();
    await request.put(`${base}/api/account/notifications`, { headers: auth, data: before });
  }
});

test('the account page keeps email notification preferences and explains bad input', async ({ page, loginAs }) => {
  await loginAs(DEMO.viewer);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/account');
  const form = page.getByRole('group', { name: 'Alarm email subscription' });
  await expect(form.getByLabel('Subscribe: email me about every alarm raised')).toBeVisible();
  await expectAccessible(page, 'account page with notification preferences');

  const start = form.getByLabel('Quiet hours start');
  const before = await start.inputValue();
  await start.fill('7pm');
  await form.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(form.getByText('Enter a time as HH:MM (24-hour clock).')).toBeVisible();
  await expect(start).toHaveAttribute('aria-invalid', 'true');

  await start.fill(before || '22:00');
  await form.getByLabel('Quiet hours end').fill('06:00');
  await form.getByRole('button', { name: 'Save notification preferences' }).click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Alarm email subscription' }).getByLabel('Quiet hours end')).toHaveValue(
    '06:00',
  );
});
