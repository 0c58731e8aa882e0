import { describe, expect, it } from 'vitest';
import { finalRota, onCallAt, type Rota, restrictionWindows } from './rota.ts';

const d = (iso: string) => new Date(iso);
/** The rota as [user, start, end, source] rows in UTC: easy to read against a calendar. */
const rows = (rota: Rota, from: string, to: string) =>
  finalRota(rota, { from: d(from), to: d(to) }).map((s) => [
    s.userId,
    s.startsAt.toISOString(),
    s.endsAt.toISOString(),
    s.source,
  ]);

const CHI = 'America/Chicago';
const MAD = 'Europe/Madrid';

describe('layers', () => {
  it('rotates the participants in order, clipped to the range', () => {
    const rota: Rota = {
      timeZone: CHI,
      layers: [{ userIds: [1, 2, 3], startsAt: d('2026-01-05T14:00:00Z'), shiftHours: 24 }],
      overrides: [],
    };
    expect(rows(rota, '2026-01-06T00:00:00Z', '2026-01-09T00:00:00Z')).toEqual([
      [1, '2026-01-06T00:00:00.000Z', '2026-01-06T14:00:00.000Z', 'layer'],
      [2, '2026-01-06T14:00:00.000Z', '2026-01-07T14:00:00.000Z', 'layer'],
      [3, '2026-01-07T14:00:00.000Z', '2026-01-08T14:00:00.000Z', 'layer'],
      [1, '2026-01-08T14:00:00.000Z', '2026-01-09T00:00:00.000Z', 'layer'],
    ]);
  });

  it('has nobody before a layer starts, and one person per layer stays one shift', () => {
    const rota: Rota = {
      timeZone: CHI,
      layers: [{ userIds: [7], startsAt: d('2026-01-05T14:00:00Z'), shiftHours: 12 }],
      overrides: [],
    };
    expect(rows(rota, '2026-01-05T00:00:00Z', '2026-01-07T00:00:00Z')).toEqual([
      [7, '2026-01-05T14:00:00.000Z', '2026-01-07T00:00:00.000Z', 'layer'],
    ]);
  });

  it('lets a later layer win where it covers the time (weekends over the weekly rotation)', () => {
    const rota: Rota = {
      timeZone: CHI,
      layers: [
        { userIds: [1, 2], startsAt: d('2026-01-05T06:00:00Z'), shiftHours: 168 },
        {
          userIds: [9],
          startsAt: d('2026-01-01T06:00:00Z'),
          shiftHours: 24,
          restrict: { days: ['sat', 'sun'], from: '00:00', to: '00:00' },
        },
      ],
      overrides: [],
    };
    // Saturday 10 January 00:00 CST is 06:00Z; Monday 12 January 00:00 CST ends the weekend.
    expect(rows(rota, '2026-01-09T00:00:00Z', '2026-01-13T00:00:00Z')).toEqual([
      [1, '2026-01-09T00:00:00.000Z', '2026-01-10T06:00:00.000Z', 'layer'],
      [9, '2026-01-10T06:00:00.000Z', '2026-01-12T06:00:00.000Z', 'layer'],
      [2, '2026-01-12T06:00:00.000Z', '2026-01-13T00:00:00.000Z', 'layer'],
    ]);
  });
});

describe('restrictions', () => {
  it('covers weeknights crossing midnight: a window belongs to the day it starts', () => {
    const rota: Rota = {
      timeZone: CHI,
      layers: [
        {
          userIds: [4],
          startsAt: d('2026-01-01T00:00:00Z'),
          shiftHours: 168,
          restrict: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '18:00', to: '08:00' },
        },
      ],
      overrides: [],
    };
    // Thursday 8 January to Monday 12 January 2026: the end of Wednesday's night, Thu and Fri nights,
    // nothing on the weekend.
    expect(rows(rota, '2026-01-08T06:00:00Z', '2026-01-12T06:00:00Z')).toEqual([
      [4, '2026-01-08T06:00:00.000Z', '2026-01-08T14:00:00.000Z', 'layer'],
      [4, '2026-01-09T00:00:00.000Z', '2026-01-09T14:00:00.000Z', 'layer'],
      [4, '2026-01-10T00:00:00.000Z', '2026-01-10T14:00:00.000Z', 'layer'],
    ]);
  });

  it('includes the night that started before the range', () => {
    const windows = restrictionWindows(
      { days: ['mon'], from: '22:00', to: '06:00' },
      MAD,
      d('2026-01-13T02:00:00Z').getTime(),
      d('2026-01-13T12:00:00Z').getTime(),
    );
    expect(windows.map((w) => [new Date(w.start).toISOString(), new Date(w.end).toISOString()])).toEqual([
      ['2026-01-12T21:00:00.000Z', '2026-01-13T05:00:00.000Z'],
    ]);
  });
});

