import { describe, expect, it } from 'vitest';
import { holdAfter, windowAtRaise } from './suppression.ts';
import type { MaintenanceWindow } from './windows.ts';

const window = (over: Partial<MaintenanceWindow> = {}): MaintenanceWindow => ({
  id: 1,
  locationId: 10,
  controllerId: null,
  rackRef: null,
  startsAt: new Date('2026-11-25T08:00:00Z'),
  endsAt: new Date('2026-11-25T09:00:00Z'),
  recurrence: null,
  reason: 'Case cleaning',
  timeZone: 'America/Chicago',
  ...over,
});
const place = { controllerId: 5, locationId: 10, rackRef: 'A' };
const during = new Date('2026-11-25T08:30:00Z');
const after = new Date('2026-11-25T09:30:00Z');

describe('maintenance suppression', () => {
  it('an alarm raised inside a window at its place is suppressed by it; elsewhere or with none, by nothing', () => {
    const w = window();
    expect(windowAtRaise([w], 5, 10, 'A', during)).toBe(w);
    expect(windowAtRaise([w], 5, 11, 'A', during)).toBeNull();
    expect(windowAtRaise([w], 5, 10, 'A', after)).toBeNull();
    expect(windowAtRaise([], 5, 10, 'A', during)).toBeNull();
  });

  it('a suppressed alarm stays with its window while it is in force', () => {
    expect(holdAfter([window()], 1, place, during)).toEqual({ kind: 'held' });
  });

  it('when its window is over another covering window takes it, else it is released', () => {
    const later = window({ id: 2, controllerId: 5, endsAt: new Date('2026-11-25T12:00:00Z') });
    expect(holdAfter([window(), later], 1, place, after)).toEqual({ kind: 'moved', window: later });
    expect(holdAfter([window()], 1, place, after)).toEqual({ kind: 'released' });
    expect(holdAfter([], null, place, after)).toEqual({ kind: 'released' });
  });
});
