import { describe, expect, it } from 'vitest';
import { seriesTitle } from './series-title.ts';

const t = (key: string, o?: Record<string, unknown>) =>
  (
    ({
      'alarmView.metric_superheat': 'Superheat',
      'alarmView.metric_point': `Point ${String(o?.key)}`,
      'controllers.rack': `Rack ${String(o?.ref)}`,
    }) as Record<string, string>
  )[key] ?? key;

describe('seriesTitle', () => {
  it('titles a point chart with the point’s name, and names the rack so cases of two racks differ', () => {
    expect(seriesTitle({ key: 'A.CASE1', name: 'Case 1 Temperature' }, t, false)).toBe('Case 1 Temperature');
    expect(seriesTitle({ key: 'A.CASE1', name: 'Case 1 Temperature' }, t, true)).toBe('Rack A · Case 1 Temperature');
    expect(seriesTitle({ key: 'B.CASE1', name: 'Case 1 Temperature' }, t, true)).toBe('Rack B · Case 1 Temperature');
  });

  it('falls back to the address for a point without a name, and names rack metrics', () => {
    expect(seriesTitle({ key: 'A.CASE9', name: null }, t, false)).toBe('Point A.CASE9');
    expect(seriesTitle({ key: 'B:superheat' }, t, true)).toBe('Rack B · Superheat');
  });
});
