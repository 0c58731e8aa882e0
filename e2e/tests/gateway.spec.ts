import { request as http, type Page } from '@playwright/test';
import type { TestModbusServer } from '@rcm/gateway/src/testing/modbus-server.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { danfossCase, type RunningGateway, runGateway, startStoreBus, storeConfig } from '../support/gateway.ts';
import { setUpConsole, signedInPage } from '../support/own-console.ts';
import { type RunningServer, startServer } from '../support/server.ts';

// A store gateway end to end: the real gateway program (started with the config the console hands out)
// reads a Modbus TCP bus of case controllers (modbus-serial's own server), announces itself to a console
// of its own through its real broker and ingest, is authorized in the browser, and its controllers'
// readings arrive. The console starts empty, as a new user's does: first setup, one store.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const GW_MAC = '02:47:00:00:50:01';
const PHONE = { width: 390, height: 844 };
/** Unit 3's state: offline, and why (see `settled`). */
const NOT_ANSWERING = /Not answering|Gateway offline/;

let server: RunningServer;
let bus: TestModbusServer;
let gateway: RunningGateway | null = null;
let token = '';
let gatewayId = 0;

// This file's console, not the worker's demo server (which `baseURL` would otherwise start, unused).
// biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
test.use({ baseURL: async ({}, use) => use(server?.url) });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const request = await http.newContext();
  // A loaded machine takes a while to start a console (its migrations); this file's tests wait longer.
  server = await startServer({ SEED_DEMO: 'false' }, { timeoutMs: 180_000 });
  // Units 1 and 2 answer (2 in defrost); unit 3 is on the gateway's list but never answers.
  bus = await startStoreBus({
    1: danfossCase({ air: 3.4, cutout: 2 }),
    2: danfossCase({ air: 7.9, cutout: 2, state: 14 }),
  });
  token = await setUpConsole(request, server.url, 'Polar Foods');
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get(`${server.url}/api/auth/user`, { headers })).json()) as {
    data: { organisation: { id: number } };
  };
  const store = await request.post(`${server.url}/api/organizations/${me.data.organisation.id}/locations`, {
    headers,
    data: { name: 'Polar Market Plano', city: 'Plano', state: 'TX', timezone: 'America/Chicago' },
  });
  expect(store.status()).toBe(201);
  await request.dispose();
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
test.afterEach(async ({}, testInfo) => {
  // What the gateway printed, beside a failure.
  if (gateway && testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('gateway output', { body: gateway.output(), contentType: 'text/plain' });
    console.log(gateway.output().slice(-4000));
  }
});
test.afterAll(async () => {
  await gateway?.stop();
  await bus?.close();
  await server?.stop();
});

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${server.url}/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

test('connect a store gateway: the config and commands, the live announcement, authorize it', async ({ newPage }) => {
  const page = await signedInPage(newPage, server.url, token);
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
  gateway = await runGateway(storeConfig(yaml.replace('localhost', '127.0.0.1'), GW_MAC, bus.port));
  // Its birth names its three controllers: the wait says so, live.
  const announced = page.getByText(`Gateway ${GW_MAC} with 3 controllers is waiting for authorization.`);
  await expect(announced).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: '/tmp/gw-connect-announced.png', fullPage: true });
  await page.getByRole('link', { name: `Authorize ${GW_MAC}` }).click();
  await expect(page).toHaveURL(/\/controllers\/\d+\/authorise$/);
  gatewayId = Number(/\/controllers\/(\d+)\/authorise$/.exec(page.url())?.[1]);
  await expect(page.getByRole('note')).toContainText(
    'This is a store gateway with 3 controllers. Authorizing it authorizes all its controllers into the same organization and location',
  );
  await expectAccessible(page, 'authorizing a gateway');
  await page.getByLabel('Organization').selectOption({ label: 'Polar Foods' });
  await page.getByLabel('Location').selectOption({ label: 'Polar Market Plano' });
  await page.getByLabel('Name').fill('Plano store gateway');
  await page.getByRole('button', { name: 'Authorize' }).click();
  const key = (await page.locator('code').first().textContent())?.trim() ?? '';
  expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await expect(page.getByText(/in the file named by console\.key_file/)).toBeVisible();
  await page.screenshot({ path: '/tmp/gw-authorised.png', fullPage: true });
  // The installer saves the key where key_file says: the gateway reads it within seconds.
  const { writeFileSync } = await import('node:fs');
  writeFileSync(gateway.keyFile, `${key}\n`);
});

