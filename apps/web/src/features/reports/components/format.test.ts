import { describe, expect, it } from 'vitest';
import { defaultRange, duration } from './format.ts';

describe('report formats', () => {
  it('writes durations in the largest sensible units', () => {
    expect(duration(null)).toBe('—');
    expect(duration(45)).toBe('45 s');
    expect(duration(12 * 60 + 5)).toBe('12 min');
    expect(duration(3600 + 5 * 60)).toBe('1 h 05 min');
    expect(duration(3 * 86_400 + 2 * 3600)).toBe('3 d 2 h');
  });

  it('opens on the last 30 days, today included', () => {
    const now = new Date(2026, 10, 22, 9, 0);
    expect(defaultRange(now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(defaultRange(new Date(2026, 0, 5, 23, 59)).to).toBe('2026-01-05');
  });
});
