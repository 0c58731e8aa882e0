import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, type BrowserContextOptions, test as base, expect, type Page } from '@playwright/test';
import { type Api, apiAs } from './api.ts';
import { type RunningServer, startServer } from './server.ts';

export const DEMO = {
  admin: 'admin@example.com',
  manager: 'manager@example.com',
  technician: 'technician@example.com',
  viewer: 'viewer@example.com',
} as const;
export const PASSWORD = 'demo1234';

type WorkerFixtures = {
  /**
   * The demo product of this worker: each Playwright worker starts its own built server on a fresh
   * PGlite directory, so workers never see each other's changes and spec files may run side by side.
   */
  demoServer: RunningServer;
};

type Fixtures = {
  /** Signs in through the API and puts the token where the SPA keeps it. */
  loginAs: (email: string) => Promise<string>;
  /** Signs in through the API, for the calls a test seeds or checks with. */
  apiAs: (email: string) => Promise<Api>;
  /**
   * A page in a browser context of its own (another person's browser, or a console of its own with
   * `baseURL`), closed with its context when the test ends: a page left open keeps its console
   * running, and its sockets and timers load the machine for the rest of the worker's tests.
   */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  demoServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      // The tests drive their own simulated controllers; a background fleet would make counts move.
      // Its single sign-on may use an http:// issuer and its webhooks private addresses: the sso and
      // webhooks specs' provider and receiver listen on loopback in the worker.
      const server = await startServer({
        SEED_DEMO: 'true',
        DEMO_FLEET: 'false',
        SSO_ALLOW_INSECURE: 'true',
        WEBHOOK_ALLOW_PRIVATE: 'true',
      });
      // The simulated controllers of this worker's tests connect here (support/devices.ts).
      process.env.E2E_MQTT_URL = server.mqttUrl;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ demoServer }, use) => {
    await use(demoServer.url);
  },
  apiAs: async ({ request, baseURL }, use) => {
    await use((email) => apiAs(request, baseURL ?? '', email));
  },
  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
  loginAs: async ({ page, apiAs: signIn }, use) => {
    await use(async (email) => {
      const { token } = await signIn(email);
      // Any page of the console's origin holds its storage: a static file, so the console itself is
      // not started here only to be left for the test's first page.
      await page.goto('/robots.txt');
      await page.evaluate((t) => {
        localStorage.setItem('auth_token_default', t);
        localStorage.setItem('auth_stay_signed_in', 'true');
      }, token);
      return token;
    });
  },
});

export { expect };

/**
 * Zero axe-core violations (WCAG 2.1 A and AA) on the page at rest: once its finite animations and
 * transitions have ended (a toast or a dialog caught fading in reads as low contrast); a spinner's
 * endless one does not count.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  // Legacy mode runs axe.run() in the page itself; the default runs each frame apart and then opens a
  // blank page to combine them (for cross-origin frames, which the console has none of): half the time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Waits for the toasts to close. sonner keeps older toasts stacked behind the newest one, dimmed, and
 * axe reads those as low contrast: a page is judged once they are gone (the pointer moves off them
 * first: sonner holds its toasts while hovered).
 */
export async function toastsGone(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/** Signs out through the console's own page and waits for the sign-in page. */
export async function signOutThroughPage(page: Page): Promise<void> {
  await page.goto('/user/logout');
  await expect(page).toHaveURL(/\/user\/login/);
}

/** The sign-in form filled and sent: the demo password unless the spec's own user has another. */
export async function signInThroughForm(
  page: Page,
  email: string,
  opts: { stay?: boolean; password?: string } = {},
): Promise<void> {
  await page.getByLabel(/Email address|Correo electrónico/).fill(email);
  await page.getByLabel(/^Password$|^Contraseña$/).fill(opts.password ?? PASSWORD);
  if (opts.stay) await page.getByLabel(/Stay signed in|Mantener/).check();
  await page.getByRole('button', { name: /^Sign in$|^Iniciar sesión$/ }).click();
}
