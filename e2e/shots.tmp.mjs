import { chromium } from '@playwright/test';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function session(email, locale) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  const res = await page.request.post(base + '/api/auth/login', { data: { email, password: 'demo1234' } });
  const token = res.headers().authorization.replace('Bearer ', '');
  await page.goto(base + '/user/login');
  await page.evaluate(([t, l]) => { localStorage.setItem('auth_token_default', t); localStorage.setItem('auth_stay_signed_in', 'true'); localStorage.setItem('locale', l); }, [token, locale]);
  return page;
}
const shots = [
  ['admin@example.com', 'en-US', '/organizations', 'orgs'],
  ['admin@example.com', 'en-US', '/organizations/2/view', 'org-view'],
  ['admin@example.com', 'en-US', '/settings/roles/1/edit', 'role-edit'],
  ['admin@example.com', 'en-US', '/settings/audit-log', 'audit'],
  ['technician@example.com', 'en-US', '/inventory', 'inventory'],
  ['technician@example.com', 'en-US', '/assets', 'assets'],
  ['admin@example.com', 'en-US', '/reports/haccp', 'haccp'],
  ['admin@example.com', 'en-US', '/reports/rack_manually_on', 'manual-on'],
  ['technician@example.com', 'en-US', '/jobs', 'jobs'],
  ['admin@example.com', 'en-US', '/search?q=frehsmart', 'search'],
  ['manager@example.com', 'es-MX', '/', 'dashboard-es'],
  ['manager@example.com', 'es-MX', '/jobs', 'jobs-es'],
];
for (const [email, locale, path, name] of shots) {
  const page = await session(email, locale);
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  await page.context().close();
}
await browser.close();
