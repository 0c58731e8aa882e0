import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

type Alarm = { ref: number; reason: string; location_id: number | null; controller: { id: number } };

/** Controllers other specs use (their Jobs tab must stay empty): pick an alarm elsewhere. */
const RESERVED_CONTROLLERS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

test('a job created from an alarm shows in Related Jobs, the controller’s Jobs tab and /jobs', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const api = await apiAs(DEMO.technician);
  const alarms = (await api.get<{ data: Alarm[] }>('alarms?per_page=100')).data;
  const alarm = alarms.find((a) => a.location_id !== null && !RESERVED_CONTROLLERS.has(a.controller.id));
  expect(alarm, 'a demo alarm on a free controller').toBeDefined();
  if (!alarm) return;
  const title = `E2E leak check ${Date.now()}`;

  await loginAs(DEMO.technician);
  await page.goto(`/alarms/${alarm.ref}/view`);
  await page.getByRole('button', { name: 'Create Job' }).click();
  const panel = page.getByRole('dialog', { name: 'New job' });
  await expect(panel.getByLabel('Title')).toHaveValue(alarm.reason.slice(0, 200));
  await panel.getByLabel('Title').fill('');
  await panel.getByRole('button', { name: 'Create job' }).click();
  await expect(panel.getByText('This field is required.')).toBeVisible();
  await panel.getByLabel('Title').fill(title);
  await panel.getByLabel('Priority').selectOption('URGENT');
  await panel.getByRole('button', { name: 'Create job' }).click();
  await expect(panel).toBeHidden();

  const related = page.getByRole('region', { name: 'Related Jobs' });
  await expect(related.getByRole('row', { name: new RegExp(title) })).toBeVisible();

  await page.goto(`/controllers/${alarm.controller.id}/view`);
  await page.getByRole('tab', { name: 'Jobs' }).click();
  await expect(page.getByRole('tabpanel').getByRole('row', { name: new RegExp(title) })).toBeVisible();

  await page.goto('/jobs');
  const row = page.getByRole('table', { name: 'Jobs' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Urgent');
  await expect(row).toContainText('New');
  // The creator's name, not the full one: account.spec.ts renames the technician.
  await expect(row).toContainText(/Terry .*Technician/);
  await row.getByRole('link').click();

  await expect(page).toHaveURL(/\/jobs\/\d+\/view$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Job J-');
  await expect(page.getByRole('link', { name: `Alarm #${alarm.ref}` })).toBeVisible();
  await expectAccessible(page, 'the job view');
  await page.getByLabel('New status').selectOption('Started');
  await page.getByLabel('Note').fill('On the way');
  await page.getByRole('button', { name: 'Update status' }).click();
  const history = page.getByRole('region', { name: 'Status History' });
  await expect(history.getByText('New → Started')).toBeVisible();
  await expect(history.getByText('On the way')).toBeVisible();
  // The confirmation slides in over the bottom of the page, where the edit form's button is: a click
  // made while it arrives lands on it (and the pointer over it keeps it open). Closed, as a user would.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText('The job status was updated.')).toHaveCount(0);

  await page.getByLabel('Title').fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${title} (edited)`, { exact: true })).toBeVisible();
});

test('the status tiles filter /jobs, and the dashboard tile counts open jobs', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/jobs');
  const table = page.getByRole('table', { name: 'Jobs' });
  await expect(table).toBeVisible();
  await expectAccessible(page, '/jobs');

  const onHold = page.getByRole('button', { name: /^On Hold/ });
  await onHold.click();
  await expect(onHold).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/status=On(\+|%20)Hold/);
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // The URL changes first; the rows follow when the filtered page arrives.
  await expect
    .poll(async () => new Set(await rows.locator('td:nth-child(6)').allInnerTexts()))
    .toEqual(new Set(['On Hold']));

  // A second click shows every status again.
  await onHold.click();
  await expect(onHold).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('button', { name: /^Priorities/ }).click();
  await page.getByRole('option', { name: 'Urgent' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/priorities=URGENT/);
  await expect
    .poll(async () => new Set(await rows.locator('td:nth-child(4)').allInnerTexts()))
    .toEqual(new Set(['Urgent']));

  await page.goto('/');
  // Jobs are kept here (no Zuper in the demo): the tile says "Jobs", never "Zuper Jobs".
  const tile = page.getByRole('link', { name: /^Jobs \d/ });
  await expect(page.getByRole('link', { name: /Zuper/ })).toHaveCount(0);
  await expect(tile).toContainText(/\d/);
  await tile.click();
  await expect(page).toHaveURL(/\/jobs$/);
});
