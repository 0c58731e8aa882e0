import { defineConfig } from '@playwright/test';
import { DEFAULT_BROWSER } from './support/browser.ts';

const MAILING = /\/oncall(-settings)?\.spec\.ts$/;

/**
 * The real built product: each worker starts its own on a free port with a fresh demo database
 * (support/fixtures.ts `demoServer`), so two spec files run side by side without seeing each other's
 * changes; the tests of one file run in order.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two workers share two cores with their servers: a test of several pages and axe scans needs more than 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    launchOptions: DEFAULT_BROWSER,
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  // A worker's demo server is set by its spec file's fixtures, and a file needing another one starts
  // another worker (a demo seed of about 16 s). The specs whose demo server sends email over SMTP
  // (support/mailing-demo.ts) run after the rest, so each slot changes servers once.
  projects: [
    { name: 'console', testIgnore: MAILING },
    { name: 'mailing', testMatch: MAILING },
  ],
});
