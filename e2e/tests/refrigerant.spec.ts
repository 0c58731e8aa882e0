import { simulateController } from '../support/devices.ts';
import { DEMO, expect, expectAccessible, test, toastsGone } from '../support/fixtures.ts';

const DAY = 86_400_000;

/** Noon, `days` ago, as a datetime-local input value (noon keeps the day whatever the time zone). */
function localNoon(daysAgo: number): string {
  const d = new Date(Date.now() - daysAgo * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T12:00`;
}
/** The repair deadline of a charge logged at local noon `daysAgo`, as the console writes it in English. */
function deadline(daysAgo: number): string {
  const at = new Date(`${localNoon(daysAgo)}:00`);
  const day = new Date(`${at.toISOString().slice(0, 10)}T00:00:00Z`).getTime() + 30 * DAY;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day));
}

test('a technician sets up a rack’s refrigerant system and logs a charge over the threshold: the repair deadline shows', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.technician);
  const { mac, fleet } = await simulateController(12);
  try {
    await fleet.publishNow(mac);
    await page.goto('/controllers/13/view');
    await page.getByRole('tab', { name: 'Refrigerant' }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('No refrigeration system yet')).toBeVisible();
    await expectAccessible(page, 'refrigerant tab, no system');

    await panel.getByRole('button', { name: 'Set up system' }).click();
    const setup = page.getByRole('dialog', { name: 'Refrigeration system of rack A' });
    await setup.getByLabel('Refrigerant').selectOption('R-448A');
    await setup.getByLabel('Full charge').fill('500');
    await setup.getByLabel('Unit').selectOption('lb');
    await setup.getByLabel('Appliance type').selectOption('commercial_refrigeration');
    await setup.getByRole('button', { name: 'Save' }).click();
    await expect(setup).toBeHidden();
    await expect(panel.getByRole('status').filter({ hasText: 'Leak repair status: OK' })).toBeVisible();
    await expect(panel.getByText('20 % per year')).toBeVisible();

    // The first charge of the system (annualized over 365 days): 20 lb of 500 lb is 4 %.
    const log = async (daysAgo: number, pounds: string) => {
      // Keyboard: the button opens the dialog with Enter, and Escape would close it.
      await panel.getByRole('button', { name: 'Log an entry' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Log an entry for rack A' });
      // The dialog itself has a box (it covers the page): "hidden" below means closed, not merely empty.
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Entry', { exact: true })).toHaveValue('charge');
      await dialog.getByLabel('Date and time').fill(localNoon(daysAgo));
      await dialog.getByLabel('Amount', { exact: true }).fill(pounds);
      await dialog.getByLabel('Unit', { exact: true }).selectOption('lb');
      await dialog.getByLabel('Certification number').fill('EPA-608-U-2231');
      return dialog;
    };
    const first = await log(40, '');
    // An empty amount is refused on the form, in words, and nothing is sent.
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('This field is required.')).toBeVisible();
    await expectAccessible(page, 'log entry dialog with an error');
    await first.getByLabel('Amount', { exact: true }).fill('20');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first).toBeHidden();
    await expect(panel.getByRole('cell', { name: /4 % per year \(over 365 days\)/ })).toBeVisible();

    // 30 days later, 30 lb: (30 ÷ 500) × (365 ÷ 30) × 100 = 73 % > 20 %: repair due 30 days after.
    const second = await log(10, '30');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second).toBeHidden();
    const due = deadline(10);
    await expect(page.getByText(`Leak rate 73 % per year is over 20 %: repair due by ${due}.`)).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: `Leak repair due by ${due}` })).toBeVisible();
    await expect(
      panel.getByRole('cell', { name: new RegExp(`73 % per year \\(over 30 days\\)\\s*Repair due by ${due}`) }),
    ).toBeVisible();
    await toastsGone(page);
    await expectAccessible(page, 'refrigerant tab with a repair due');

    // The refrigerant report lists the system with the same deadline.
    await page.goto('/reports/refrigerant');
    const row = page
      .getByRole('row')
      .filter({ hasText: 'R-448A' })
      .filter({ hasText: `Leak repair due by ${due}` });
    await expect(row).toBeVisible();
    await expectAccessible(page, '/reports/refrigerant');
  } finally {
    await fleet.stop();
  }
});
