import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '../support/fixtures.ts';

test('the user menu shows who is signed in and the spec’s entries', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Alex Admin')).toBeVisible();
  await expect(menu.getByText('Administrator')).toBeVisible();
  await expect(menu.getByText('Service Desk')).toBeVisible();
  for (const entry of ['Search', 'Account Settings', 'Settings', 'Legal Policies', 'Logout']) {
    await expect(menu.getByRole('menuitem', { name: new RegExp(`^${entry}`) })).toBeVisible();
  }
  await expect(menu.getByText('Update Your Account Settings')).toBeVisible();
  await expect(menu.getByText('Modify System Settings')).toBeVisible();
  await expect(menu.getByText('Terms & Privacy Policy')).toBeVisible();
});

test('settings is not offered to a user without settings_view', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menuitem', { name: /^Account Settings/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Settings/ })).toHaveCount(0);
});

test('the search bar submits to the search page with q', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search' }).first();
  await box.fill('FreshMart 101');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=FreshMart(\+|%20)101$/);
  await expect(page.getByText('Results for “FreshMart 101”')).toBeVisible();
});

test('the mobile sidebar lists the same entries', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await loginAs(DEMO.viewer);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/');
  await page.getByRole('button', { name: /Open main menu|Abrir el menú principal/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link')).toHaveText(['Dashboard', 'FreshMart Foods', 'Locations', 'Controllers']);
  await dialog.getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the pending-controllers panel lists pending controllers, then says All Done! once none are left', async ({
  page,
  loginAs,
  request,
  baseURL,
}) => {
  const token = await loginAs(DEMO.admin);
  const headers = { Authorization: `Bearer ${token}` };
  const listed = (await (await request.get(`${baseURL}/api/controllers/unauthorised`, { headers })).json()) as {
    data: unknown[];
  };
  expect(listed.data.length).toBeGreaterThan(0);
  await page.goto('/');
  await page.getByRole('button', { name: 'Controllers pending authorization' }).click();
  const panel = page.getByRole('dialog', { name: 'Controllers Pending Authorization' });
  await expect(panel.getByText(/will not gather metrics or produce alarms/)).toBeVisible();
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(listed.data.length);
  await expect(rows.first().getByText('Pending Authorization')).toBeVisible();
  await expect(panel.getByText('Unnamed controller').first()).toBeVisible();
  const first = rows.first().getByRole('link', { name: /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/ });
  await expect(first).toHaveAttribute('href', /\/controllers\/\d+\/authorise$/);
  const authorize = rows.first().getByRole('link', { name: /^Authorize ([0-9a-f]{2}:){5}[0-9a-f]{2}$/ });
  await expect(authorize).toHaveAttribute('href', (await first.getAttribute('href')) ?? '');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // Authorize every pending controller through the API; the panel reloads on its next opening.
  const pending = (await (await request.get(`${baseURL}/api/controllers/unauthorised`, { headers })).json()) as {
    data: { id: number }[];
  };
  for (const c of pending.data) {
    const res = await request.post(`${baseURL}/api/controllers/${c.id}/authorise`, {
      headers,
      data: { organization_id: 2, location_id: 2, name: `Authorized ${c.id}` },
    });
    expect(res.status()).toBe(200);
  }
  await page.getByRole('button', { name: 'Controllers pending authorization' }).click();
  await expect(panel.getByText('All Done!')).toBeVisible();
  await expect(panel.getByText('There are no controllers left to authorize.')).toBeVisible();
});

/**
 * Opens the administrator's dashboard at the given size, recording its layout shifts from the first
 * frame on (read with `layoutShifts`).
 */
async function openDashboardRecordingShifts(
  page: Page,
  loginAs: (email: string) => Promise<string>,
  viewport: { width: number; height: number },
) {
  await page.setViewportSize(viewport);
  await loginAs(DEMO.admin);
  await page.addInitScript(() => {
    type Shift = { value: number; sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[] };
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Shift[]) {
        // What moved, and from where to where: the failure says which part of the page jumped.
        const moved = e.sources.map(
          (s) => `${s.node?.textContent?.slice(0, 40)}: y ${s.previousRect.y} → ${s.currentRect.y}`,
        );
        shifts.push({ value: e.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
}

async function layoutShifts(page: Page) {
  // Layout shifts are reported after the frame that made them.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
  return page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
}

test('on a phone the shell’s banners are in place on the first render: nothing moves when they load', async ({
  page,
  loginAs,
}) => {
  await openDashboardRecordingShifts(page, loginAs, { width: 412, height: 823 });
  // The demo has no mail server: administrators see the banner saying so above every page.
  await expect(page.getByText('Email is not being sent.')).toBeVisible();
  await expect(page.getByRole('article').nth(2)).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
});

test('on a desktop the dashboard’s panels above the alarm list are in place on its first render', async ({
  page,
  loginAs,
}) => {
  await openDashboardRecordingShifts(page, loginAs, { width: 1280, height: 800 });
  // The demo's rota: "On call now" sits above the list on a desktop.
  await expect(page.getByRole('heading', { name: 'On call now' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(3)).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);
});
