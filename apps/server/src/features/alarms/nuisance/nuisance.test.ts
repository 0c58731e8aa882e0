import { describe, expect, it } from 'vitest';
import { inFlood, isChattering, notifyDecision } from './nuisance.ts';

const minutes = (...m: number[]) => m.map((x) => new Date(Date.UTC(2026, 10, 25, 12, x)));

describe('chattering and floods', () => {
  const rule = { count: 3, minutes: 60 };
  it('3 raises of one condition within 60 minutes chatter; spread over more, they do not', () => {
    expect(isChattering(minutes(0, 20, 40), minutes(40)[0] as Date, rule)).toBe(true);
    expect(isChattering(minutes(0, 40), minutes(40)[0] as Date, rule)).toBe(false);
    const spread = [new Date(Date.UTC(2026, 10, 25, 10, 0)), ...minutes(0, 30)];
    expect(isChattering(spread, minutes(30)[0] as Date, rule)).toBe(false);
  });

  it('more than 10 alarms at a location within 10 minutes is a flood; 10 is not', () => {
    const ten = minutes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    expect(inFlood(ten, minutes(9)[0] as Date)).toBe(false);
    expect(inFlood([...ten, ...minutes(9)], minutes(9)[0] as Date)).toBe(true);
    // Eleven, but the first is older than 10 minutes by the last.
    expect(inFlood([...ten, ...minutes(10)], minutes(10)[0] as Date)).toBe(false);
  });

  it('decides each first email: a flood holds every email, a chattering alarm one an hour', () => {
    const at = minutes(30)[0] as Date;
    const base = { chattering: false, lastEmailAt: null, locationRaises: minutes(30), floodOpen: false, at };
    expect(notifyDecision(base)).toBe('email');
    expect(notifyDecision({ ...base, floodOpen: true })).toBe('in-flood');
    expect(notifyDecision({ ...base, locationRaises: minutes(21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 30) })).toBe(
      'flood-start',
    );
    expect(notifyDecision({ ...base, chattering: true, lastEmailAt: minutes(0)[0] as Date })).toBe('chattering');
    expect(notifyDecision({ ...base, chattering: true, lastEmailAt: new Date(at.getTime() - 3_600_000) })).toBe(
      'email',
    );
  });
});
