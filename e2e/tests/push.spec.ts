import { chromium } from '@playwright/test';
import { FULL_CHROMIUM } from '../support/browser.ts';
import { DEMO, test as demoTest, expect, expectAccessible } from '../support/fixtures.ts';

// Push and notifications need the full browser (the headless shell has neither): this file's pages
// open in one launched for each test, while the worker keeps its headless shell and its demo server.
const test = demoTest.extend({
  context: async ({ baseURL, locale }, use) => {
    const browser = await chromium.launch(FULL_CHROMIUM);
    const context = await browser.newContext({ baseURL, locale });
    await use(context);
    await browser.close();
  },
});

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test('the console is installable: its manifest is linked and names real 192/512 icons, maskable too', async ({
  page,
  request,
}) => {
  await page.goto('/user/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Refrigeration Console', start_url: '/', display: 'standalone' });
  for (const purpose of ['any', 'maskable'])
    for (const size of [192, 512]) {
      const icon = manifest.icons.find(
        (i: { sizes: string; purpose: string }) => i.sizes === `${size}x${size}` && i.purpose === purpose,
      );
      const res = await request.get(icon.src);
      expect(res.headers()['content-type']).toContain('image/png');
      expect(pngSize(await res.body())).toEqual([size, size]);
    }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
});

test('the service worker shows a pushed alarm with Acknowledge and Open; the account page offers push', async ({
  page,
  loginAs,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  await page.context().grantPermissions(['notifications'], { origin });
  await loginAs(DEMO.technician);
  await page.evaluate(() => localStorage.setItem('locale', 'en-US'));
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Push on your devices' });
  await expect(section.getByRole('button', { name: 'Enable push on this device' })).toBeVisible();
  await expect(section.getByText('No device receives push yet.')).toBeVisible();
  await expectAccessible(page, 'account page with push');

  // The worker the console registers when push is enabled; a push delivered as a push service would.
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    return (await navigator.serviceWorker.ready).scope;
  });
  expect(scope).toBe(`${origin}/`);
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const mine = e.registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const payload = {
    kind: 'alarm',
    ref: 4242,
    severity: 'critical',
    title: 'Critical: High discharge pressure #4242',
    body: 'Store 12, Rack A (since 3:12 AM)',
    place: 'Store 12, Rack A',
    what: 'High discharge pressure',
    raised_at: new Date().toISOString(),
    locale: 'en-US',
    url: `${origin}/alarms/4242/view`,
    ack: { token: 't', url: `${origin}/a/t`, api: `${origin}/api/ack-links/t` },
    actions: { acknowledge: 'Acknowledge', open: 'Open' },
    badge: 3,
  };
  const id = await registrationId;
  // Delivered again until shown: a push that reaches the worker while the loaded machine is still
  // starting it may be dropped, and the notification's tag makes a repeat replace, not add.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              actions: (n as Notification & { actions?: { action: string; title: string }[] }).actions?.map(
                (a) => `${a.action}:${a.title}`,
              ),
            })),
          ),
        { timeout: 5_000 },
      )
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          tag: 'alarm-4242',
          actions: ['acknowledge:Acknowledge', 'open:Open'],
        },
      ]);
  }).toPass({ timeout: 30_000 });
});
