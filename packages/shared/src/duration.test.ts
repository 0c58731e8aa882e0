import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration.ts';

describe('formatDuration', () => {
  it('writes seconds in the largest sensible units, in both languages', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(12 * 60 + 5)).toBe('12 min');
    expect(formatDuration(3816)).toBe('1 h 03 min');
    expect(formatDuration(3816, 'es-MX')).toBe('1 h 03 min');
    expect(formatDuration(3 * 86_400 + 2 * 3600)).toBe('3 d 2 h');
    expect(formatDuration(-3)).toBe('0 s');
  });
});
