import { demoDeviceKey, demoMac } from '@rcm/shared/demo';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// A demo controller no other spec drives.
const INDEX = 21;

test('a case that defrosted: product temperature and defrost on its chart, and the case performance report', async ({
  page,
  request,
  baseURL,
  loginAs,
  apiAs,
}) => {
  // 121 readings over HTTP, two pages in two languages and three axe scans: past a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const mac = demoMac(INDEX);
  // Two hours of a reading a minute, ending an hour ago, over HTTP ingest as the controller itself:
  // the case defrosts for 30 minutes in the first hour (its air rising to 48 °F). A fourth case, which
  // the demo's seeded history does not have: these hours are all it reported.
  const t0 = Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR;
  // Then one reading now: the controller's seeded latest state is newer than those hours, and a point
  // joins the controller's charts with a message newer than that state.
  const times = [...Array.from({ length: 121 }, (_, m) => t0 + m * MINUTE), Date.now()];
  for (const [m, at] of times.entries()) {
    const defrost = m >= 10 && m < 40;
    const res = await request.post(`${baseURL}/api/ingest/v1/${mac}/telemetry`, {
      headers: { Authorization: `Device ${demoDeviceKey(mac)}` },
      data: {
        msg_id: `e2e-case-${t0}-${m}`,
        ts: new Date(at).toISOString(),
        racks: [
          {
            ref: 'A',
            name: 'Rack A',
            points: [
              {
                addr: 'A.CASE4',
                name: 'Case 4 Temperature',
                value: defrost ? 48 : 35,
                unit: '°F',
                set_point: 35,
                status: defrost ? 'defrost' : 'ok',
              },
            ],
          },
        ],
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  const api = await apiAs(DEMO.admin);
  const list = await api.get<{ data: { id: number; mac_address: string }[] }>('controllers?per_page=100');
  const controller = list.data.find((c) => c.mac_address === mac);
  expect(controller, `demo controller ${mac}`).toBeDefined();

  await loginAs(DEMO.admin);
  await page.goto(`/controllers/${controller?.id}/view`);
  const chart = page.getByRole('figure', { name: /^Rack A · Case 4 Temperature/ });
  await expect(chart).toBeVisible();
  await expect(chart).toContainText('Air');
  await expect(chart).toContainText('Product');
  await expect(chart).toContainText('1 defrost period shaded');
  await expectAccessible(page, 'controller chart with product temperature and a defrost');
  await chart.screenshot({ path: test.info().outputPath('case-chart.png') });

  const day = new Date(t0).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/reports/case_performance?from=${day}&to=${today}`);
  await expect(page.getByRole('heading', { name: 'Case performance', level: 1 })).toBeVisible();
  const cases = page.getByRole('region', { name: 'Case', exact: true }).last();
  // The case's defrost: 30 minutes long, its hour held; outside it always in range.
  const ours = cases.getByRole('row').filter({ hasText: 'Case 4 Temperature' }).filter({ hasText: '30' });
  await expect(ours.first()).toContainText('100 %');
  // What the figures cover, and the HACCP log's own columns beside them.
  await expect(page.getByTestId('case-coverage')).toContainText(
    /cover what the alarm engine observed: from .+ to .+, [\d,.]+ of the [\d,]+ hours logged\./,
  );
  await expect(page.getByTestId('case-coverage')).toContainText(
    'Hours above the limit (41 °F / 5 °C) and excursions are the HACCP log’s',
  );
  await expect(cases.getByRole('columnheader', { name: 'Hours above limit' })).toBeVisible();
  await expect(cases.getByRole('columnheader', { name: 'Excursions' })).toBeVisible();
  await expectAccessible(page, 'case performance report');

  // In Spanish (from the user menu, and back at the end), at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Desempeño de vitrinas', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Por ubicación' }).last()).toContainText('Todas las vitrinas');
  await expect(page.getByTestId('case-coverage')).toContainText('cubren lo que observó el motor de alarmas');
  await expectAccessible(page, 'case performance report in Spanish at phone width');
  await page.screenshot({ path: test.info().outputPath('case-performance-es-phone.png'), fullPage: true });
  await page.getByRole('button', { name: 'Abrir el menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Case performance', level: 1 })).toBeVisible();
});