describe('overrides', () => {
  const base: Rota = {
    timeZone: CHI,
    layers: [{ userIds: [1, 2], startsAt: d('2026-01-05T14:00:00Z'), shiftHours: 24 }],
    overrides: [],
  };

  it('puts one person over a period, splitting the shift it falls into', () => {
    const rota = {
      ...base,
      overrides: [{ userId: 5, startsAt: d('2026-01-05T20:00:00Z'), endsAt: d('2026-01-06T02:00:00Z') }],
    };
    expect(rows(rota, '2026-01-05T14:00:00Z', '2026-01-06T14:00:00Z')).toEqual([
      [1, '2026-01-05T14:00:00.000Z', '2026-01-05T20:00:00.000Z', 'layer'],
      [5, '2026-01-05T20:00:00.000Z', '2026-01-06T02:00:00.000Z', 'override'],
      [1, '2026-01-06T02:00:00.000Z', '2026-01-06T14:00:00.000Z', 'layer'],
    ]);
  });

  it('fills a gap nobody covers, and a later override wins over an earlier one', () => {
    const rota: Rota = {
      timeZone: CHI,
      layers: [],
      overrides: [
        { userId: 5, startsAt: d('2026-01-05T00:00:00Z'), endsAt: d('2026-01-05T12:00:00Z') },
        { userId: 6, startsAt: d('2026-01-05T06:00:00Z'), endsAt: d('2026-01-05T08:00:00Z') },
      ],
    };
    expect(rows(rota, '2026-01-04T00:00:00Z', '2026-01-06T00:00:00Z')).toEqual([
      [5, '2026-01-05T00:00:00.000Z', '2026-01-05T06:00:00.000Z', 'override'],
      [6, '2026-01-05T06:00:00.000Z', '2026-01-05T08:00:00.000Z', 'override'],
      [5, '2026-01-05T08:00:00.000Z', '2026-01-05T12:00:00.000Z', 'override'],
    ]);
  });
});

