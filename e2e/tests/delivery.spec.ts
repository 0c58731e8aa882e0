import { DEMO, expect, test } from '../support/fixtures.ts';

// What Lighthouse checks of how the console is delivered, on the built product (bench/results/lighthouse.md).

test('the sign-in page and the dashboard run under the CSP without a single violation', async ({ page, loginAs }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await loginAs(DEMO.admin);
  await page.goto('/');
  // The alarm list is drawn with the schemas' parsed answers (zod runs for every response).
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acknowledge' }).first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('the page describes itself, robots.txt is a robots file, and files come compressed', async ({ page, request }) => {
  await page.goto('/user/login');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /refrigeration/i);

  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);

  // The entry's code (the entry module itself only imports it).
  const script = await page.locator('link[rel="modulepreload"][href^="/assets/initial-"]').getAttribute('href');
  expect(script).toMatch(/^\/assets\/initial-.+\.js$/);
  // Node's fetch sends the header asked for and decodes the brotli body it gets back.
  const res = await fetch(new URL(script ?? '', page.url()), { headers: { 'accept-encoding': 'br' } });
  expect(res.headers.get('content-encoding')).toBe('br');
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  expect(await res.text()).toContain('import');
});
