import { WEBHOOK_ATTEMPT_ERRORS, type WebhookAttempt } from '@rcm/shared/webhooks';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogsI18n } from '@/test/catalogs.ts';
import { attemptReason } from './webhook-delivery-log.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await catalogsI18n();
});

const attempt = (patch: Partial<WebhookAttempt>): WebhookAttempt => ({
  attempt: 1,
  at: '2026-11-29T04:00:00.000Z',
  status_code: null,
  error_code: null,
  error: null,
  duration_ms: 12,
  ...patch,
});

describe('why a webhook delivery failed, in words', () => {
  it('words every reason in both languages, never a catalog key', () => {
    for (const locale of ['en-US', 'es-MX']) {
      const t = i18n.getFixedT(locale);
      for (const code of WEBHOOK_ATTEMPT_ERRORS) {
        const text = attemptReason(attempt({ error_code: code, status_code: 500, error: 'boom' }), t);
        expect(text, `${locale} ${code}`).not.toMatch(/settings\.webhooks|^$/);
      }
    }
  });

  it("quotes the receiver's answer and the network's message as they came", () => {
    const en = i18n.getFixedT('en-US');
    const es = i18n.getFixedT('es-MX');
    const failed = attempt({ error_code: 'status', status_code: 503, error: 'try later' });
    expect(attemptReason(failed, en)).toBe('The receiver answered 503: “try later”');
    expect(attemptReason(failed, es)).toBe('El receptor respondió 503: “try later”');
    expect(attemptReason(attempt({ error_code: 'status', status_code: 404 }), en)).toBe('The receiver answered 404.');
    expect(attemptReason(attempt({ error_code: 'network', error: 'getaddrinfo ENOTFOUND x.example' }), es)).toBe(
      'No se pudo contactar al receptor (getaddrinfo ENOTFOUND x.example).',
    );
  });

  it('says nothing for a delivered attempt', () => {
    expect(attemptReason(attempt({ status_code: 200 }), i18n.getFixedT('en-US'))).toBe('');
  });
});
