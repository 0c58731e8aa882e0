import type { Page } from '@playwright/test';
import { startTestSmtp } from '../../apps/server/src/test/smtp.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// A console of its own: an empty database (SEED_DEMO=false), its email through a real SMTP server.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
const ADMIN = { email: 'alma@polar.example', password: 'cold-chain-2026' };

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    SEED_DEMO: 'false',
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'Console <console@polar.example>',
    DEVICE_PROVISIONING_KEY: 'e2e-provisioning-key',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The path of the newest "choose a password" link emailed to `to`, as it arrived over SMTP. */
async function emailedLink(to: string, count = 1): Promise<string> {
  let path = '';
  await expect(async () => {
    const mails = smtp.messages.filter((m) => m.to.includes(to));
    expect(mails.length).toBeGreaterThanOrEqual(count);
    const match = /\/user\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mails.at(-1)?.body ?? '');
    expect(match).not.toBeNull();
    path = match?.[0] ?? '';
  }).toPass({ timeout: 20_000 });
  return path;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new console is set up in the browser: the first administrator lands signed in', async ({ newPage }) => {
  const page = await newPage({ baseURL: server.url });
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up the console' })).toBeVisible();
  await expectAccessible(page, 'setup');

  await page.getByLabel('Company name').fill('Polar Service Co.');
  await page.getByLabel('Your name').fill('Alma Reyes');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await page.getByLabel('Password again').fill('password2');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByText('This password is too easy to guess')).toBeVisible();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Password again').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Administrator');

  // Once set up, /setup sends a signed-out visitor to the sign-in page.
  const visitor = await newPage({ baseURL: server.url });
  await visitor.goto('/setup');
  await expect(visitor).toHaveURL(/\/user\/login$/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
});

test('an administrator creates a user, who chooses a password from the emailed link', async ({ newPage }) => {
  const page = await newPage({ baseURL: server.url });
  await page.goto('/user/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/settings/users');
  await page.getByRole('link', { name: 'Create user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New user' })).toBeVisible();
  await expectAccessible(page, 'new user');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();

  await page.getByLabel('Name').fill('Terry Técnico');
  await page.getByLabel('Email').fill('terry@polar.example');
  await page.getByLabel('Phone').fill('+52 81 5555 0101');
  await page.getByLabel('Role').selectOption({ label: 'Administrator' });
  await page.getByLabel('Language').selectOption({ label: 'Español' });
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created. terry@polar.example has been emailed a link')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'terry@polar.example' })).toBeVisible();

  const link = await emailedLink('terry@polar.example');
  const mail = smtp.messages.find((m) => m.to.includes('terry@polar.example'));
  expect(mail?.subject).toBe('Tu cuenta de la consola de refrigeración');

  const invitee = await newPage({ baseURL: server.url });
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(invitee.getByText('For Terry Técnico (terry@polar.example)')).toBeVisible();
  await expectAccessible(invitee, 'choose a password');
  await invitee.getByLabel('New password', { exact: true }).fill('walk-in-cooler-5');
  await invitee.getByLabel('New password again').fill('walk-in-cooler-5');
  await invitee.getByRole('button', { name: 'Save the password' }).click();
  await expect(invitee.getByText('Your password is saved. Sign in with it.')).toBeVisible();
  await signIn(invitee, 'terry@polar.example', 'walk-in-cooler-5');
  await expect(invitee.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();

  // The link worked once.
  const again = await newPage({ baseURL: server.url });
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
});

test('a forgotten password is reset through the emailed link, which ends the old sessions', async ({ newPage }) => {
  const signedIn = await newPage({ baseURL: server.url });
  await signedIn.goto('/user/login');
  await signIn(signedIn, ADMIN.email, ADMIN.password);
  await expect(signedIn.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const page = await newPage({ baseURL: server.url });
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page, 'forgot password');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${ADMIN.email} belongs to an account`);

  const link = await emailedLink(ADMIN.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('frosty-evaporator-7');
  await page.getByLabel('New password again').fill('frosty-evaporator-7');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await signIn(page, ADMIN.email, 'frosty-evaporator-7');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The session opened with the old password has ended: its next request goes to the sign-in page.
  await signedIn.goto('/settings/users');
  await expect(signedIn).toHaveURL(/\/user\/login/);
  ADMIN.password = 'frosty-evaporator-7';
});

test('an administrator deletes a user after a confirmation that says what stays', async ({ newPage }) => {
  const page = await newPage({ baseURL: server.url });
  await page.goto('/user/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/settings/users');
  await page.getByRole('link', { name: /Edit.*Terry/ }).click();
  await page.getByRole('button', { name: 'Delete user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Terry Técnico?' });
  await expect(dialog).toContainText('Their name stays on the alarms, notes, jobs and audit entries');
  await expectAccessible(page, 'delete user dialog');
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('Terry Técnico was deleted.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'terry@polar.example' })).toHaveCount(0);
  // Nobody deletes themselves: their own page has no such button.
  await page.getByRole('link', { name: /Edit.*Alma/ }).click();
  await expect(page.getByText('This is your own account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete user' })).toHaveCount(0);
});