describe('daylight saving', () => {
  const daily = (timeZone: string, startsAt: string): Rota => ({
    timeZone,
    layers: [{ userIds: [1, 2], startsAt: d(startsAt), shiftHours: 24 }],
    overrides: [],
  });

  it('Chicago, March: the daily 08:00 handover stays at 08:00, the shift over the change lasts 23 h', () => {
    // 8 March 2026, 02:00 CST becomes 03:00 CDT.
    expect(rows(daily(CHI, '2026-03-06T14:00:00Z'), '2026-03-06T14:00:00Z', '2026-03-09T13:00:00Z')).toEqual([
      [1, '2026-03-06T14:00:00.000Z', '2026-03-07T14:00:00.000Z', 'layer'],
      [2, '2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', 'layer'],
      [1, '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z', 'layer'],
    ]);
  });

  it('Chicago, November: the shift over the change lasts 25 h', () => {
    // 1 November 2026, 02:00 CDT becomes 01:00 CST.
    expect(rows(daily(CHI, '2026-10-30T13:00:00Z'), '2026-10-30T13:00:00Z', '2026-11-02T14:00:00Z')).toEqual([
      [1, '2026-10-30T13:00:00.000Z', '2026-10-31T13:00:00.000Z', 'layer'],
      [2, '2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z', 'layer'],
      [1, '2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z', 'layer'],
    ]);
  });

  it('Chicago, March: 12 h shifts hand over at 08:00 and 20:00 local, the night is 11 h', () => {
    const rota: Rota = {
      timeZone: CHI,
      layers: [{ userIds: [1, 2], startsAt: d('2026-03-07T14:00:00Z'), shiftHours: 12 }],
      overrides: [],
    };
    expect(rows(rota, '2026-03-07T14:00:00Z', '2026-03-09T01:00:00Z')).toEqual([
      [1, '2026-03-07T14:00:00.000Z', '2026-03-08T02:00:00.000Z', 'layer'],
      [2, '2026-03-08T02:00:00.000Z', '2026-03-08T13:00:00.000Z', 'layer'],
      [1, '2026-03-08T13:00:00.000Z', '2026-03-09T01:00:00.000Z', 'layer'],
    ]);
  });

  it('Madrid, March: a 22:00–06:00 night over the change lasts 7 h', () => {
    // 29 March 2026, 02:00 CET becomes 03:00 CEST.
    const rota: Rota = {
      timeZone: MAD,
      layers: [
        {
          userIds: [3],
          startsAt: d('2026-03-01T00:00:00Z'),
          shiftHours: 744,
          restrict: { days: ['sat', 'sun'], from: '22:00', to: '06:00' },
        },
      ],
      overrides: [],
    };
    expect(rows(rota, '2026-03-28T12:00:00Z', '2026-03-30T12:00:00Z')).toEqual([
      [3, '2026-03-28T21:00:00.000Z', '2026-03-29T04:00:00.000Z', 'layer'],
      [3, '2026-03-29T20:00:00.000Z', '2026-03-30T04:00:00.000Z', 'layer'],
    ]);
  });

  it('Madrid, autumn (25 October 2026, 03:00 CEST becomes 02:00 CET): the daily shift lasts 25 h', () => {
    expect(rows(daily(MAD, '2026-10-24T07:00:00Z'), '2026-10-24T07:00:00Z', '2026-10-26T08:00:00Z')).toEqual([
      [1, '2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z', 'layer'],
      [2, '2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z', 'layer'],
    ]);
  });

  it('Madrid, November: a weekly rotation started in summer still hands over at 09:00 local', () => {
    const rota: Rota = {
      timeZone: MAD,
      layers: [{ userIds: [1, 2], startsAt: d('2026-10-05T07:00:00Z'), shiftHours: 168 }],
      overrides: [],
    };
    // Monday 2 November 2026 09:00 CET is 08:00Z; the first shifts began at 09:00 CEST (07:00Z).
    expect(rows(rota, '2026-10-31T00:00:00Z', '2026-11-10T00:00:00Z')).toEqual([
      [2, '2026-10-31T00:00:00.000Z', '2026-11-02T08:00:00.000Z', 'layer'],
      [1, '2026-11-02T08:00:00.000Z', '2026-11-09T08:00:00.000Z', 'layer'],
      [2, '2026-11-09T08:00:00.000Z', '2026-11-10T00:00:00.000Z', 'layer'],
    ]);
  });
});

describe('on call now and next', () => {
  const rota: Rota = {
    timeZone: CHI,
    layers: [
      {
        userIds: [1, 2],
        startsAt: d('2026-01-05T00:00:00Z'),
        shiftHours: 24,
        restrict: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '18:00', to: '08:00' },
      },
    ],
    overrides: [],
  };

  it('names the person on call and the next shift', () => {
    const { current, next } = onCallAt(rota, d('2026-01-06T03:00:00Z'));
    expect(current?.userId).toBe(2);
    expect(next && [next.userId, next.startsAt.toISOString()]).toEqual([1, '2026-01-07T00:00:00.000Z']);
  });

  it('has nobody now during the day, and the evening next', () => {
    const { current, next } = onCallAt(rota, d('2026-01-06T18:00:00Z'));
    expect(current).toBeNull();
    expect(next && [next.userId, next.startsAt.toISOString()]).toEqual([1, '2026-01-07T00:00:00.000Z']);
  });

  it('names nobody next when no layer or override lies ahead', () => {
    expect(onCallAt({ timeZone: CHI, layers: [], overrides: [] }, d('2026-01-06T18:00:00Z'))).toEqual({
      current: null,
      next: null,
    });
  });
});
