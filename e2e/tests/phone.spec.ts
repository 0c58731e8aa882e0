import type { Page } from '@playwright/test';
import { ROUTES } from '@rcm/shared/routes';
import type { Api } from '../support/api.ts';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

/** A phone: every route fits its width, and the dashboard and alarm view are made for it. */
const PHONE = { width: 390, height: 844 };

type Listed = { data: { id: number; ref?: number }[] };

/**
 * Every route of the router's table (packages/shared routes.ts) as a path to open, its parameters
 * taken from the demo through the API. A route added to the table without a path here fails the test.
 */
async function routePaths(api: Api): Promise<{ signedIn: string[]; signedOut: string[] }> {
  const first = async (path: string) => {
    const id = (await api.get<Listed>(path)).data[0]?.id;
    expect(id, `${path} lists something`).toBeDefined();
    return String(id);
  };
  const alarm = String((await api.get<Listed>('alarms?per_page=1')).data[0]?.ref);
  const organization = await first('organizations');
  const location = await first('locations');
  const controller = String(
    (await api.get<{ data: { id: number; authorised: boolean }[] }>('controllers?per_page=50')).data.find(
      (c) => c.authorised,
    )?.id,
  );
  const params: Record<string, string> = {
    $alarmMetadataRef: alarm,
    $controllerId: controller,
    $locationId: location,
    $token: 'not-a-live-invitation',
  };
  const idFor: Record<string, () => Promise<string>> = {
    'jobs.view': () => first('jobs'),
    'organizations.view': async () => organization,
    'organizations.edit': async () => organization,
    'organizations.locations.create': async () => organization,
    'controllers.authorise': () => first('controllers/unauthorised'),
    'settings.users.edit': () => first('settings/users'),
    'settings.teams.edit': () => first('settings/teams'),
    'settings.roles.edit': () => first('settings/roles'),
    'settings.alarm_types.edit': () => first('settings/alarm-types'),
  };
  const signedIn: string[] = [];
  const signedOut: string[] = [];
  for (const route of ROUTES) {
    let path = route.path.replace('/{-$pageNumber}', '');
    if (path.includes('$id')) {
      const id = idFor[route.name];
      if (!id) throw new Error(`phone.spec.ts: no id for the route ${route.name} (${route.path})`);
      path = path.replace('$id', await id());
    }
    for (const [name, value] of Object.entries(params)) path = path.replace(name, value);
    if (path.includes('$')) throw new Error(`phone.spec.ts: no value for a parameter of ${route.path}`);
    (route.auth === false ? signedOut : signedIn).push(path);
  }
  // The inventory's other tabs are lists of their own.
  signedIn.push('/inventory?tab=orders', '/inventory?tab=suppliers', '/?status=acknowledged');
  return { signedIn, signedOut };
}

