import { describe, expect, it } from 'vitest';
import { type MaintenanceWindow, nextOccurrence, occurrenceAt, suppressingWindow, windowActiveAt } from './windows.ts';

const CHICAGO = 'America/Chicago';

const window = (over: Partial<MaintenanceWindow> = {}): MaintenanceWindow => ({
  id: 1,
  locationId: 10,
  controllerId: null,
  rackRef: null,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2027-01-01T00:00:00Z'),
  recurrence: null,
  reason: 'Case cleaning',
  timeZone: CHICAGO,
  ...over,
});

/** Chicago is UTC−6 in November: 02:30 local is 08:30Z. */
const local = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-06:00`);
const place = { controllerId: 5, locationId: 10, rackRef: 'A' };

describe('maintenance windows', () => {
  it('a one-off window covers [start, end)', () => {
    const w = window({ startsAt: local('2026-11-25', '02:00'), endsAt: local('2026-11-25', '03:00') });
    expect(windowActiveAt(w, local('2026-11-25', '01:59'))).toBe(false);
    expect(windowActiveAt(w, local('2026-11-25', '02:00'))).toBe(true);
    expect(windowActiveAt(w, local('2026-11-25', '02:59'))).toBe(true);
    expect(windowActiveAt(w, local('2026-11-25', '03:00'))).toBe(false);
  });

  it('a nightly window reads in the location’s time zone, on its days only', () => {
    const w = window({ recurrence: { days: ['mon', 'tue', 'wed'], from: '02:00', to: '03:00' } });
    // 2026-11-25 is a Wednesday, 2026-11-26 a Thursday.
    expect(windowActiveAt(w, local('2026-11-25', '02:30'))).toBe(true);
    expect(windowActiveAt(w, local('2026-11-25', '03:30'))).toBe(false);
    expect(windowActiveAt(w, local('2026-11-26', '02:30'))).toBe(false);
    // The same instant read in UTC would be 08:30, outside the span.
    expect(windowActiveAt({ ...w, timeZone: 'UTC' }, local('2026-11-25', '02:30'))).toBe(false);
  });

  it('a span past midnight belongs to the day it starts', () => {
    const w = window({ recurrence: { days: ['sat'], from: '23:00', to: '01:00' } });
    // Saturday 2026-11-28 23:30 and Sunday 00:30 are in; Sunday 23:30 is not.
    expect(windowActiveAt(w, local('2026-11-28', '23:30'))).toBe(true);
    expect(windowActiveAt(w, local('2026-11-29', '00:30'))).toBe(true);
    expect(windowActiveAt(w, local('2026-11-29', '23:30'))).toBe(false);
    expect(occurrenceAt(w, local('2026-11-29', '00:30'))).toEqual({
      start: local('2026-11-28', '23:00'),
      end: local('2026-11-29', '01:00'),
    });
  });

  it('applies to its location, controller or rack only', () => {
    const at = local('2026-11-25', '12:00');
    expect(suppressingWindow([window()], place, at)?.id).toBe(1);
    expect(suppressingWindow([window()], { ...place, locationId: 11 }, at)).toBeNull();
    expect(suppressingWindow([window({ controllerId: 5 })], place, at)?.id).toBe(1);
    expect(suppressingWindow([window({ controllerId: 6 })], place, at)).toBeNull();
    expect(suppressingWindow([window({ controllerId: 5, rackRef: 'B' })], place, at)).toBeNull();
    expect(suppressingWindow([window({ controllerId: 5, rackRef: 'A' })], place, at)?.id).toBe(1);
  });

  it('names the current occurrence’s end, or the next start', () => {
    const w = window({ recurrence: { days: ['wed', 'fri'], from: '02:00', to: '03:00' } });
    expect(nextOccurrence(w, local('2026-11-25', '02:15'))).toEqual({
      start: local('2026-11-25', '02:00'),
      end: local('2026-11-25', '03:00'),
    });
    // After Wednesday's: Friday's.
    expect(nextOccurrence(w, local('2026-11-25', '04:00'))).toEqual({
      start: local('2026-11-27', '02:00'),
      end: local('2026-11-27', '03:00'),
    });
    expect(nextOccurrence(w, new Date('2027-02-01T00:00:00Z'))).toBeNull();
  });

  it('follows a daylight-saving change (Chicago falls back on 2026-11-01)', () => {
    const w = window({
      startsAt: new Date('2026-10-25T00:00:00Z'),
      recurrence: { days: ['sat', 'mon'], from: '02:00', to: '03:00' },
    });
    // Saturday 2026-10-31 02:00 CDT (UTC−5) and Monday 2026-11-02 02:00 CST (UTC−6).
    expect(nextOccurrence(w, new Date('2026-10-31T00:00:00Z'))?.start).toEqual(new Date('2026-10-31T07:00:00Z'));
    expect(nextOccurrence(w, new Date('2026-11-01T12:00:00Z'))?.start).toEqual(new Date('2026-11-02T08:00:00Z'));
  });
});
