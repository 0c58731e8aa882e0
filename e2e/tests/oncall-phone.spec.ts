import type { Locator } from '@playwright/test';
import { DEMO, expect, expectAccessible, PASSWORD, test } from '../support/fixtures.ts';

// The on-call path on a phone: from the sign-in page to the critical alarm acknowledged.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Listed = { data: { ref: number; severity: string; status: string }[] };

test('from sign-in to acknowledging the critical alarm takes at most 6 taps', async ({ page, apiAs }) => {
  const api = await apiAs(DEMO.technician);
  // The newest active critical alarm the technician can see: what the phone must put on top.
  const [critical] = (await api.get<Listed>('alarms?status=active&severity=critical&sort=-raised_at&per_page=1')).data;
  if (!critical) throw new Error('the demo has no active critical alarm');

  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.tap();
  };
  await page.goto('/user/login');
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await tap(page.getByLabel('Email address'));
  await page.keyboard.type(DEMO.technician);
  await tap(page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  await tap(page.getByRole('button', { name: 'Sign in', exact: true }));

  // The first screen: active alarms only, critical on top, the "Active" quick filter on.
  const quick = page.getByRole('group', { name: 'Quick filters' });
  await expect(quick.getByRole('button', { name: 'Active', pressed: true })).toBeVisible();
  const first = page.getByRole('article').first();
  await expect(first).toContainText(`#${critical.ref}`);
  await expect(first).toContainText('Critical');
  await tap(first.getByRole('button', { name: `Acknowledge alarm ${critical.ref}` }));
  await expect(page.getByText('The alarm was acknowledged.').first()).toBeVisible();

  const after = await api.get<{ data: { status: string } }>(`alarms/${critical.ref}`);
  expect(after.data.status).toBe('acknowledged');
  expect(taps).toBeLessThanOrEqual(6);
});

test('the quick filters Active, Critical and Mine are one tap each', async ({ page, loginAs, apiAs }) => {
  await loginAs(DEMO.technician);
  const me = await (await apiAs(DEMO.technician)).get<{ data: { id: number } }>('auth/user');
  await page.goto('/');
  const group = page.getByRole('group', { name: 'Quick filters' });
  await expect(group.getByRole('button', { name: 'Active', pressed: true })).toBeVisible();
  await expectAccessible(page, 'phone dashboard with quick filters');

  await group.getByRole('button', { name: 'Critical' }).tap();
  await expect(page).toHaveURL(/severity=critical/);
  await expect(group.getByRole('button', { name: 'Critical', pressed: true })).toBeVisible();
  // The previous list stays on screen until the filtered one arrives: wait until no card is of another
  // severity (a snapshot of the cards taken at once could still hold the previous list's).
  const cards = page.getByRole('article');
  await expect(cards.filter({ hasNotText: 'Critical' })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: 'Critical' })).toHaveCount(0);

  await group.getByRole('button', { name: 'Mine' }).tap();
  await expect(page).toHaveURL(new RegExp(`paged_user_id=${me.data.id}`));
  await expect(group.getByRole('button', { name: 'Mine', pressed: true })).toBeVisible();

  await group.getByRole('button', { name: 'Active' }).tap();
  await expect(page).toHaveURL(/status=active/);
  await expect(page).not.toHaveURL(/paged_user_id|severity=/);
  await expect(group.getByRole('button', { name: 'Active', pressed: true })).toBeVisible();
});
