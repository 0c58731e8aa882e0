import { readFileSync } from 'node:fs';
import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** CSV text → rows of cells (the export quotes only cells with commas, quotes or line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

// The demo manager (FreshMart Foods, all its locations) works in Spanish: labels and exports are es-MX.
test('the reports index lists every report and is accessible', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
  for (const name of [
    'Órdenes de compra a URI',
    'Racks encendidos manualmente',
    'Registro de temperaturas HACCP',
    'Respuesta a alarmas',
  ]) {
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }
  await expectAccessible(page, '/reports');
  await page.getByRole('link', { name: /Registro de temperaturas HACCP/ }).click();
  await expect(page).toHaveURL(/\/reports\/haccp$/);
});

test('the URI purchase orders report is filtered in the UI, kept in the URL and exported to CSV', async ({
  page,
  loginAs,
}) => {
  await loginAs(DEMO.manager);
  await page.goto('/reports/uri_purchase_orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Órdenes de compra a URI' })).toBeVisible();
  const from = day(200);
  const to = day(30);
  await page.getByLabel('Desde', { exact: true }).fill(from);
  await page.getByLabel('Hasta', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Aplicar' }).click();
  // The report keeps showing the previous rows while the filtered ones load: wait for the answer to
  // this very filter, and expect its rows (counting what is on screen raced with the refetch).
  const filtered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      url.pathname === '/api/reports/uri_purchase_orders' &&
      url.searchParams.get('status') === 'received' &&
      url.searchParams.get('from') === from &&
      url.searchParams.get('to') === to
    );
  });
  await page.getByRole('combobox', { name: 'Estado' }).selectOption('received');
  await expect(page).toHaveURL(new RegExp(`from=${from}.*to=${to}|to=${to}.*from=${from}`));
  await expect(page).toHaveURL(/status=received/);
  const count = ((await (await filtered).json()) as { data: unknown[] }).data.length;
  expect(count).toBeGreaterThan(0);

  const table = page.getByRole('table', { name: 'Órdenes de compra a URI' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  // Retried until the filtered rows replace the previous ones, whatever their number.
  await expect(rows.filter({ hasNotText: 'Recibida' })).toHaveCount(0);
  await expect(rows).toHaveCount(count);
  await expectAccessible(page, '/reports/uri_purchase_orders');

  // The filter lives in the URL: a reload shows the same report.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('received');
  await expect(table.locator('tbody tr')).toHaveCount(count);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`uri_purchase_orders_${from}_${to}.csv`);
  const csv = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(csv[0]).toEqual([
    'Núm. de OC',
    'Colocada el',
    'Estado',
    'Organización',
    'Ubicación',
    'Líneas',
    'Unidades',
    'Total (USD)',
    'Recibida el',
  ]);
  const data = csv.slice(1);
  expect(data).toHaveLength(count);
  for (const r of data) {
    expect(r[2]).toBe('Recibida');
    // The manager's own organization only.
    expect(r[3]).toBe('FreshMart Foods');
    const placed = (r[1] ?? '').slice(0, 10);
    expect(placed >= from && placed <= to).toBe(true);
    expect(Number(r[7])).toBeGreaterThan(0);
  }
  const pageNumbers = await table.locator('tbody tr td:first-child').allTextContents();
  expect(data.map((r) => r[0])).toEqual(pageNumbers);
  await expect(page.getByText(/^Se guardó uri_purchase_orders_/)).toBeVisible();
});

test('the HACCP log shows hourly case temperatures with excursions marked', async ({ page, loginAs, apiAs }) => {
  const range = `from=${day(3)}&to=${day(2)}`;
  const report = await (await apiAs(DEMO.manager)).get<{ summary: { hours_logged: number } }>(`reports/haccp?${range}`);
  await loginAs(DEMO.manager);
  await page.goto(`/reports/haccp?${range}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de temperaturas HACCP' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Registro de temperaturas HACCP' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '23' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Horas sobre el límite por día/ })).toBeVisible();
  // Counts are written with the language's digit grouping (thousands of hours in two days).
  expect(report.summary.hours_logged).toBeGreaterThan(1000);
  const hours = page.locator('dt', { hasText: 'Horas registradas' }).locator('xpath=following-sibling::dd');
  await expect(hours).toHaveText(new Intl.NumberFormat('es-MX').format(report.summary.hours_logged));
  await expect(hours).toHaveText(/^\d{1,3}(,\d{3})+$/);
  await expectAccessible(page, '/reports/haccp');
});

test('the alarm response and racks manually on reports are accessible with data', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto(`/reports/alarm_response?from=${day(90)}&to=${day(0)}`);
  await expect(page.getByRole('table', { name: 'Respuesta a alarmas' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Severidad' }).selectOption('critical');
  await expect(page).toHaveURL(/severity=critical/);
  await expectAccessible(page, '/reports/alarm_response');

  await page.goto(`/reports/rack_manually_on?from=${day(365)}&to=${day(0)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Racks encendidos manualmente' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Periodos en modo manual en el rango' })).toBeVisible();
  await expectAccessible(page, '/reports/rack_manually_on');
});

test('a bad date range is explained, not hidden', async ({ page, loginAs }) => {
  await loginAs(DEMO.manager);
  await page.goto('/reports/alarm_response?from=2026-03-10&to=2026-03-01');
  await expect(page.getByRole('alert')).toContainText('El final debe ser posterior al inicio.');
});
