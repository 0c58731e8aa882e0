import { DEMO, expect, test } from '../support/fixtures.ts';

/** The entry module the built page names (`<script type="module" src="/assets/index-….js">`). */
async function entryOf(request: { get: (url: string) => Promise<{ text: () => Promise<string> }> }, base: string) {
  const html = await (await request.get(`${base}/`)).text();
  const src = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('the page names no entry module');
  return src;
}

test("the page's first script asks for the page's code, the shell's and the user before the app runs", async ({
  page,
  request,
  baseURL,
  loginAs,
}) => {
  await loginAs(DEMO.technician);
  // The app's own code never arrives: whatever is asked for comes from the inline first script.
  const entry = await entryOf(request, baseURL ?? '');
  await page.route(`**${entry}`, (route) => route.abort());
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  const user = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/user');
  const pageCode = page.waitForRequest(/\/assets\/jobs-page-[\w-]+\.js$/);
  await page.goto('/jobs');
  expect((await user).headers().authorization).toMatch(/^Bearer /);
  await pageCode;
  await expect.poll(() => asked.some((p) => /\/assets\/app-shell-[\w-]+\.js$/.test(p))).toBe(true);
  expect(asked.filter((p) => /\/assets\/en-US(-app)?-[\w-]+\.js$/.test(p))).toHaveLength(2);
  // No other page's code.
  expect(asked.some((p) => /\/assets\/dashboard-page-/.test(p))).toBe(false);
});

test('on the dashboard it also asks for what the screen reads, once the user is known', async ({
  page,
  request,
  baseURL,
  loginAs,
}) => {
  await loginAs(DEMO.admin);
  await page.setViewportSize({ width: 390, height: 844 });
  const entry = await entryOf(request, baseURL ?? '');
  await page.route(`**${entry}`, (route) => route.abort());
  const asked = (path: string) =>
    page.waitForRequest((r) => `${new URL(r.url()).pathname}${new URL(r.url()).search}` === path);
  const reads = [
    // A phone's list: active alarms, critical on top.
    asked('/api/alarms?status=active&sort=-severity&per_page=25'),
    asked('/api/alarms/stats'),
    asked('/api/alarms/floods'),
    asked('/api/oncall/now'),
    // The shell's banners (an administrator's).
    asked('/api/settings/email'),
    asked('/api/admin/storage'),
  ];
  await page.goto('/');
  for (const read of reads) expect((await read).headers().authorization).toMatch(/^Bearer /);
});

test('signed out, it asks only for the strings of the sign-in page', async ({ page, request, baseURL }) => {
  const entry = await entryOf(request, baseURL ?? '');
  await page.route(`**${entry}`, (route) => route.abort());
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  const strings = page.waitForRequest(/\/assets\/en-US-[\w-]+\.js$/);
  await page.goto('/user/login');
  await strings;
  expect(asked.filter((p) => p.startsWith('/api/'))).toEqual([]);
  expect(asked.some((p) => /\/assets\/(app-shell|en-US-app)-/.test(p))).toBe(false);
});

test('the app takes the early answers: one request for the user and for each read that no event refreshes', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.admin);
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) reads.push(`${url.pathname}${url.search}`);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^(Dashboard|Tablero)$/ })).toBeVisible();
  await expect(page.getByText(/Live|En vivo/)).toBeVisible();
  expect(reads).toContain('/api/alarms/floods');
  // Asked for early and taken by the app. (What events keep live, the alarms say, is read once more when
  // the socket listens: it was read before anyone could hear of a change.)
  for (const read of ['/api/auth/user', '/api/settings/email', '/api/admin/storage']) {
    expect(reads.filter((url) => url === read)).toEqual([read]);
  }
});

test('the page icon is part of the page: no request for it', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  const icons: string[] = [];
  page.on('request', (r) => {
    if (/\.svg$/.test(new URL(r.url()).pathname)) icons.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^(Dashboard|Tablero)$/ })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
  expect(icons).toEqual([]);
});

test('a first page whose user cannot be had (the server unreachable) shows that it is loading, not a blank page', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.admin);
  await page.route('**/api/auth/user', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: /Loading|Cargando/ })).toBeVisible({ timeout: 10_000 });
});
