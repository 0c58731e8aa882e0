import { DEMO, expect, test } from '../support/fixtures.ts';

/** What holds keyboard focus: the element's tag and text, or 'BODY'. */
async function focused(page: import('@playwright/test').Page): Promise<{ tag: string; text: string }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName ?? 'BODY', text: (el?.textContent ?? '').trim() };
  });
}

test('after a navigation through the main menu the new page’s heading holds focus', async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(DEMO.admin);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, heading] of [
    ['Controllers', 'Controllers'],
    ['Jobs', 'Jobs'],
    ['Dashboard', 'Dashboard'],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
    expect(await focused(page)).toEqual({ tag: 'H1', text: heading });
  }
  // Keyboard users go on from the heading into the page: Tab leaves the heading for the page's content.
  await page.keyboard.press('Tab');
  expect((await focused(page)).tag).not.toBe('BODY');
});

test('the heading of a record’s page holds focus after its loading state', async ({ page, loginAs }) => {
  await loginAs(DEMO.admin);
  await page.goto('/');
  const alarm = page.locator('main a[href^="/alarms/"][href$="/view"]').first();
  const href = (await alarm.getAttribute('href')) ?? '';
  await alarm.click();
  await expect(page).toHaveURL(href);
  // The alarm page's heading, after its "loading" heading gave way to the record's.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Dashboard');
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('deleting a row through its dialog leaves focus on the page, not on the body', async ({
  page,
  loginAs,
  apiAs,
}) => {
  const api = await apiAs(DEMO.technician);
  const options = await api.get<{ data: { locations: { id: number; name: string }[] } }>('assets/options');
  const location = options.data.locations[0];
  for (const serial of ['E2E-FOCUS-1', 'E2E-FOCUS-2']) {
    const created = await api.post('assets', {
      location_id: location?.id,
      type: 'condenser',
      name: `Focus condenser ${serial}`,
      serial,
    });
    expect(created.status()).toBe(201);
  }

  await loginAs(DEMO.technician);
  await page.goto('/assets?q=E2E-FOCUS');
  await page.getByRole('button', { name: `Delete Focus condenser E2E-FOCUS-1 · ${location?.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Focus condenser E2E-FOCUS-1?' });
  await dialog.getByRole('button', { name: 'Delete asset' }).click();
  await expect(page.getByText('Focus condenser E2E-FOCUS-1 was deleted.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'E2E-FOCUS-1', exact: true })).toHaveCount(0);
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await focused(page)).tag).not.toBe('BODY');
  // Where it went: the page's heading (the list it was in), from which Tab reaches the remaining row.
  await expect(page.getByRole('heading', { level: 1, name: 'Assets' })).toBeFocused();
});
