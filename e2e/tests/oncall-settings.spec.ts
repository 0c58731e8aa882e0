import { simulateController } from '../support/devices.ts';
import { DEMO, expect, expectAccessible } from '../support/fixtures.ts';
import { test } from '../support/mailing-demo.ts';

type Alarm = { ref: number; paged: { name: string }[] };
type Page = { step: number; user: { name: string } | null; status: string };

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

test('the schedule and policy editors read in Spanish and fit a phone', async ({
  page,
  loginAs,
  apiAs,
  request,
  baseURL,
}) => {
  const admin = await apiAs(DEMO.admin);
  const me = (await admin.get<{ data: { id: number } }>('auth/user')).data;
  const language = (value: string) =>
    request.patch(`${baseURL ?? ''}/api/settings/users/${me.id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { language: value },
    });
  expect((await language('es-MX')).status()).toBe(200);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(DEMO.admin);
    await page.goto('/settings/on-call');
    await expect(page.getByRole('heading', { name: 'Políticas de escalamiento' })).toBeVisible();
    await page.getByRole('button', { name: 'Nueva guardia' }).click();
    const schedule = page.getByRole('dialog', { name: 'Nueva guardia' });
    await schedule.getByLabel('Solo algunos días y horas').check();
    await expect(schedule.getByRole('group', { name: 'Días' })).toBeVisible();
    await expectAccessible(page, 'schedule editor in Spanish on a phone');
    await page.keyboard.press('Escape');
    await expect(schedule).toBeHidden();
    await page.getByRole('button', { name: 'Nueva política' }).click();
    const policy = page.getByRole('dialog', { name: 'Nueva política de escalamiento' });
    await expect(policy.getByRole('group', { name: 'Paso 1' })).toBeVisible();
    await expectAccessible(page, 'policy editor in Spanish on a phone');
    await page.keyboard.press('Escape');
    await expect(policy).toBeHidden();
  } finally {
    await language('en-US');
  }
});

test('a store whose policy reaches nobody who may see it: warned of, and its alarm pages the store’s people instead', async ({
  page,
  loginAs,
  apiAs,
  request,
  baseURL,
}) => {
  const base = `${baseURL ?? ''}/api`;
  const admin = await apiAs(DEMO.admin);
  const auth = { Authorization: `Bearer ${admin.token}` };
  // The viewer sees two FreshMart stores; demo controller 2 is at a third.
  const viewer = (await (await apiAs(DEMO.viewer)).get<{ data: { id: number; name: string } }>('auth/user')).data;
  const index = 2;
  const controllerId = index + 1;
  const controller = (
    await admin.get<{ data: { location: { id: number; name: string } | null } }>(`controllers/${controllerId}`)
  ).data;
  const location = controller.location;
  if (!location) throw new Error('controller 2 has no location');
  const created = await request.post(`${base}/escalation-policies`, {
    headers: auth,
    data: {
      name: 'E2E other stores only',
      organization_id: null,
      steps: [{ delay_minutes: 0, targets: [{ type: 'user', id: viewer.id }] }],
    },
  });
  expect(created.status()).toBe(201);
  const policyId = (await created.json()).data.id as number;
  const current = (await admin.get<{ data: Record<string, unknown> }>(`locations/${location.id}`)).data;
  const { id: _id, organisation: _o, controllers_count: _c, ...fields } = current;
  const save = (policy: number | null) =>
    request.patch(`${base}/locations/${location.id}`, {
      headers: auth,
      data: { ...fields, escalation_policy_id: policy },
    });
  expect((await save(policyId)).status()).toBe(200);

  const { mac, fleet } = await simulateController(index);
  try {
    // The dashboard warns of the store, by the same rule the pager applies.
    await loginAs(DEMO.admin);
    await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
    await page.goto('/');
    const warning = page.getByRole('region', { name: /reach(es)? nobody through (its|their) escalation policy/ });
    await expect(warning).toContainText(location.name);

    fleet.inject(mac, 'rack_manually_on');
    await fleet.publishNow(mac);
    let ref = 0;
    await expect
      .poll(async () => {
        const list = await admin.get<{ data: Alarm[] }>(`alarms?controller_id=${controllerId}&status=active`);
        ref = list.data[0]?.ref ?? 0;
        return ref;
      })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await admin.get<{ data: (Page & { fallback: boolean })[] }>(`alarms/${ref}/pages`)).data)
      .not.toHaveLength(0);
    const pages = (await admin.get<{ data: (Page & { fallback: boolean })[] }>(`alarms/${ref}/pages`)).data;
    expect(pages.every((p) => p.fallback)).toBe(true);
    expect(pages.map((p) => p.user?.name)).not.toContain(viewer.name);

    await page.goto(`/alarms/${ref}/view`);
    const section = page.getByRole('region', { name: 'Paged' });
    await expect(section.getByRole('status')).toContainText('reaches nobody who may see it');
    await expectAccessible(page, 'alarm view paged by the default audience');
    // The store's manager reads it in Spanish, their language.
    await loginAs(DEMO.manager);
    await page.goto(`/alarms/${ref}/view`);
    await expect(page.getByRole('region', { name: 'Avisos' }).getByRole('status')).toContainText(
      'no llega a nadie que pueda verla',
    );
    expect((await admin.post(`alarms/${ref}/clear`)).status()).toBe(200);
  } finally {
    await fleet.stop();
    await save(null);
    await request.delete(`${base}/escalation-policies/${policyId}`, { headers: auth });
  }
});
