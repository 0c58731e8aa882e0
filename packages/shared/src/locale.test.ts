import { describe, expect, it } from 'vitest';
import { normalizeLocale } from './locale.ts';

describe('normalizeLocale', () => {
  it('accepts the Spanish forms and falls back to en-US for anything else', () => {
    expect(normalizeLocale('es-MX')).toBe('es-MX');
    expect(normalizeLocale('ES-mx')).toBe('es-MX');
    expect(normalizeLocale('es')).toBe('es-MX');
    expect(normalizeLocale('en-US')).toBe('en-US');
    expect(normalizeLocale('fr-FR')).toBe('en-US');
    expect(normalizeLocale('')).toBe('en-US');
    expect(normalizeLocale(undefined)).toBe('en-US');
  });
});
