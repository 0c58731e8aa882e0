import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver } from '../../apps/server/src/test/webhook-receiver.ts';
import { DEMO, test as demoTest, expect, expectAccessible } from '../support/fixtures.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Webhooks reach a receiver that records what arrives, one for each test (the demo server may call
 * loopback). A test-scoped fixture keeps the file on the workers (and demo servers) the other specs use.
 */
const test = demoTest.extend<{ receiver: Receiver }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  receiver: async ({}, use) => {
    const receiver = await startWebhookReceiver();
    await use(receiver);
    await receiver.close();
  },
});

for (const [locale, words] of [
  [
    'en-US',
    {
      section: 'Webhooks',
      add: 'Add webhook',
      name: 'Name',
      url: 'Address (URL)',
      kind: 'Kind',
      generic: 'Generic (signed JSON)',
      create: 'Create webhook',
      secret: 'Signing secret',
      done: 'I have copied it',
      test: 'Send a test message to',
      sent: 'Test delivered to',
      log: 'Deliveries of',
      delivered: 'Delivered',
      testEvent: 'Test',
      close: 'Close',
      reason: 'The receiver answered 500: “receiver error”',
      failed: 'Failed',
    },
  ],
  [
    'es-MX',
    {
      section: 'Webhooks',
      add: 'Agregar webhook',
      name: 'Nombre',
      url: 'Dirección (URL)',
      kind: 'Tipo',
      generic: 'Genérico (JSON firmado)',
      create: 'Crear webhook',
      secret: 'Secreto de firma',
      done: 'Ya lo copié',
      test: 'Enviar un mensaje de prueba a',
      sent: 'Prueba entregada a',
      log: 'Entregas de',
      delivered: 'Entregado',
      testEvent: 'Prueba',
      close: 'Cerrar',
      reason: 'El receptor respondió 500: “receiver error”',
      failed: 'Fallido',
    },
  ],
] as const) {
  test(`creates a generic webhook, sees its secret once, sends a test and finds it in the log (${locale})`, async ({
    page,
    loginAs,
    receiver,
  }) => {
    const name = `Receiver ${locale}`;
    const path = `/hook-${locale}`;
    const token = await loginAs(DEMO.admin);
    // A signed-in page speaks its user's language: the administrator's is set for this test.
    const language = await page.request.patch('/api/account', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Alex Admin', email: DEMO.admin, language: locale },
    });
    expect(language.status(), await language.text()).toBe(200);
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    await page.goto('/settings/webhooks');
    await expect(page.getByRole('heading', { name: words.section, level: 1 })).toBeVisible();
    await expectAccessible(page, `webhooks page ${locale}`);

    await page.getByRole('button', { name: words.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(words.name).fill(name);
    await dialog.getByLabel(words.url).fill(receiver.url(path));
    await dialog.getByLabel(words.kind).selectOption('generic');
    await expect(dialog.getByLabel(words.kind)).toHaveValue('generic');
    await expectAccessible(page, `webhook dialog ${locale}`);
    await dialog.getByRole('button', { name: words.create }).click();

    // The secret, once, with a copy button.
    const secretDialog = page.getByRole('dialog');
    const secret = (await secretDialog.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(secretDialog.getByRole('button', { name: new RegExp(words.secret) })).toBeVisible();
    await expectAccessible(page, `webhook secret ${locale}`);
    await secretDialog.getByRole('button', { name: words.done }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    // Send test with the keyboard: it arrives signed, and the page says so.
    const testButton = page.getByRole('button', { name: `${words.test} ${name}` });
    await testButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(new RegExp(`${words.sent} ${name}`))).toBeVisible();
    const [arrived] = receiver.at(path);
    expect(arrived).toBeDefined();
    const body = new Webhook(secret).verify(arrived?.body ?? '', {
      'webhook-id': arrived?.headers['webhook-id'] ?? '',
      'webhook-timestamp': arrived?.headers['webhook-timestamp'] ?? '',
      'webhook-signature': arrived?.headers['webhook-signature'] ?? '',
    }) as { type: string };
    expect(body.type).toBe('webhook.test');

    // The delivery in the log.
    await page.getByRole('button', { name: `${words.log} ${name}` }).click();
    const log = page.getByRole('dialog', { name: `${words.log} ${name}` });
    const row = log.getByRole('row').filter({ hasText: words.delivered });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('200');
    await expect(row).toContainText(words.testEvent);
    await expectAccessible(page, `webhook deliveries ${locale}`);
    await log.getByRole('button', { name: words.close }).click();

    // A receiver that fails: the reason in the reader's language, the receiver's own words quoted; a
    // test is tried once, not retried.
    receiver.answer(path, 500);
    await testButton.click();
    await expect(page.getByText(`${words.reason}`)).toBeVisible();
    await page.getByRole('button', { name: `${words.log} ${name}` }).click();
    const failing = page
      .getByRole('dialog', { name: `${words.log} ${name}` })
      .getByRole('row')
      .filter({ hasText: words.failed });
    await expect(failing).toContainText(words.reason);
  });
}
