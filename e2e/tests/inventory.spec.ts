import { DEMO, expect, expectAccessible, test } from '../support/fixtures.ts';

type Item = { product_name: string; part_number: string };
type Page = { data: Item[]; meta: { total: number; last_page: number } };

test('the inventory page number lives in the path: /inventory/2 shows page 2', async ({ page, loginAs, apiAs }) => {
  const api = await apiAs(DEMO.technician);
  const second = await api.get<Page>('inventory?page=2&per_page=20');
  expect(second.meta.last_page).toBeGreaterThan(2);
  await loginAs(DEMO.technician);
  await page.goto('/inventory/2');
  const table = page.getByRole('table', { name: 'Inventory items' });
  await expect(table).toBeVisible();
  await expect(page.getByText(new RegExp(`^Page 2 of ${second.meta.last_page}\\s*\\(`))).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText(second.data[0]?.part_number ?? '?');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/inventory\/3$/);
  await expect(page.getByText(new RegExp(`^Page 3 of ${second.meta.last_page}\\s*\\(`))).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/inventory$/);
});

test('filters narrow the list and availability is shown', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/inventory');
  await page.getByLabel('Availability').selectOption('out_of_stock');
  await expect(page).toHaveURL(/availability=out_of_stock/);
  const rows = page.getByRole('table', { name: 'Inventory items' }).locator('tbody tr');
  // Retried until the filtered rows replace the previous list (which may also start with such an item).
  await expect(rows.filter({ hasNotText: 'Out of stock' })).toHaveCount(0);
  await expect(rows.first()).toContainText('Out of stock');
});

test('a CSV with a bad row is rejected with its row number and nothing is imported', async ({
  page,
  loginAs,
  apiAs,
}) => {
  await loginAs(DEMO.technician);
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import inventory from CSV' });
  const csv = [
    'product_name,part_number,type,brand,specification,quantity,reorder_level,unit_price',
    'Sight glass,E2E-SG-1,valve,Sporlan,"3/8 SAE, moisture indicator",4,2,36.25',
    'Contactor,E2E-CT-2,contactor,Siemens,,lots,2,40.00',
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByRole('alert')).toContainText('Row 3, quantity:');
  await expect(dialog.getByRole('table', { name: /Preview/ })).toContainText('E2E-SG-1');
  await expect(dialog.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  await expectAccessible(page, 'inventory import dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const api = await apiAs(DEMO.technician);
  const found = await api.get<Page>('inventory?q=E2E-SG-1');
  expect(found.meta.total).toBe(0);
});

test('inventory (items and purchase orders) and assets pass axe in the light theme', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/inventory');
  await expect(page.getByRole('table', { name: 'Inventory items' })).toBeVisible();
  await expectAccessible(page, '/inventory');
  await page.getByRole('button', { name: 'Purchase orders' }).click();
  await expect(page.getByRole('table', { name: 'Purchase orders' })).toBeVisible();
  await expectAccessible(page, '/inventory purchase orders');
  await page.goto('/assets');
  await expect(page.getByRole('table', { name: 'Assets' })).toBeVisible();
  await expect(page.getByText('Expiring soon').first()).toBeVisible();
  await expectAccessible(page, '/assets');
});

test('an asset is created with the keyboard-friendly dialog and listed', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/assets');
  await page.getByRole('button', { name: 'New asset' }).click();
  const dialog = page.getByRole('dialog', { name: 'New asset' });
  await dialog.getByRole('button', { name: 'Save asset' }).click();
  await expect(dialog.getByText('This field is required.').first()).toBeVisible();
  await dialog.getByLabel('Location').selectOption({ label: 'FreshMart #103 Cedar Park · FreshMart Foods' });
  await dialog.getByLabel('Type').selectOption('walk_in');
  await dialog.getByLabel('Name').fill('E2E freezer walk-in');
  await dialog.getByLabel('Manufacturer').fill('Kolpak');
  await dialog.getByLabel('Serial').fill('E2E-KP-0001');
  await dialog.getByLabel('Warranty expiry').fill('2031-06-30');
  await expectAccessible(page, 'new asset dialog');
  await dialog.getByRole('button', { name: 'Save asset' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search assets' }).fill('E2E-KP-0001');
  const rows = page.getByRole('table', { name: 'Assets' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('E2E freezer walk-in');
  await expect(rows.first()).toContainText('FreshMart #103 Cedar Park');
});

test('a purchase order is created from low-stock items, sent and received', async ({ page, loginAs }) => {
  await loginAs(DEMO.technician);
  await page.goto('/inventory?tab=orders');
  await page.getByRole('button', { name: 'Order low-stock items' }).click();
  const dialog = page.getByRole('dialog', { name: 'New purchase order' });
  await dialog.getByLabel('Deliver to').selectOption({ label: 'Polar Service Depot · Polar Refrigeration Services' });
  await expect(dialog.getByRole('checkbox').first()).toBeChecked();
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  const detail = page.getByRole('dialog', { name: /^Purchase order PO-/ });
  await expect(detail.getByText('Draft', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Send to supplier' }).click();
  const confirm = page.getByRole('dialog', { name: /^Send PO-.* to United Refrigeration Inc\.\?$/ });
  await expect(confirm).toContainText('orders.uri@example.com');
  await confirm.getByRole('button', { name: 'Send order' }).click();
  await expect(detail.getByText('Sent', { exact: true }).first()).toBeVisible();
  await detail.getByRole('button', { name: 'Receive' }).click();
  await expect(detail.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Receive' })).toBeHidden();
});
