import { describe, expect, it } from 'vitest';
import { excursionDayBars, haccpCaseLabel } from './haccp-bars.ts';

const t = (key: string, o?: Record<string, unknown>) =>
  key === 'reports.haccp.byDay'
    ? `Hours above the limit by day (the longest bar is the worst day: ${String(o?.max)} h)`
    : key === 'reports.haccp.dayBar'
      ? `${String(o?.excursions)} h`
      : key === 'controllers.rack'
        ? `Rack ${String(o?.ref)}`
        : key;

describe('HACCP screen', () => {
  it('labels each day’s bar with what its length measures: hours above the limit, relative to the worst day', () => {
    const byDay = [
      { day: '2026-11-01', hours_logged: 5184, hours_above: 2, excursions: 1 },
      { day: '2026-11-02', hours_logged: 5184, hours_above: 8, excursions: 3 },
      { day: '2026-11-03', hours_logged: 5184, hours_above: 0, excursions: 0 },
    ];
    const { title, bars } = excursionDayBars(byDay, t, (d) => `day ${d}`);
    expect(title).toContain('worst day: 8 h');
    const max = Math.max(...bars.map((b) => b.value));
    for (const b of bars) {
      // The label states the bar's value, not the hours logged (the scale is not the range's hours).
      expect(b.display).toBe(`${b.value} h`);
      expect(b.display).not.toContain('5184');
    }
    expect(bars.find((b) => b.value === max)?.display).toBe('8 h');
    expect(bars[0]?.label).toBe('day 2026-11-01');
  });

  it('names the rack, so cases of two racks on a controller read differently', () => {
    const a = haccpCaseLabel(
      { rack_ref: 'A', rack_name: 'Rack A', point: 'A.CASE1', point_name: 'Case 1 Temperature' },
      t,
    );
    const b = haccpCaseLabel({ rack_ref: 'B', rack_name: null, point: 'B.CASE1', point_name: 'Case 1 Temperature' }, t);
    expect(a).toBe('Rack A · Case 1 Temperature');
    expect(b).toBe('Rack B · Case 1 Temperature');
  });
});
