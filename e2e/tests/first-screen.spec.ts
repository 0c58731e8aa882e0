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

test('the app takes the early answer: one request for the user', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  const users: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/user') users.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^(Dashboard|Tablero)$/ })).toBeVisible();
  await expect(page.getByText(/Live|En vivo/)).toBeVisible();
  expect(users).toHaveLength(1);
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
