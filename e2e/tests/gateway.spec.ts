import type { BrowserContextOptions, Page } from '@playwright/test';
import type { TestModbusServer } from '@rcm/gateway/src/testing/modbus-server.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { danfossCase, type RunningGateway, runGateway, startStoreBus } from '../support/gateway.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// A store gateway end to end: the real gateway program (started with the config the console hands out)
// reads a Modbus TCP bus of case controllers (modbus-serial's own server), announces itself to a console
// of its own through its real broker and ingest, is authorised in the browser, and its controllers'
// readings arrive. The console starts empty, as a new user's does: first setup, one store.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const GW_MAC = '02:47:00:00:50:01';
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
let bus: TestModbusServer;
let gateway: RunningGateway | null = null;
let token = '';
let gatewayId = 0;

test.beforeAll(async ({ request }) => {
  server = await startServer({ SEED_DEMO: 'false' });
  // Units 1 and 2 answer (2 in defrost); unit 3 is on the gateway's list but never answers.
  bus = await startStoreBus({
    1: danfossCase({ air: 3.4, cutout: 2 }),
    2: danfossCase({ air: 7.9, cutout: 2, state: 14 }),
  });
  const res = await request.post(`${server.url}/api/setup`, {
    data: {
      organization_name: 'Polar Foods',
      name: 'Alma Reyes',
      email: 'alma@polar.example',
      password: 'cold-chain-2026',
    },
  });
  expect(res.status()).toBe(201);
  token = String(res.headers().authorization).replace(/^Bearer /, '');
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get(`${server.url}/api/auth/user`, { headers })).json()) as {
    data: { organisation: { id: number } };
  };
  const store = await request.post(`${server.url}/api/organizations/${me.data.organisation.id}/locations`, {
    headers,
    data: { name: 'Polar Market Plano', city: 'Plano', state: 'TX', timezone: 'America/Chicago' },
  });
  expect(store.status()).toBe(201);
});
test.afterAll(async () => {
  await gateway?.stop();
  await bus?.close();
  await server?.stop();
});

async function signedIn(newPage: (o: BrowserContextOptions) => Promise<Page>, opts: BrowserContextOptions = {}) {
  const page = await newPage({ baseURL: server.url, ...opts });
  await page.goto('/robots.txt');
  await page.evaluate(
    ([t, l]) => {
      localStorage.setItem('auth_token_default', t as string);
      localStorage.setItem('auth_stay_signed_in', 'true');
      localStorage.setItem('locale', l as string);
    },
    [token, opts.locale ?? 'en-US'],
  );
  return page;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${server.url}/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The page's gateway.yaml, pointed at the test's bus instead of the example serial line. */
function forThisStore(yaml: string): string {
  const edited = yaml
    .replace(/^ {2}# mac: [0-9a-f:]+$/m, `  mac: ${GW_MAC}`)
    .replace(
      /^ {4}serial: \{ path: \/dev\/ttyUSB0.*$/m,
      `    tcp: { host: 127.0.0.1, port: ${bus.port} }\n    timeout_ms: 300\n    offline_after_failures: 2`,
    )
    .replace(
      /^ {2}- \{ bus: rs485_1, unit_id: 1, .*$/m,
      [
        '  - { bus: rs485_1, unit_id: 1, profile: danfoss-ak-cc55, name: Dairy case 1, rack: A, poll_s: 1 }',
        '  - { bus: rs485_1, unit_id: 2, profile: danfoss-ak-cc55, name: Meat case 2, rack: A, poll_s: 1 }',
        '  - { bus: rs485_1, unit_id: 3, profile: generic-case, name: Deli case 3, rack: A, poll_s: 1 }',
      ].join('\n'),
    );
  expect(edited).toContain(`port: ${bus.port}`);
  expect(edited).toContain('unit_id: 3');
  return edited;
}

test('connect a store gateway: the config and commands, the live announcement, authorise it', async ({ newPage }) => {
  const page = await signedIn(newPage);
  await page.goto('/controllers/connect');
  await page.getByRole('link', { name: 'A store gateway' }).click();
  await expect(page).toHaveURL(/\/controllers\/connect\?via=gateway$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a store gateway' })).toBeVisible();
  await expect(
    page.getByText('npm run gateway -w apps/gateway -- --config gateway.yaml', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/sudo systemctl daemon-reload && sudo systemctl enable --now rcm-gateway/)).toBeVisible();
  await expect(
    page.getByText(/Authorizing a gateway authorizes all its controllers into the same location/),
  ).toBeVisible();
  const settings = await apiGet<{ data: { mqtt_url: string; provisioning_key: string } }>(
    page,
    'settings/provisioning',
  );
  const config = page.getByRole('region', { name: 'The configuration to start from' });
  const yaml = (await config.locator('pre code').textContent()) ?? '';
  expect(yaml).toContain(`mqtt_url: "${settings.data.mqtt_url}"`);
  expect(yaml).toContain(`provisioning_key: "${settings.data.provisioning_key}"`);
  await expect(page.getByText('Waiting for a gateway to announce itself…')).toBeVisible();
  await expectAccessible(page, 'connect a store gateway');
  await page.screenshot({ path: '/tmp/gw-connect-desktop.png', fullPage: true });

  // The console's file, run as the page says: the gateway announces itself with the provisioning key.
  gateway = await runGateway(forThisStore(yaml.replace('localhost', '127.0.0.1')));
  const announced = page.getByText(/is waiting for authorization/);
  await expect(announced).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: '/tmp/gw-connect-announced.png', fullPage: true });
  await page.getByRole('link', { name: `Authorize ${GW_MAC}` }).click();
  await expect(page).toHaveURL(/\/controllers\/\d+\/authorise$/);
  gatewayId = Number(/\/controllers\/(\d+)\/authorise$/.exec(page.url())?.[1]);
  await page.getByLabel('Organization').selectOption({ label: 'Polar Foods' });
  await page.getByLabel('Location').selectOption({ label: 'Polar Market Plano' });
  await page.getByLabel('Name').fill('Plano store gateway');
  await page.getByRole('button', { name: 'Authorize' }).click();
  const key = (await page.locator('code').first().textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await page.screenshot({ path: '/tmp/gw-authorised.png', fullPage: true });
  // The installer saves the key where key_file says: the gateway reads it within seconds.
  const { writeFileSync } = await import('node:fs');
  writeFileSync(gateway.keyFile, `${key}\n`);
});
