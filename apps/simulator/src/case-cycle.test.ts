import { describe, expect, it } from 'vitest';
import { CASE_CYCLE, casePhase, caseSeed, phaseStatus, shortCycleRunning } from './case-cycle.ts';
import { mulberry32 } from './prng.ts';
import { createRack, rackSnapshot, STUCK_DEFROST_MINUTES, stepRack } from './rack-model.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const t0 = Date.parse('2026-11-22T00:00:00Z');

/** The defrost periods of a case over `days`, read a minute at a time. */
function defrosts(seed: number, days: number, stuckMinutes?: number) {
  const periods: { start: number; minutes: number }[] = [];
  let open: number | null = null;
  for (let t = t0; t < t0 + days * DAY; t += MINUTE) {
    const inDefrost = casePhase(seed, t, { stuckMinutes }).kind === 'defrost';
    if (inDefrost && open === null) open = t;
    if (!inDefrost && open !== null) {
      periods.push({ start: open, minutes: (t - open) / MINUTE });
      open = null;
    }
  }
  return periods;
}

describe('case cycles', () => {
  it('defrosts each case 4 times a day for 20 to 40 minutes, on a schedule of its own', () => {
    const a = defrosts(caseSeed(42, 0, 0), 7);
    const b = defrosts(caseSeed(42, 0, 1), 7);
    expect(a.length).toBeGreaterThanOrEqual(27);
    expect(a.length).toBeLessThanOrEqual(29);
    for (const d of a) {
      expect(d.minutes).toBeGreaterThanOrEqual(CASE_CYCLE.defrostMinMinutes);
      expect(d.minutes).toBeLessThanOrEqual(CASE_CYCLE.defrostMaxMinutes);
    }
    expect(a.map((d) => d.start)).not.toEqual(b.map((d) => d.start));
  });

  it('opens doors now and then, never during a defrost', () => {
    const seed = caseSeed(7, 1, 2);
    let doorMinutes = 0;
    for (let t = t0; t < t0 + DAY; t += MINUTE) {
      const phase = casePhase(seed, t);
      if (phase.kind === 'door') doorMinutes++;
      expect(phaseStatus(phase)).toBe(
        phase.kind === 'defrost' ? 'defrost' : phase.kind === 'door' ? 'door_open' : null,
      );
    }
    // About a third of the 48 half hours, 1–10 minutes each.
    expect(doorMinutes).toBeGreaterThan(20);
    expect(doorMinutes).toBeLessThan(200);
  });

  it('warms the air about 10 °F in a defrost, reports it, and pulls it back down', () => {
    const rand = mulberry32(3);
    const seeds = [caseSeed(3, 0, 0)];
    let rack = createRack('A', 1, rand);
    const none = new Set<never>();
    let peak = 0;
    const statuses = new Set<string>();
    for (let t = t0; t < t0 + DAY; t += 10_000) {
      rack = stepRack(rack, 10, none, rand, { nowMs: t, caseSeeds: seeds });
      const point = rackSnapshot(rack, none, { nowMs: t, caseSeeds: seeds }).points.find((p) => p.addr === 'A.CASE1');
      statuses.add(point?.status ?? '');
      if (casePhase(seeds[0] as number, t).kind === 'defrost') peak = Math.max(peak, point?.value ?? 0);
    }
    expect(peak).toBeGreaterThan(44);
    expect(statuses).toContain('defrost');
    expect(statuses).toContain('door_open');
  });

  it('stuck defrost runs 90 minutes; a short-cycling compressor starts 12 times an hour', () => {
    const stuck = defrosts(caseSeed(42, 0, 0), 1, STUCK_DEFROST_MINUTES);
    expect(stuck.every((d) => d.minutes === STUCK_DEFROST_MINUTES)).toBe(true);
    let starts = 0;
    let was = true;
    // Running at the start: the starts at 5, 10, … 60 minutes.
    for (let t = t0; t <= t0 + 60 * MINUTE; t += 10_000) {
      const on = shortCycleRunning(t);
      if (on && !was) starts++;
      was = on;
    }
    expect(starts).toBe(12);
    const rack = createRack('A', 1, mulberry32(1));
    const comp = (t: number) =>
      rackSnapshot(rack, new Set(['short_cycling'] as const), { nowMs: t, caseSeeds: [1] }).points.find(
        (p) => p.addr === 'A.COMP1',
      );
    expect(comp(t0)).toMatchObject({ value: 1, status: 'ok' });
    expect(comp(t0 + 3 * MINUTE)).toMatchObject({ value: 0, status: 'off' });
  });
});
