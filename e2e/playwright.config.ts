import { defineConfig } from '@playwright/test';
import { DEFAULT_BROWSER } from './support/browser.ts';

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
});
