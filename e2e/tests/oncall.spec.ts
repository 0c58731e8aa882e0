import { demoMac } from '@rcm/shared/demo';
import { simulateController } from '../support/devices.ts';
import { DEMO, expect, expectAccessible } from '../support/fixtures.ts';
import { test } from '../support/mailing-demo.ts';

type Alarm = { ref: number; paged: { name: string }[] };
type Page = { step: number; user: { name: string } | null; status: string };

// Seeded controller 20 (id 21): no other spec drives it.
const INDEX = 20;
const CONTROLLER_ID = 21;

/** A `datetime-local` value: the wall clock of `zone` at `at`. */
function wallClock(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('a rota built in the console pages the technician by email; acknowledging stops the chain', async ({
  page,
  loginAs,
  apiAs,
  request,
  baseURL,
  mail,
}) => {
  const base = `${baseURL ?? ''}/api`;
  const admin = await apiAs(DEMO.admin);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const tech = await apiAs(DEMO.technician);
  const me = (await tech.get<{ data: { id: number; name: string } }>('auth/user')).data;
  const adminMe = (await admin.get<{ data: { id: number; name: string } }>('auth/user')).data;

  // The rota, in Settings → On call: the technician on call from an hour ago, in day-long shifts.
  await loginAs(DEMO.admin);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/settings/on-call');
  await page.getByRole('button', { name: 'New schedule' }).click();
  const editor = page.getByRole('dialog', { name: 'New on-call schedule' });
  await editor.getByLabel('Schedule name').fill('E2E night desk');
  await editor.getByLabel('Time zone').selectOption('America/Chicago');
  await editor.getByLabel('Layer name').fill('Nights');
  await editor.getByLabel('First shift starts').fill(wallClock(new Date(Date.now() - 3_600_000), 'America/Chicago'));
  await editor.getByLabel('Shift length (hours)').fill('24');
  // Choosing a person adds them: no separate button.
  await editor.getByLabel('Add a person').selectOption({ label: me.name });
  await expect(editor.getByRole('button', { name: `Remove ${me.name} from this layer` })).toBeVisible();
  await editor.getByLabel('Only on some days and hours').check();
  await expect(editor.getByRole('group', { name: 'Days' })).toBeVisible();
  await expectAccessible(page, 'schedule editor');
  // Every day, all day: the restriction is kept but covers the whole week.
  await editor.getByLabel('Only on some days and hours').uncheck();
  await editor.getByRole('button', { name: 'Create schedule' }).click();
  await expect(editor).toBeHidden();
  const scheduleCard = page.getByRole('region', { name: /E2E night desk/ });
  await expect(scheduleCard.getByRole('list', { name: 'Rota of E2E night desk' })).toContainText(me.name);
  // Every time on the page says whose clock it reads: the schedule's, Chicago's.
  await expect(scheduleCard.getByRole('list', { name: 'Rota of E2E night desk' })).toContainText(/\bC[SD]T\b/);
  const now = await admin.get<{ data: { schedule: { name: string }; current: { name: string } | null }[] }>(
    'oncall/now',
  );
  expect(now.data.find((n) => n.schedule.name === 'E2E night desk')?.current?.name).toBe(me.name);

  // The policy: the schedule's on-call person at once, then the administrator after 5 minutes.
  await page.getByRole('button', { name: 'New policy' }).click();
  const policyEditor = page.getByRole('dialog', { name: 'New escalation policy' });
  await policyEditor.getByLabel('Policy name').fill('E2E paging');
  const step1 = policyEditor.getByRole('group', { name: 'Step 1' });
  await step1.getByLabel('Delay (minutes)').fill('0');
  await step1.getByLabel('Add whom to page').selectOption({ label: 'On call: E2E night desk' });
  await expect(step1.getByRole('button', { name: 'Remove On call: E2E night desk' })).toBeVisible();
  await policyEditor.getByRole('button', { name: 'Add step' }).click();
  const step2 = policyEditor.getByRole('group', { name: 'Step 2' });
  await step2.getByLabel('Delay (minutes)').fill('5');
  await step2.getByLabel('Add whom to page').selectOption({ label: adminMe.name });
  await expect(step2.getByRole('button', { name: `Remove ${adminMe.name}` })).toBeVisible();
  await expect(policyEditor.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'policy editor');
  await policyEditor.getByRole('button', { name: 'Create policy' }).click();
  await expect(policyEditor).toBeHidden();
  const policyCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'E2E paging' }) });
  await expect(policyCard).toContainText('On call: E2E night desk');
  await expect(policyCard).toContainText(adminMe.name);
  // The page is checked once the toast has gone: one caught fading out reads as low contrast.
  const created = page.getByText('Policy created.');
  await expect(created).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(created).toBeHidden({ timeout: 10_000 });
  await expectAccessible(page, 'on-call page with the new schedule and policy');

  // A schedule a policy pages cannot be deleted: the dialog says why and nothing changes.
  await scheduleCard.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete E2E night desk?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  const policies = await admin.get<{ data: { id: number; name: string }[] }>('escalation-policies?per_page=100');
  const policyId = policies.data.find((p) => p.name === 'E2E paging')?.id ?? 0;
  const schedules = await admin.get<{ data: { id: number; name: string }[] }>('oncall/schedules?per_page=100');
  const scheduleId = schedules.data.find((s) => s.name === 'E2E night desk')?.id ?? 0;
  expect(policyId).toBeGreaterThan(0);
  // The controller's store names the policy in its own form: it wins over the alarm type's.
  const controller = (
    await admin.get<{ data: { location: { id: number; name: string } | null } }>(`controllers/${CONTROLLER_ID}`)
  ).data;
  const locationId = controller.location?.id ?? 0;
  expect(locationId).toBeGreaterThan(0);
  await page.goto(`/locations/${locationId}/edit`);
  await page.getByLabel('Escalation policy').selectOption({ label: 'E2E paging' });
  await expectAccessible(page, 'location form with its policy');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(
      async () =>
        (await admin.get<{ data: { escalation_policy_id: number | null } }>(`locations/${locationId}`)).data
          .escalation_policy_id,
    )
    .toBe(policyId);
  const unsetPolicy = async () => {
    const {
      id: _id,
      organisation: _o,
      controllers_count: _c,
      ...fields
    } = (await admin.get<{ data: Record<string, unknown> }>(`locations/${locationId}`)).data;
    const res = await request.patch(`${base}/locations/${locationId}`, {
      headers: auth,
      data: { ...fields, escalation_policy_id: null },
    });
    expect(res.status()).toBe(200);
  };

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
    // The worker pages the person on call: one page, by email, step 1.
    await expect
      .poll(async () =>
        (await tech.get<{ data: Page[] }>(`alarms/${ref}/pages`)).data.map((p) => [p.step, p.user?.name]),
      )
      .toEqual([[1, me.name]]);
    // The page's email reaches the mail server.
    await expect
      .poll(() => mail.messages.filter((m) => m.to.includes(DEMO.technician) && m.subject.includes(`#${ref}`)).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);

    // The alarm list says who is on it; the dashboard says who is on call.
    await loginAs(DEMO.technician);
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await page.goto('/');
    const onCall = page.getByRole('region', { name: 'On call now' });
    await expect(onCall.getByRole('listitem').filter({ hasText: 'E2E night desk' })).toContainText(me.name);
    const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(ref), exact: true }) });
    await expect(listed).toContainText(`Paged: ${me.name}`);

    await page.goto(`/alarms/${ref}/view`);
    const section = page.getByRole('region', { name: 'Paged' });
    const row = section
      .getByRole('table', { name: 'People paged for this alarm' })
      .getByRole('row')
      .filter({ hasText: me.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Email');
    await expectAccessible(page, 'alarm view with its pages');

    await page.getByRole('button', { name: 'Acknowledge Alarm' }).click();
    // The chain stops: the technician's page reads acknowledged and the next step never comes.
    await expect(row).toContainText('Acknowledged');
    const pages = (await tech.get<{ data: Page[] }>(`alarms/${ref}/pages`)).data;
    expect(pages.map((p) => [p.step, p.status])).toEqual([[1, 'acknowledged']]);
    expect((await tech.post(`alarms/${ref}/clear`)).status()).toBe(200);
  } finally {
    await fleet.stop();
    await unsetPolicy();
    await request.delete(`${base}/escalation-policies/${policyId}`, { headers: auth });
    await request.delete(`${base}/oncall/schedules/${scheduleId}`, { headers: auth });
  }
});
