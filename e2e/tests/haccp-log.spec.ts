import { readFileSync } from 'node:fs';
import { DEMO, expect, expectAccessible, PASSWORD, test } from '../support/fixtures.ts';

const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
const range = `from=${day(3)}&to=${day(2)}`;

type Excursion = { location_id: number; start: string; point: string; controller_name: string };
type Summary = { excursions: number; without_action: number };

test.use({ viewport: { width: 1440, height: 900 } });

test('the HACCP log: hourly grid without sideways scrolling at 1440 px, corrective action, signature (meaning and re-authentication), verify, correction, PDF', async ({
  page,
  loginAs,
  apiAs,
}) => {
  // Two users, two dialogs each, three axe scans and a PDF: past a minute on a busy 2-core machine.
  test.setTimeout(120_000);
  // A location of the demo with an excursion in the range (the demo's case history has some).
  const tech = await apiAs(DEMO.technician);
  const all = await tech.get<{ data: Excursion[] }>(`reports/haccp/excursions?${range}&per_page=200`);
  const first = all.data[0];
  expect(first).toBeDefined();
  const url = `/reports/haccp?${range}&location_id=${first?.location_id}`;
  // The month before at that location: excursions nobody has answered yet (the demo's history).
  const month = `from=${day(29)}&to=${day(2)}&location_id=${first?.location_id}`;

  // The technician (English) records what was done about the first excursion.
  await loginAs(DEMO.technician);
  await page.goto(url);
  const table = page.getByRole('table', { name: 'HACCP temperature log' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '23' })).toBeVisible();
  const widths = await page.evaluate(() => {
    const frame = document.querySelector('section[aria-label="HACCP temperature log"]') as HTMLElement;
    const root = document.scrollingElement as HTMLElement;
    return { frame: [frame.scrollWidth, frame.clientWidth], page: [root.scrollWidth, root.clientWidth] };
  });
  expect(widths.frame[0]).toBeLessThanOrEqual(widths.frame[1] ?? 0);
  expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1] ?? 0);

  const excursions = page.getByRole('region', { name: 'Excursions and corrective actions' });
  await expect(excursions.getByRole('listitem').first()).toBeVisible();
  // Each excursion names its controller (a store has several controllers with a "Rack A").
  await expect(excursions.getByRole('listitem').first()).toContainText(`${first?.controller_name} · `);
  await expect(excursions.getByTestId('haccp-open-summary')).toContainText(
    /^\d+ of \d+ excursions? in this range (has|have) no corrective action\.$/,
  );
  await excursions.getByRole('button', { name: 'Record corrective action' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Record corrective action' });
  await expect(dialog.getByRole('heading', { name: 'Record corrective action' })).toBeVisible();
  await expectAccessible(page, 'corrective action dialog');
  // Nothing said: refused in place.
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog.getByText('Say what was done.')).toBeVisible();
  await dialog.getByLabel('What was done').fill('Moved the product to the walk-in; door gasket replaced');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toHaveCount(0);
  const recorded = excursions.getByText('Moved the product to the walk-in; door gasket replaced');
  await expect(recorded).toBeVisible();
  const item = excursions.locator('[data-testid^="haccp-action-log-"]').first();
  // Signed: no way to edit it, only a correction.
  await expect(item.getByText('Signed: cannot be edited')).toBeVisible();
  await expect(item.getByRole('button', { name: /edit|delete/i })).toHaveCount(0);
  await expect(item).toContainText(/Terry .*Technician/);
  await item.getByRole('button', { name: 'Record a correction' }).click();
  const fix = page.getByRole('dialog', { name: /^Correct entry #\d+$/ });
  await fix.getByLabel('What was done').fill('Moved the product to the walk-in; door gasket ordered, not replaced');
  await fix.getByRole('button', { name: 'Record' }).click();
  await expect(fix).toHaveCount(0);
  await expect(excursions.getByText(/corrects entry #\d+/).first()).toBeVisible();
  await expect(item.getByText(/corrected by entry #\d+/)).toBeVisible();
  await expect(item.getByRole('button', { name: 'Record a correction' })).toHaveCount(0);
  // The technician may not sign.
  await expect(page.getByRole('button', { name: 'Sign the log for this period' })).toHaveCount(0);
  await expectAccessible(page, '/reports/haccp (technician)');

  // The manager (Spanish) is told, before signing a month, how many excursions have no corrective action.
  const open = await tech.get<{ summary: Summary }>(`reports/haccp/excursions?${month}&per_page=1`);
  expect(open.summary.without_action).toBeGreaterThan(1);
  await loginAs(DEMO.manager);
  await page.goto(`/reports/haccp?${month}`);
  const monthSign = page.getByRole('region', { name: 'Firma' });
  await monthSign.getByRole('button', { name: 'Firmar la bitácora de este periodo' }).click();
  const warned = page.getByRole('dialog', { name: 'Firmar la bitácora HACCP' });
  await expect(warned.getByTestId('haccp-sign-warning')).toHaveText(
    `${open.summary.without_action} de ${open.summary.excursions} desviaciones de este periodo no tienen acción correctiva. Registra lo que se hizo antes de firmar; si firmas ahora, la firma registra que no la tenían.`,
  );
  await expectAccessible(page, 'sign-off dialog with its warning');
  await warned.getByRole('button', { name: 'Cancelar' }).click();
  await expect(warned).toHaveCount(0);
  // A refusal of what the dialog does not show (a period ending tomorrow) is shown, not lost.
  await page.goto(`/reports/haccp?from=${day(2)}&to=${day(-1)}&location_id=${first?.location_id}`);
  await page
    .getByRole('region', { name: 'Firma' })
    .getByRole('button', { name: 'Firmar la bitácora de este periodo' })
    .click();
  const refused = page.getByRole('dialog', { name: 'Firmar la bitácora HACCP' });
  // The signature's meaning is asked first.
  await refused.getByRole('button', { name: 'Firmar' }).click();
  await expect(refused.getByText('Elige qué significa tu firma.')).toBeVisible();
  await refused.getByLabel('Qué significa tu firma').selectOption({ label: 'Revisado' });
  await refused.getByRole('button', { name: 'Firmar' }).click();
  const confirmRefused = page.getByRole('dialog', { name: 'Confirma tu firma' });
  await confirmRefused.getByLabel('Contraseña').fill(PASSWORD);
  await confirmRefused.getByRole('button', { name: 'Continuar' }).click();
  await expect(confirmRefused.getByRole('alert')).toContainText('La fecha no puede estar en el futuro.');
  // Back to the sign-off, then out.
  await confirmRefused.getByRole('button', { name: 'Cancelar' }).click();
  await refused.getByRole('button', { name: 'Cancelar' }).click();
  await expect(refused).toHaveCount(0);

  // The manager signs the log as the person responsible, then downloads the PDF.
  await page.goto(url);
  const sign = page.getByRole('region', { name: 'Firma' });
  await expect(sign.getByText('Sin firmar: ninguna firma cubre este periodo.')).toBeVisible();
  await sign.getByRole('button', { name: 'Firmar la bitácora de este periodo' }).click();
  const signDialog = page.getByRole('dialog', { name: 'Firmar la bitácora HACCP' });
  await expect(signDialog.getByRole('heading', { name: 'Firmar la bitácora HACCP' })).toBeVisible();
  await expectAccessible(page, 'sign-off dialog');
  await expect(signDialog.getByLabel('Qué significa tu firma').locator('option')).toHaveText([
    'Elige una opción',
    'Revisado',
    'Aprobado',
    'Verificado',
    'Corregido',
  ]);
  await signDialog.getByLabel('Qué significa tu firma').selectOption({ label: 'Aprobado' });
  await signDialog.getByLabel('Declaración (opcional)').fill('Revisé la bitácora y las acciones correctivas.');
  await signDialog.getByRole('button', { name: 'Firmar' }).click();
  // Then the signer proves it is them: a wrong password is refused in place, in Spanish.
  const confirm = page.getByRole('dialog', { name: 'Confirma tu firma' });
  await expect(confirm).toContainText('Firmas como María Manager, con el significado «Aprobado».');
  await expectAccessible(page, 'signature re-authentication dialog');
  await confirm.getByLabel('Contraseña').fill('not-the-password');
  await confirm.getByRole('button', { name: 'Continuar' }).click();
  await expect(confirm.getByRole('alert')).toContainText('contraseña');
  await confirm.getByLabel('Contraseña').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Continuar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(signDialog).toHaveCount(0);
  await expect(sign.getByText(/^Firmado por María Manager/)).toBeVisible();
  // The signature: meaning, printed name, role, time in the store's zone, how it was confirmed, the hash.
  const signature = sign.locator('[data-testid^="haccp-signature-"]').first();
  await expect(signature).toContainText(/^Aprobado por María Manager \(.+\) el .+ · confirmado con contraseña/);
  await expect(signature).toContainText(/Hash del registro sha256:[0-9a-f]{12}…/);
  await signature.getByRole('button', { name: 'Verificar' }).click();
  await expect(signature.getByRole('status')).toHaveText('Válida: el registro está como se firmó.');
  // The signed record says what the period's excursions were when it was signed.
  await expect(sign.getByText(/^Al firmar: /)).toBeVisible();
  await expect(sign.getByText('Firmado: no se puede editar')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Desviaciones y acciones correctivas' })
      .getByText(/corrige el registro #\d+/)
      .first(),
  ).toBeVisible();
  await expectAccessible(page, '/reports/haccp (manager)');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`haccp_${day(3)}_${day(2)}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5000);
});