type Detail = {
  id: number;
  gateway_status: {
    agent_version: string;
    children: { child: string; controller_id: number | null; online: boolean; last_good_poll: string | null }[];
  } | null;
};
type Listed = { data: { id: number; name: string; online: boolean; offline_reason: string | null }[] };

/**
 * Waits until the gateway's status says units 1 and 2 answered and unit 3 did not, and their controllers
 * are listed so: unit 3 offline because it does not answer (`no_response`).
 */
async function settled(page: Page) {
  await expect
    .poll(
      async () => {
        const { data } = await apiGet<{ data: Detail }>(page, `controllers/${gatewayId}`);
        const kids = data.gateway_status?.children ?? [];
        return kids
          .map((k) => `${k.child}:${k.online && k.last_good_poll ? 'polled' : k.online ? 'waiting' : 'offline'}`)
          .sort()
          .join(' ');
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe('rs485_1-1:polled rs485_1-2:polled rs485_1-3:offline');
  await expect
    .poll(
      async () =>
        (await apiGet<Listed>(page, `controllers?gateway_id=${gatewayId}`)).data
          .map((c) => `${c.name}:${c.online ? 'online' : (c.offline_reason ?? 'offline without a reason')}`)
          .sort()
          .join(' '),
      { timeout: 30_000 },
    )
    .toBe('Dairy case 1:online Deli case 3:no_response Meat case 2:online');
}

test('the controllers list shows the gateway with its controllers under it', async ({ newPage }) => {
  const page = await signedInPage(newPage, server.url, token);
  await settled(page);
  await page.goto('/controllers');
  const table = page.getByRole('table', { name: 'Controllers' });
  const gatewayRow = table.getByRole('row').filter({ hasText: 'Plano store gateway' });
  await expect(gatewayRow.getByText('Store gateway', { exact: true })).toBeVisible();
  // Before it is expanded, its children are rows of the list that name it.
  await expect(table.getByRole('row').filter({ hasText: 'Dairy case 1' })).toContainText(
    'Unit 1 on rs485_1 · danfoss-ak-cc55 · via Plano store gateway',
  );
  const toggle = gatewayRow.getByRole('button', { name: 'Show its controllers · Plano store gateway' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(gatewayRow.getByRole('button', { name: /Hide its controllers/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const rows = table.getByRole('row');
  const dairy = rows.filter({ hasText: 'Dairy case 1' });
  await expect(dairy).toHaveCount(1);
  await expect(dairy).toContainText('Unit 1 on rs485_1 · danfoss-ak-cc55');
  await expect(dairy).not.toContainText('via Plano store gateway');
  await expect(dairy).toContainText('Running');
  await expect(dairy).toContainText(/Last good poll: .*(second|now)/);
  await expect(rows.filter({ hasText: 'Meat case 2' })).toContainText('Defrost');
  await expect(rows.filter({ hasText: 'Deli case 3' })).toContainText(NOT_ANSWERING);
  await expect(rows.filter({ hasText: 'Deli case 3' })).toContainText('generic-case');
  // Each child sits right under its gateway, in the gateway's order.
  const order = await rows.evaluateAll((trs) => trs.map((tr) => (tr.textContent ?? '').slice(0, 40)));
  const at = (s: string) => order.findIndex((o) => o.includes(s));
  expect(at('Plano store gateway')).toBeLessThan(at('Dairy case 1'));
  expect(at('Dairy case 1')).toBeLessThan(at('Deli case 3'));
  expect(at('Deli case 3')).toBeLessThan(at('Meat case 2'));
  expect(at('Meat case 2') - at('Plano store gateway')).toBe(3);
  await expectAccessible(page, 'controllers list with a gateway expanded');
  await page.screenshot({ path: '/tmp/gw-list-desktop.png', fullPage: true });

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('list', { name: 'Controllers' })).toContainText('Unit 1 on rs485_1 · danfoss-ak-cc55');
  await expectAccessible(page, 'controllers list with a gateway expanded, phone');
  await page.screenshot({ path: '/tmp/gw-list-phone.png', fullPage: true });
});

test('a child’s page names its gateway, bus, unit id and profile; the gateway’s page its health', async ({
  newPage,
}) => {
  const page = await signedInPage(newPage, server.url, token);
  const children = (await apiGet<Listed>(page, `controllers?gateway_id=${gatewayId}`)).data;
  const dairy = children.find((c) => c.name === 'Dairy case 1');
  await page.goto(`/controllers/${dairy?.id}/view`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dairy case 1' })).toBeVisible();
  await expect(page.getByText('Read through the store gateway')).toBeVisible();
  const fields = page.locator('dl').first();
  await expect(fields.getByText('Gateway', { exact: true })).toBeVisible();
  await expect(fields.getByText('rs485_1', { exact: true })).toBeVisible();
  await expect(fields.getByText('danfoss-ak-cc55', { exact: true })).toBeVisible();
  await expectAccessible(page, 'a gateway child’s page');
  await page.screenshot({ path: '/tmp/gw-child-desktop.png', fullPage: true });

  const deli = children.find((c) => c.name === 'Deli case 3');
  await page.goto(`/controllers/${deli?.id}/view`);
  await expect(page.locator('dl').first().getByText(NOT_ANSWERING)).toBeVisible();

  // From the child to its gateway, by its link.
  await page.goto(`/controllers/${dairy?.id}/view`);
  await page.locator('dl').first().getByRole('link', { name: 'Plano store gateway' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plano store gateway' })).toBeVisible();
  const health = page.getByRole('region', { name: 'Gateway health' });
  await expect(health.getByText('0.1.0', { exact: true })).toBeVisible();
  await expect(health.getByText('Messages waiting to be sent')).toBeVisible();
  await expect(health.getByText('Messages dropped (outbox full or too old)')).toBeVisible();
  const buses = page.getByRole('table', { name: 'Buses' });
  const busRow = buses.getByRole('row').filter({ hasText: 'rs485_1' });
  await expect(busRow).toContainText(`127.0.0.1:${bus.port}`);
  await expect(busRow).toContainText(/\d+ ms/);
  const kids = page.getByRole('table', { name: 'Controllers on this gateway' });
  await expect(kids.getByRole('row')).toHaveCount(4);
  await expect(kids.getByRole('row').filter({ hasText: 'Meat case 2' })).toContainText('Defrost');
  await expect(kids.getByRole('row').filter({ hasText: 'Deli case 3' })).toContainText(NOT_ANSWERING);
  await expect(kids.getByRole('link', { name: 'Dairy case 1' })).toBeVisible();
  await expectAccessible(page, 'a gateway’s page');
  await page.screenshot({ path: '/tmp/gw-page-desktop.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await expectAccessible(page, 'a gateway’s page, phone');
  await page.screenshot({ path: '/tmp/gw-page-phone.png', fullPage: true });
});

test('in Spanish: the gateway’s page, its list and the connect page', async ({ newPage }) => {
  const page = await signedInPage(newPage, server.url, token);
  // The person's language is theirs (kept by the console): chosen in the user menu, set back at the end.
  await page.goto(`/controllers/${gatewayId}/view`);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('region', { name: 'Estado de la pasarela' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Controladores en esta pasarela' })).toContainText(
    /No responde|Pasarela desconectada/,
  );
  await expect(page.getByRole('table', { name: 'Controladores en esta pasarela' })).toContainText('Deshielo');
  await expectAccessible(page, 'la página de una pasarela');
  await page.screenshot({ path: '/tmp/gw-page-es.png', fullPage: true });

  await page.goto('/controllers');
  await page.getByRole('button', { name: /Mostrar sus controladores/ }).click();
  await expect(page.getByRole('table', { name: 'Controladores' })).toContainText(
    'Unidad 1 en rs485_1 · danfoss-ak-cc55',
  );
  await expectAccessible(page, 'la lista con una pasarela abierta');

  await page.goto('/controllers/connect?via=gateway');
  await expect(page.getByRole('heading', { level: 1, name: 'Conectar una pasarela de tienda' })).toBeVisible();
  await expect(page.getByText(/Autorizar una pasarela autoriza todos sus controladores/)).toBeVisible();
  await page.setViewportSize(PHONE);
  await expectAccessible(page, 'conectar una pasarela, teléfono');
  await page.screenshot({ path: '/tmp/gw-connect-es-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Abrir el menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect a store gateway' })).toBeVisible();
});
