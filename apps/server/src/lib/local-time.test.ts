import { describe, expect, it } from 'vitest';
import { formatLocalTime } from './local-time.ts';

const AT = new Date('2026-12-01T22:06:21.000Z');

describe('formatLocalTime', () => {
  it('writes the instant in the reader’s zone and language, the zone named', () => {
    expect(formatLocalTime(AT, { locale: 'en-US', timeZone: 'America/Chicago' })).toBe('Dec 1, 2026, 4:06 PM CST');
    const es = formatLocalTime(AT, { locale: 'es-MX', timeZone: 'America/Mexico_City' });
    expect(es).toBe('1 dic 2026, 4:06 p.m. GMT-6');
  });

  it('falls back to UTC, named, for a zone it does not know', () => {
    expect(formatLocalTime(AT, { locale: 'en-US', timeZone: 'Mars/Olympus' })).toBe('Dec 1, 2026, 10:06 PM UTC');
  });
});
