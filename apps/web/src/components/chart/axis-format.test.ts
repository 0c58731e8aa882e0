import { describe, expect, it } from 'vitest';
import { timeTickLabels, valueTickLabels } from './axis-format.ts';

describe('chart axis labels', () => {
  // Local noon on two days, whatever the test machine's zone.
  const noon = new Date(2026, 10, 24, 12, 0).getTime() / 1000;

  it('writes dates in the reader’s language', () => {
    expect(timeTickLabels([noon, noon + 86_400], 86_400, 'es-MX')).toEqual(['24 nov', '25 nov']);
    expect(timeTickLabels([noon, noon + 86_400], 86_400, 'en-US')).toEqual(['Nov 24', 'Nov 25']);
  });

  it('writes times in the reader’s format, the date under the first tick and at each new day', () => {
    const es = timeTickLabels([noon, noon + 6 * 3600, noon + 12 * 3600], 6 * 3600, 'es-MX');
    expect(es[0]).toMatch(/^12 p\.\s?m\.\n24 nov$/);
    expect(es[1]).toMatch(/^6 p\.\s?m\.$/);
    expect(es[2]).toMatch(/^12 a\.\s?m\.\n25 nov$/);
    expect(timeTickLabels([noon], 3600, 'en-US')[0]).toBe('12 PM\nNov 24');
    expect(timeTickLabels([noon + 1800], 1800, 'en-US')[0]).toBe('12:30 PM\nNov 24');
  });

  it('writes values with the reader’s separators', () => {
    expect(valueTickLabels([1234.5, 0.25], 'en-US')).toEqual(['1,234.5', '0.25']);
    expect(valueTickLabels([1234.5], 'es-MX')).toEqual(['1,234.5']);
  });
});