/** Opens a path and waits for its heading and for its lists to load (no spinner left). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const loading = page.locator('output').filter({ hasText: /…\s*$/ });
  await expect(loading.or(page.locator('output .animate-spin'))).toHaveCount(0, { timeout: 45_000 });
}

/** The page does not scroll sideways: nothing is wider than the viewport. */
async function expectFits(page: Page, label: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const el = document.scrollingElement as Element;
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
  });
  expect(scrollWidth, `${label} scrolls sideways at ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
}

/** Opens each path in turn and checks it; every route's problems are reported together. */
async function sweep(page: Page, paths: string[], label: string) {
  const problems: string[] = [];
  for (const path of paths) {
    try {
      await open(page, path);
      await expectFits(page, `${path} (${label})`);
      await expectAccessible(page, `${path} at 390 px (${label})`);
    } catch (err) {
      problems.push(
        `${path}: ${String((err as Error).message)
          .split('\n')
          .slice(0, 14)
          .join('\n')}`,
      );
    }
  }
  expect(problems, `routes that do not fit a phone or fail axe (${label})`).toEqual([]);
}

test.describe('every route at 390 px', () => {
  test.use({ viewport: PHONE });
  // Four independent sweeps, minutes each: shared between the workers instead of queued on one.
  test.describe.configure({ mode: 'parallel', timeout: 300_000 });

  test('signed out: fits the phone and passes axe', async ({ page, apiAs }) => {
    const { signedOut } = await routePaths(await apiAs(DEMO.admin));
    await sweep(page, signedOut, 'signed out');
  });

  test('as the administrator: fits the phone and passes axe', async ({ page, apiAs, loginAs }) => {
    const { signedIn } = await routePaths(await apiAs(DEMO.admin));
    await loginAs(DEMO.admin);
    await sweep(page, signedIn, 'admin');
  });

  // Every page is checked in the dark theme at desktop width (a11y.spec.ts); at phone width only the
  // lists differ (their rows become cards), so those are checked dark here.
  test('as the administrator (dark): the lists fit the phone and pass axe', async ({ page, loginAs }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await loginAs(DEMO.admin);
    const lists = ['/', '/controllers', '/organizations', '/locations', '/inventory', '/assets', '/jobs'];
    await sweep(page, [...lists, '/reports/haccp', '/settings/users', '/settings/alarm-types'], 'admin, dark');
  });

  test('as the Spanish manager: the main routes fit the phone and pass axe', async ({ page, apiAs, loginAs }) => {
    const api = await apiAs(DEMO.manager);
    const alarm = (await api.get<Listed>('alarms?per_page=1')).data[0]?.ref;
    await loginAs(DEMO.manager);
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
    await sweep(
      page,
      [
        '/',
        `/alarms/${alarm}/view`,
        '/controllers',
        '/locations',
        '/inventory',
        '/assets',
        '/jobs',
        '/reports',
        '/reports/haccp',
        '/account',
      ],
      'manager, es-MX',
    );
  });
});

test.describe('the dashboard on a phone', () => {
  test.use({ viewport: PHONE });

  test('alarms come first as cards, and one tap acknowledges one', async ({ page, loginAs, apiAs }) => {
    const api = await apiAs(DEMO.admin);
    await loginAs(DEMO.admin);
    const typesAsked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/alarm-types') typesAsked.push(r.url());
    });
    await open(page, '/?status=active');
    // The filters wait behind a button, and their options are asked for when it is first tapped; the
    // alarms are cards with severity, place and time.
    await expect(page.getByRole('list', { name: 'Alarms' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByLabel('Severity')).toBeHidden();
    expect(typesAsked).toEqual([]);
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByLabel('Severity')).toBeVisible();
    await expect.poll(() => typesAsked.length).toBe(1);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const cards = page.getByRole('list', { name: 'Alarms' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = cards.first();
    const button = card.getByRole('button', { name: /^Acknowledge alarm \d+$/ });
    const ref = Number((await button.getAttribute('aria-label'))?.replace(/\D/g, ''));
    // Within the first screen: no scrolling needed to act on the newest alarm.
    const box = await button.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await expect(card.getByText(/High|Critical|Medium|Low/).first()).toBeVisible();
    await expect(card.locator('time')).toBeVisible();

    await button.click();
    await expect(page.getByText('The alarm was acknowledged.')).toBeVisible();
    const alarm = await api.get<{ data: { status: string } }>(`alarms/${ref}`);
    expect(alarm.data.status).toBe('acknowledged');
    // The active list no longer shows it.
    await expect(page.getByRole('button', { name: `Acknowledge alarm ${ref}` })).toHaveCount(0);
  });
});

/** The first open alarms (of the given status) whose condition_present is as asked. */
async function alarmWhere(api: Api, status: string, present: boolean | null): Promise<number> {
  const list = await api.get<Listed>(`alarms?status=${status}&per_page=50`);
  for (const a of list.data) {
    const detail = await api.get<{ data: { condition_present: boolean | null } }>(`alarms/${a.ref}`);
    if (detail.data.condition_present === present) return a.ref as number;
  }
  throw new Error(`no ${status} alarm with condition_present ${present}`);
}

test.describe('the clear dialog', () => {
  test('warns when the condition is still present and offers Acknowledge instead', async ({ page, loginAs, apiAs }) => {
    const api = await apiAs(DEMO.admin);
    // Without the simulated fleet the demo's controllers are offline: their offline alarms' condition holds.
    const ref = await alarmWhere(api, 'active', true);
    await page.setViewportSize(PHONE);
    await loginAs(DEMO.admin);
    await open(page, `/alarms/${ref}/view`);
    await expect(page.getByText('Condition still present')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Alarm' }).click();
    const dialog = page.getByRole('dialog', { name: `Clear alarm #${ref}?` });
    await expect(dialog.getByText('The condition is still present; it will be raised again.')).toBeVisible();
    await expectAccessible(page, 'clear dialog, condition present');
    await dialog.getByRole('button', { name: 'Acknowledge instead' }).click();
    await expect(dialog).toBeHidden();
    expect((await api.get<{ data: { status: string } }>(`alarms/${ref}`)).data.status).toBe('acknowledged');
  });

  test('says so in Spanish, and clears anyway when asked', async ({ page, loginAs, apiAs }) => {
    const ref = await alarmWhere(await apiAs(DEMO.manager), 'active,acknowledged', true);
    await loginAs(DEMO.manager);
    await open(page, `/alarms/${ref}/view`);
    await page.getByRole('button', { name: 'Resolver alarma' }).click();
    const dialog = page.getByRole('dialog', { name: `¿Resolver la alarma #${ref}?` });
    await expect(dialog.getByText('La condición sigue presente; la alarma se generará de nuevo.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Resolver de todos modos' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Resolver alarma' })).toHaveCount(0);
  });

  test('asks plainly when the condition has ended', async ({ page, loginAs, apiAs }) => {
    const ref = await alarmWhere(await apiAs(DEMO.admin), 'active,acknowledged', false);
    await loginAs(DEMO.admin);
    await open(page, `/alarms/${ref}/view`);
    await expect(page.getByText('Condition ended')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Alarm' }).click();
    const dialog = page.getByRole('dialog', { name: `Clear alarm #${ref}?` });
    await expect(dialog.getByText(/still present/)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Acknowledge instead' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Clear Alarm' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Clear Alarm' })).toHaveCount(0);
  });
});
