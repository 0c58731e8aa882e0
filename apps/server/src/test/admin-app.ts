import { afterAll, beforeAll } from 'vitest';
import { createTestApp, login, type TestApp } from './app.ts';

/** The demo app and the administrator's sign-in of the test file that called useAdminApp, once its beforeAll has run. */
export let t: TestApp;
export let admin: string;

/** Opens the demo app for the calling test file (its beforeAll), signs the administrator in, and closes it afterwards. */
export function useAdminApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'admin@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });
}
