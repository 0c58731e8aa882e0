import { startTestSmtp } from '../../apps/server/src/test/smtp.ts';
import { test as demoTest } from './fixtures.ts';
import { type RunningServer, startServer } from './server.ts';

type Smtp = Awaited<ReturnType<typeof startTestSmtp>>;

/**
 * A `test` whose worker's demo server sends its email through a real SMTP server in the worker (the
 * server tests' `startTestSmtp`), so a page is seen arriving as mail. The on-call specs use it.
 */
export const test = demoTest.extend<object, { mail: Smtp; demoServer: RunningServer }>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
    async ({}, use) => {
      const smtp = await startTestSmtp();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  demoServer: [
    async ({ mail }, use) => {
      const server = await startServer({ SEED_DEMO: 'true', DEMO_FLEET: 'false', SMTP_URL: mail.url });
      process.env.E2E_MQTT_URL = server.mqttUrl;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});
