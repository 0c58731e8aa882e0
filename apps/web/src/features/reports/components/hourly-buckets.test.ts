import { describe, expect, it } from 'vitest';
import { chartBuckets, labelEvery } from './hourly-buckets.ts';

const hours = (n: number, at = (i: number) => ({ alarms: i % 3, peak_10min: i % 5 })) =>
  Array.from({ length: n }, (_, i) => ({ hour: new Date(Date.UTC(2026, 10, 1, i)).toISOString(), ...at(i) }));
const utcDay = (iso: string) => iso.slice(0, 10);

describe('the alarm-management chart on a narrow screen', () => {
  it('keeps one bar per hour while each bar is wide enough', () => {
    const r = chartBuckets(hours(48), 900, utcDay);
    expect(r.unit).toBe('hour');
    expect(r.buckets).toHaveLength(48);
  });

  it('groups 30 days of hours into 30 days on a phone: the day’s alarms and its busiest 10 minutes', () => {
    const data = hours(720);
    const r = chartBuckets(data, 330, utcDay);
    expect(r.unit).toBe('day');
    expect(r.buckets).toHaveLength(30);
    const first = data.slice(0, 24);
    expect(r.buckets[0]).toEqual({
      start: first[0]?.hour,
      alarms: first.reduce((s, h) => s + h.alarms, 0),
      peak_10min: Math.max(...first.map((h) => h.peak_10min)),
    });
    expect(r.buckets.reduce((s, b) => s + b.alarms, 0)).toBe(data.reduce((s, h) => s + h.alarms, 0));
  });

  it('labels the axis only as often as a label fits', () => {
    expect(labelEvery(30, 330)).toBe(8);
    expect(labelEvery(24, 960)).toBe(2);
    expect(labelEvery(3, 330)).toBe(1);
  });
});
