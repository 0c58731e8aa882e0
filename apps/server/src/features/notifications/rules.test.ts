import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderAlarmEmail } from '../channels/alarm-email-template.ts';
import { backoffMs } from '../mail/delivery.ts';
import { mandrillSignature, parseMandrillEvents, verifyMandrillSignature } from '../mail/mandrill.ts';
import { inQuietHours, severityAtLeast } from './recipients.ts';

describe('quiet hours and thresholds', () => {
  // 2026-01-15 04:30 UTC = 22:30 in Chicago (UTC-6).
  const at = new Date('2026-01-15T04:30:00Z');
  it('spans midnight when the start is after the end, in the user’s zone', () => {
    expect(inQuietHours(at, '22:00', '06:00', 'America/Chicago')).toBe(true);
    expect(inQuietHours(at, '23:00', '06:00', 'America/Chicago')).toBe(false);
    expect(inQuietHours(at, '22:00', '06:00', 'UTC')).toBe(true); // 04:30 UTC
    expect(inQuietHours(at, '09:00', '17:00', 'UTC')).toBe(false);
    expect(inQuietHours(at, null, null, 'UTC')).toBe(false);
  });
  it('orders severities', () => {
    expect(severityAtLeast('critical', 'high')).toBe(true);
    expect(severityAtLeast('medium', 'high')).toBe(false);
    expect(severityAtLeast('low', 'low')).toBe(true);
  });
  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([30_000, 60_000, 120_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });
});

describe('Mandrill', () => {
  it('signs like Mandrill’s documented algorithm (URL + sorted key/values, HMAC-SHA1, base64)', () => {
    const params = { mandrill_events: '[]', b: '2', a: '1' };
    const expected = createHmac('sha1', 'k').update('https://x.test/hooka1b2mandrill_events[]').digest('base64');
    expect(mandrillSignature('k', 'https://x.test/hook', params)).toBe(expected);
    expect(verifyMandrillSignature('k', 'https://x.test/hook', params, expected)).toBe(true);
    expect(verifyMandrillSignature(undefined, 'https://x.test/hook', params, expected)).toBe(false);
    expect(verifyMandrillSignature('k', 'https://x.test/hook', { ...params, a: '9' }, expected)).toBe(false);
  });
  it('keeps the known events and rejects what is not a list', () => {
    expect(parseMandrillEvents('nope', new Date(0))).toBeNull();
    expect(parseMandrillEvents('{}', new Date(0))).toBeNull();
    const events = parseMandrillEvents(
      JSON.stringify([
        { event: 'open', _id: 'abc', ts: 1_700_000_000 },
        { event: 'deferral', _id: 'abc', ts: 1 },
        { event: 'spam', msg: { metadata: { email_id: '7' } }, ts: 1 },
        { event: 'click', _id: 'def' },
      ]),
      new Date(5000),
    );
    expect(events).toEqual([
      { event: 'open', id: 'abc', emailId: null, at: new Date(1_700_000_000_000) },
      { event: 'spam', id: null, emailId: 7, at: new Date(1000) },
      { event: 'click', id: 'def', emailId: null, at: new Date(5000) },
    ]);
  });
});

describe('alarm email', () => {
  const alarm = {
    ref: 100123,
    severity: 'critical' as const,
    reason: 'Oil <pressure> 5 psig',
    typeName: 'Low oil pressure',
    typeNameEs: 'Presión de aceite baja',
    controllerName: 'FreshMart #103',
    locationName: 'FreshMart #103',
    raisedAt: new Date('2026-01-15T04:30:00Z'),
    tier: 0,
  };
  it('is written in the recipient’s language with the link, and escapes HTML', () => {
    const es = renderAlarmEmail(alarm, {
      locale: 'es-MX',
      timeZone: 'America/Monterrey',
      publicUrl: 'https://c.test/',
    });
    expect(es.subject).toBe('[Crítica] Presión de aceite baja en FreshMart #103 (alarma #100123)');
    expect(es.text).toContain('https://c.test/alarms/100123/view');
    expect(es.html).toContain('Oil &lt;pressure&gt; 5 psig');
    expect(es.html).not.toContain('<pressure>');
    const en = renderAlarmEmail(
      { ...alarm, tier: 2 },
      { locale: 'en-US', timeZone: 'UTC', publicUrl: 'https://c.test' },
    );
    expect(en.subject).toBe(
      'Not acknowledged (reminder 2): [Critical] Low oil pressure at FreshMart #103 (alarm #100123)',
    );
  });

  it('gives the reason in the recipient’s language, the English one when no Spanish one was written', () => {
    const opts = { timeZone: 'UTC', publicUrl: 'https://c.test' };
    const both = { ...alarm, reason: 'Low oil pressure: Rack A oil pressure 5 psi below 10 psi' };
    const spanish = {
      ...both,
      reasonEs: 'Presión de aceite baja: Rack A presión de aceite 5 psi por debajo de 10 psi',
    };
    expect(renderAlarmEmail(spanish, { ...opts, locale: 'es-MX' }).text).toContain('por debajo de 10 psi');
    expect(renderAlarmEmail(spanish, { ...opts, locale: 'en-US' }).text).toContain('5 psi below 10 psi');
    expect(renderAlarmEmail({ ...both, reasonEs: null }, { ...opts, locale: 'es-MX' }).text).toContain(
      '5 psi below 10 psi',
    );
  });
});
