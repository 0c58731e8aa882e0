import { announceController } from '../support/devices.ts';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

test.describe.configure({ timeout: 90_000 });

type Pending = { data: { id: number; mac_address: string }[] };

test('a pending controller is rejected from the slide-over, after a second click', async ({ page, loginAs, apiAs }) => {
  const mac = '02:99:bb:00:00:01';
  const fleet = await announceController(mac);
  await fleet.stop();
  const api = await apiAs(DEMO.admin);
  await expect
    .poll(async () => (await api.get<Pending>('controllers/unauthorised')).data.some((c) => c.mac_address === mac))
    .toBe(true);
  await loginAs(DEMO.admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Controllers pending authorization' }).click();
  const panel = page.getByRole('dialog', { name: 'Controllers Pending Authorization' });
  await panel.getByRole('button', { name: `Reject ${mac}` }).click();
  await expectAccessible(page, 'reject question');
  await panel.getByRole('button', { name: 'Yes, reject' }).click();
  await expect(page.getByText(`${mac} was rejected`)).toBeVisible();
  await expect(panel.getByRole('link', { name: mac })).toHaveCount(0);
  expect((await api.get<Pending>('controllers/unauthorised')).data.some((c) => c.mac_address === mac)).toBe(false);
});

test('a controller gets a new key once, then is decommissioned after a dialog that says what happens', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const mac = '02:99:bb:00:00:02';
  const fleet = await announceController(mac);
  await fleet.stop();
  const api = await apiAs(DEMO.admin);
  let id = 0;
  await expect
    .poll(async () => {
      id = (await api.get<Pending>('controllers/unauthorised')).data.find((c) => c.mac_address === mac)?.id ?? 0;
      return id;
    })
    .toBeGreaterThan(0);
  const authorized = await api.post(`controllers/${id}/authorise`, {
    organization_id: 4,
    location_id: 10,
    name: 'Oak Lawn test rack',
  });
  expect(authorized.status()).toBe(200);

  await loginAs(DEMO.admin);
  await page.goto(`/controllers/${id}/view`);
  await page.getByRole('button', { name: 'New device key' }).click();
  await expect(page.getByRole('dialog', { name: 'Give Oak Lawn test rack a new device key?' })).toContainText(
    'The current key stops working at once',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'New device key' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'The new device key' });
  await expect(keyDialog.locator('code')).toHaveText(/^[A-Za-z0-9_-]{32}$/);
  await expectAccessible(page, 'new device key');
  await keyDialog.getByRole('button', { name: 'I have noted the key' }).click();

  await page.getByRole('button', { name: 'Decommission' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decommission Oak Lawn test rack?' });
  await expect(dialog).toContainText('Its device key stops working at once');
  await expect(dialog).toContainText('stay in the history');
  await expectAccessible(page, 'decommission dialog');
  await dialog.getByRole('button', { name: 'Decommission' }).click();
  await expect(page).toHaveURL(/\/controllers$/);
  await expect(page.getByText('Oak Lawn test rack was decommissioned.')).toBeVisible();
  expect((await api.get<{ meta: { total: number } }>(`controllers?q=${mac}`)).meta.total).toBe(0);
});

test('a location still in use is not removed and the dialog says why; unused places and teams are', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const api = await apiAs(DEMO.admin);
  await loginAs(DEMO.admin);
  // FreshMart #101 has controllers installed.
  await page.goto('/locations/2/edit');
  await page.getByRole('button', { name: 'Delete location' }).click();
  const refused = page.getByRole('dialog', { name: 'Delete FreshMart #101 Downtown?' });
  await expect(refused).toContainText('A location with controllers in service or assets cannot be removed.');
  await refused.getByRole('button', { name: 'Delete location' }).click();
  await expect(refused.getByRole('alert')).toContainText('controllers are installed at this location');
  await refused.getByRole('button', { name: 'Cancel' }).click();

  const org = (await (await api.post('organizations', { name: 'E2E Closing Co.' })).json()) as { data: { id: number } };
  const location = (await (
    await api.post(`organizations/${org.data.id}/locations`, {
      name: 'E2E Closing store',
      address_line_1: '1 Main St',
      address_line_2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '',
      timezone: 'America/Chicago',
    })
  ).json()) as { data: { id: number } };
  await page.goto(`/locations/${location.data.id}/edit`);
  await page.getByRole('button', { name: 'Delete location' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete location' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByText('E2E Closing store was removed.')).toBeVisible();

  await page.goto(`/organizations/${org.data.id}/edit`);
  await page.getByRole('button', { name: 'Delete organization' }).click();
  await expectAccessible(page, 'delete organization dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete organization' }).click();
  await expect(page).toHaveURL(/\/organizations$/);
  await expect(page.getByRole('link', { name: 'E2E Closing Co.' })).toHaveCount(0);

  const team = (await (await api.post('settings/teams', { name: 'E2E night crew', organization_id: 1 })).json()) as {
    data: { id: number };
  };
  await page.goto(`/settings/teams/${team.data.id}/edit`);
  await page.getByRole('button', { name: 'Delete team' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete team' }).click();
  await expect(page).toHaveURL(/\/settings\/teams$/);
  await expect(page.getByText('E2E night crew was deleted.')).toBeVisible();
});
