import { DEMO, expect, expectAccessible, test, toastsGone } from '../support/fixtures.ts';
import { invitationLink } from '../support/invitations.ts';

test('an administrator creates an organization, a location and invites a member who accepts and sees only their locations', async ({
  page,
  loginAs,
  newPage,
  request,
  baseURL,
  apiAs,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const orgName = `Arctic Foods ${stamp}`;
  const invitee = `store.lead.${stamp}@example.com`;
  await loginAs(DEMO.admin);

  await page.goto('/organizations');
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible();
  await expectAccessible(page, '/organizations');
  await page.getByRole('link', { name: 'New organization' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create organization' })).toBeVisible();
  await expectAccessible(page, '/organizations/create');
  // Bad input: a localized field error and nothing created.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Organization name').fill(orgName);
  await page.getByLabel('Organization name').press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await expect(page).toHaveURL(/\/organizations\/\d+\/view$/);
  const orgId = Number(/\/organizations\/(\d+)\/view/.exec(page.url())?.[1]);
  await expect(page.getByText('No smart controllers are assigned to this organization yet.')).toBeVisible();
  await toastsGone(page);
  await expectAccessible(page, '/organizations/{id}/view (empty)');

  await page.getByRole('link', { name: 'Add location' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a location' })).toBeVisible();
  await expectAccessible(page, '/organizations/{id}/locations/create');
  await page.getByLabel('Location name').fill(`Arctic ${stamp} Downtown`);
  await page.getByLabel('Address line 1').fill('500 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State/province').fill('TX');
  await page.getByLabel('Zip code').fill('78701');
  await page.getByLabel('Phone number').fill('not a phone');
  await page.getByLabel('Time zone').selectOption('America/Chicago');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This value is not valid.')).toBeVisible();
  await page.getByLabel('Phone number').fill('+1 512 555 0199');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: orgName })).toBeVisible();
  await expect(page.getByRole('link', { name: `Arctic ${stamp} Downtown` })).toBeVisible();

  // A second location the member will not be given.
  const admin = await apiAs(DEMO.admin);
  const second = await admin.post(`organizations/${orgId}/locations`, {
    name: `Arctic ${stamp} Airport`,
    timezone: 'America/Chicago',
  });
  expect(second.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('link', { name: `Arctic ${stamp} Airport` })).toBeVisible();

  const invite = page.getByRole('region', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(invitee);
  await invite.getByLabel('Language of the invitation').selectOption('en-US');
  await invite.getByLabel('Role').selectOption({ label: 'Store Viewer' });
  await invite.getByLabel('Only these locations').check();
  await invite.getByLabel(`Arctic ${stamp} Downtown`).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation for ${invitee} created.`)).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(invitee)).toBeVisible();
  await toastsGone(page);
  await expectAccessible(page, '/organizations/{id}/view (with invitation)');

  const link = await invitationLink(request, baseURL ?? '', DEMO.admin, orgId, invitee);

  // The member, in a browser of their own, signed out.
  const member = await newPage({ baseURL });
  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: `Join ${orgName}` })).toBeVisible();
  await expectAccessible(member, '/user/invitation/{token}');
  // Keyboard only: type the name, tab to the password, submit with Enter.
  await member.getByLabel('Your name').focus();
  await member.keyboard.type('Sam Store Lead');
  await member.keyboard.press('Tab');
  await expect(member.getByLabel('Password')).toBeFocused();
  await member.keyboard.type('arctic-password-1');
  await member.keyboard.press('Enter');
  await expect(member).toHaveURL(/\/$/);
  await member.goto('/locations');
  const rows = member.getByRole('table', { name: 'Locations' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Arctic ${stamp} Downtown`);
  await expectAccessible(member, '/locations (member)');

  // The link is single use: another signed-out visitor is told so.
  const later = await newPage({ baseURL });
  await later.goto(link);
  await expect(later.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
  await expectAccessible(later, '/user/invitation/{token} (used)');

  // Back with the administrator: the member is listed with their single location.
  await page.reload();
  const members = page.getByRole('table', { name: 'Members' });
  const row = members.getByRole('row', { name: /Sam Store Lead/ });
  await expect(row).toContainText('1 location');

  // Keyboard only: open the member's locations, switch to all locations, save.
  await row.getByRole('button', { name: 'Change locations: Sam Store Lead' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Locations of Sam Store Lead' });
  await expect(panel.getByRole('radio', { name: /^All locations/ })).toBeVisible();
  await expectAccessible(page, 'change a member’s locations');
  await panel.getByRole('radio', { name: /^All locations/ }).focus();
  await page.keyboard.press('Space');
  await panel.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toContainText('All locations');

  // Removing the member asks first, then takes them off the list.
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Remove: Sam Store Lead' }).click();
  await expect(members.getByRole('row', { name: /Sam Store Lead/ })).toHaveCount(0);
});

// The manager's language is Spanish (es-MX): these pages follow it once signed in.
test('locations list and edit form are accessible, with field errors in Spanish', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/locations');
  await expect(page.getByRole('table', { name: 'Ubicaciones' })).toBeVisible();
  await expectAccessible(page, '/locations');
  await page.getByRole('link', { name: 'FreshMart #105 San Marcos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar ubicación' })).toBeVisible();
  await expectAccessible(page, '/locations/{id}/edit');
  await page.getByLabel('Nombre de la ubicación').fill('');
  await page.getByLabel('Nombre de la ubicación').press('Enter');
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
});

test('the organization edit page is accessible and a manager cannot open another organization', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.manager);
  await page.goto('/organizations/2/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Editar organización' })).toBeVisible();
  // Its countries for SMS and calls, with the last day's verification codes.
  const countries = page.getByRole('region', { name: 'Países para SMS y llamadas' });
  await expect(countries.getByText(/enviados: \d+, rechazados: \d+/)).toBeVisible();
  await expectAccessible(page, '/organizations/{id}/edit');
  await countries.getByLabel('Países (códigos ISO, p. ej. US, MX)').fill('US, XX');
  await countries.getByLabel('Países (códigos ISO, p. ej. US, MX)').press('Enter');
  await expect(countries.getByText('Este no es un código de país (ISO 3166, p. ej. US o MX).')).toBeVisible();
  await expectAccessible(page, '/organizations/{id}/edit (countries refused)');
  await page.goto('/organizations/3/view');
  await expect(page.getByText('Esta organización no existe o no tienes acceso a ella.')).toBeVisible();
});
