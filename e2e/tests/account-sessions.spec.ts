import { apiAs } from '../support/api.ts';
import { DEMO, expect, expectAccessible, PASSWORD, test } from '../support/fixtures.ts';

// The worker's server serves the spec files after this one: the person's language goes back to English.
test.afterEach(async ({ request, baseURL }) => {
  const { token } = await apiAs(request, baseURL ?? '', DEMO.viewer);
  const res = await request.patch(`${baseURL}/api/account`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Val Viewer', email: DEMO.viewer, language: 'en-US' },
  });
  expect(res.status(), await res.text()).toBe(200);
});

for (const [locale, words] of [
  ['en-US', { section: 'Where you are signed in', thisOne: 'This browser', endOthers: 'End all other sessions' }],
  [
    'es-MX',
    {
      section: 'Dónde tienes la sesión iniciada',
      thisOne: 'Este navegador',
      endOthers: 'Cerrar todas las demás sesiones',
    },
  ],
] as const) {
  test(`the account lists its sessions and ends the others (${locale})`, async ({ page, loginAs }) => {
    const session = await loginAs(DEMO.viewer);
    const language = await page.request.patch('/api/account', {
      headers: { Authorization: `Bearer ${session}` },
      data: { name: 'Val Viewer', email: DEMO.viewer, language: locale },
    });
    expect(language.status(), await language.text()).toBe(200);
    // A second sign-in, from another browser.
    const other = await page.request.post('/api/auth/login', {
      headers: { 'User-Agent': `Kiosk browser ${locale}` },
      data: { email: DEMO.viewer, password: PASSWORD },
    });
    const otherToken = (other.headers().authorization ?? '').replace(/^Bearer /, '');
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.goto('/account');
    const section = page.getByRole('region', { name: words.section });
    await expect(section.getByText(words.thisOne)).toBeVisible();
    await expect(section.getByText(`Kiosk browser ${locale}`)).toBeVisible();
    await expectAccessible(page, `account sessions ${locale}`);

    await section.getByRole('button', { name: words.endOthers }).click();
    await page.getByRole('dialog').getByRole('button', { name: words.endOthers }).click();
    await expect(section.getByText(`Kiosk browser ${locale}`)).toHaveCount(0);
    const me = await page.request.get('/api/auth/user', { headers: { Authorization: `Bearer ${otherToken}` } });
    expect(me.status()).toBe(401);
    await expect(section.getByText(words.thisOne)).toBeVisible();
  });
}

test('an administrator ends every session of a user from the user page', async ({ page, loginAs }) => {
  const viewer = await page.request.post('/api/auth/login', { data: { email: DEMO.viewer, password: PASSWORD } });
  const viewerToken = (viewer.headers().authorization ?? '').replace(/^Bearer /, '');
  const me = await page.request.get('/api/auth/user', { headers: { Authorization: `Bearer ${viewerToken}` } });
  const id = (await me.json()).data.id as number;
  await loginAs(DEMO.admin);
  await page.goto(`/settings/users/${id}/edit`);
  await page.getByRole('button', { name: 'End all sessions' }).click();
  await expectAccessible(page, 'end a user’s sessions');
  await page.getByRole('dialog').getByRole('button', { name: 'End all sessions' }).click();
  await expect(page.getByText('Every session of Val Viewer ended.')).toBeVisible();
  const after = await page.request.get('/api/auth/user', { headers: { Authorization: `Bearer ${viewerToken}` } });
  expect(after.status()).toBe(401);
});
