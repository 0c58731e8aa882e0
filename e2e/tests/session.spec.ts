import { DEMO, expect, PASSWORD, signInThroughForm, test } from '../support/fixtures.ts';
import { joinedMember } from '../support/invitations.ts';

test.describe.configure({ timeout: 90_000 });

test('a user who signs in after another in the same tab never sees a row of the previous user’s data', async ({
  page,
  request,
  baseURL,
  apiAs,
}) => {
  // A store user of Northwind Grocers, another organization than the manager's (FreshMart Foods).
  const admin = await apiAs(DEMO.admin);
  const orgs = await admin.get<{ data: { id: number; name: string }[] }>('organizations?per_page=100');
  const northwind = orgs.data.find((o) => o.name === 'Northwind Grocers');
  if (!northwind) throw new Error('no Northwind Grocers');
  const roles = await admin.get<{ data: { id: number; name: string }[] }>('member-roles');
  const viewerRole = roles.data.find((r) => r.name === 'Store Viewer');
  const email = `e2e-session-${Date.now()}@example.com`;
  await joinedMember(request, baseURL ?? '', admin, {
    organizationId: northwind.id,
    email,
    roleId: viewerRole?.id,
    name: 'Nora Northwind',
  });

  // What the manager sees of FreshMart's alarms: every one of these refs must stay out of Nora's screens.
  const manager = await apiAs(DEMO.manager);
  const theirs = (await manager.get<{ data: { ref: number }[] }>('alarms?per_page=25')).data.map((a) => a.ref);
  expect(theirs.length).toBeGreaterThan(0);

  await page.goto('/user/login');
  await signInThroughForm(page, DEMO.manager);
  await expect(page.getByRole('checkbox', { name: `Seleccionar la alarma ${theirs[0]}` })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir el menú de usuario' }).click();
  await page.getByRole('menuitem', { name: /Cerrar sesión/ }).click();
  await expect(page).toHaveURL(/\/user\/login/);

  // Nora's alarm list is held back until the page has asked for it and drawn: a page drawing from a
  // cache of the manager's queries would show their rows meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/alarms?**', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const asked = page.waitForRequest('**/api/alarms?**');
  await page.getByLabel(/Email address|Correo electrónico/).fill(email);
  await page.getByLabel(/^Password$|^Contraseña$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^Sign in$|^Iniciar sesión$/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await asked;
  for (const ref of theirs) {
    await expect(
      page.getByRole('checkbox', { name: new RegExp(`^(Select alarm|Seleccionar la alarma) ${ref}$`) }),
    ).toHaveCount(0);
  }
  release();
  // Then Nora's own alarms arrive.
  const nora = await apiAs(email);
  const hers = (await nora.get<{ data: { ref: number }[] }>('alarms?per_page=25')).data.map((a) => a.ref);
  expect(hers.length).toBeGreaterThan(0);
  expect(hers.filter((ref) => theirs.includes(ref))).toEqual([]);
  await expect(page.getByRole('checkbox', { name: `Select alarm ${hers[0]}` })).toBeVisible({ timeout: 15_000 });
});
