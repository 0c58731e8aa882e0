import { demoMac } from '@rcm/shared/demo';
import { simulateController } from '../support/devices.ts';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

type Alarm = { ref: number };
type Page = { step: number; user: { name: string } | null; status: string };

// Seeded controller 20 (id 21): no other spec drives it.
const INDEX = 20;
const CONTROLLER_ID = 21;

test('a rota pages the technician on call by email; acknowledging stops the chain', async ({
  page,
  loginAs,
  apiAs,
  request,
  baseURL,
}) => {
  const base = `${baseURL ?? ''}/api`;
  const admin = await apiAs(DEMO.admin);
  const auth = { Authorization: `Bearer ${admin.token}` };
  const tech = await apiAs(DEMO.technician);
  const me = (await tech.get<{ data: { id: number; name: string } }>('auth/user')).data;
  const adminId = (await admin.get<{ data: { id: number } }>('auth/user')).data.id;

  // A shared schedule with the technician on call from an hour ago, and a policy paging it at once,
  // then the administrator after 5 minutes.
  const now = Date.now();
  const schedule = await admin.post('oncall/schedules', {
    name: 'E2E night desk',
    organization_id: null,
    time_zone: 'America/Chicago',
    layers: [
      { name: 'Nights', user_ids: [me.id], starts_at: new Date(now - 3_600_000).toISOString(), shift_hours: 24 },
    ],
  });
  expect(schedule.status()).toBe(201);
  const scheduleId = ((await schedule.json()) as { data: { id: number } }).data.id;
  const policy = await admin.post('escalation-policies', {
    name: 'E2E paging',
    organization_id: null,
    steps: [
      { delay_minutes: 0, targets: [{ type: 'schedule', id: scheduleId }] },
      { delay_minutes: 5, targets: [{ type: 'user', id: adminId }] },
    ],
  });
  expect(policy.status()).toBe(201);
  const policyId = ((await policy.json()) as { data: { id: number } }).data.id;
  const types = await admin.get<{ data: (Record<string, unknown> & { id: number; code: string })[] }>(
    'settings/alarm-types?q=RACK_MANUALLY_ON',
  );
  const type = types.data.find((t) => t.code === 'RACK_MANUALLY_ON');
  if (!type) throw new Error('no RACK_MANUALLY_ON type');
  const { id: _i, code: _c, source: _s, match: _m, updated_at: _u, ...body } = type;
  const put = (escalation_policy_id: number | null) =>
    request.put(`${base}/settings/alarm-types/${type.id}`, { headers: auth, data: { ...body, escalation_policy_id } });
  expect((await put(policyId)).status()).toBe(200);

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

    await loginAs(DEMO.technician);
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
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
    await put(null);
    await request.delete(`${base}/escalation-policies/${policyId}`, { headers: auth });
    await request.delete(`${base}/oncall/schedules/${scheduleId}`, { headers: auth });
  }
});

test('settings → on call shows who is on call and covers a shift with an override in two clicks', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const admin = await apiAs(DEMO.admin);
  const me = (await admin.get<{ data: { name: string } }>('auth/user')).data;
  await loginAs(DEMO.admin);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/settings/on-call');
  await expect(page.getByRole('heading', { level: 1, name: 'On call' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'On call now' })).toBeVisible();
  const schedule = page.getByRole('region', { name: /Service company on call/ });
  const rota = schedule.getByRole('list', { name: 'Rota of Service company on call' });
  await expect(rota.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'on-call page');

  // Cover the first shift of the week: the dialog offers its period, a person is chosen, saved.
  await rota
    .getByRole('button', { name: /^Cover / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Override on Service company on call' });
  await dialog.getByLabel('Person on call').selectOption({ label: `${me.name} · ${DEMO.admin}` });
  await expectAccessible(page, 'override dialog');
  await dialog.getByRole('button', { name: 'Add override' }).click();
  await expect(dialog).toBeHidden();
  await expect(rota.getByRole('listitem').filter({ hasText: 'Override' }).first()).toContainText(me.name);

  // Remove it again: the rota is as it was.
  await schedule
    .getByRole('button', { name: `Remove the override of ${me.name}` })
    .first()
    .click();
  await expect(rota.getByRole('listitem').filter({ hasText: 'Override' })).toHaveCount(0);
});
