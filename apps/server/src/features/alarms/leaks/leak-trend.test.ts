import { mulberry32 } from '@rcm/simulator/prng';
import { createRack, stepRack } from '@rcm/simulator/rack-model';
import { describe, expect, it } from 'vitest';
import { type AlarmRule, emptyState, type Sample } from '../engine/engine.ts';
import { evaluateLeakTrend, LEAK_ALARM_CODE } from './leak-rule.ts';
import { emptyTrend, isFalling, judgeTrend, observeLevel, readTrend, theilSen } from './leak-trend.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-06-01T00:00:00Z');

type Series = {
  /** %-points per day lost from `leakFrom` on (0: a tight system). */
  leakPerDay: number;
  leakFrom: number;
  /** Uniform noise of ± this many %-points on every reading. */
  noise: number;
  periodMin: number;
  days: number;
  seed: number;
};

/**
 * A receiver level around 60 % with uniform noise and four defrosts a day (the level dips 12
 * %-points for 40 minutes, then comes back), falling steadily once the leak starts.
 */
function* series(s: Series): Generator<{ at: number; value: number }> {
  const rand = mulberry32(s.seed);
  for (let at = T0; at < T0 + s.days * DAY; at += s.periodMin * 60_000) {
    const leak = at >= s.leakFrom ? ((at - s.leakFrom) / DAY) * s.leakPerDay : 0;
    const inDay = (at - T0) % DAY;
    const defrost = [1, 7, 13, 19].some((h) => inDay >= h * HOUR && inDay < h * HOUR + 40 * 60_000) ? -12 : 0;
    yield { at, value: Math.max(0, 60 - leak + defrost + (rand() * 2 - 1) * s.noise) };
  }
}

/** Runs the detector over a series: when it first raised, how many times it raised and cleared. */
function run(s: Series) {
  const trend = emptyTrend();
  let open = false;
  let firstRaise: number | null = null;
  let raises = 0;
  let clears = 0;
  for (const r of series(s)) {
    if (!observeLevel(trend, r.at, r.value)) continue;
    const verdict = judgeTrend(trend, open, readTrend(trend));
    if (verdict === 'raise') {
      open = true;
      raises++;
      firstRaise ??= r.at;
    } else if (verdict === 'clear') {
      open = false;
      clears++;
    }
  }
  return { firstRaise, raises, clears, open };
}

describe('leak trend detection (synthetic series)', () => {
  it('Theil–Sen ignores a few outlying hours', () => {
    const points = Array.from({ length: 24 }, (_, x) => ({ x, y: 60 - x / 8 + (x % 6 === 0 ? -15 : 0) }));
    expect(theilSen(points)?.slope).toBeCloseTo(-3, 5);
  });

  it('never raises on a stable level with ±3 %-point noise and defrost dips', () => {
    const table: string[] = [];
    for (const noise of [1, 3]) {
      for (const periodMin of [1, 5, 15]) {
        let raises = 0;
        for (let seed = 1; seed <= 10; seed++) {
          raises += run({ leakPerDay: 0, leakFrom: Infinity, noise, periodMin, days: 14, seed }).raises;
        }
        table.push(`stable, noise ±${noise}, every ${periodMin} min, 10×14 days: ${raises} raises`);
        expect(raises).toBe(0);
      }
    }
    console.info(table.join('\n'));
  });

  it('detects leaks of 2–10 %-points a day and says how long it took', () => {
    const table: string[] = [];
    for (const leakPerDay of [2, 3, 5, 10]) {
      for (const noise of [1, 3]) {
        for (const periodMin of [5, 15]) {
          const delays: number[] = [];
          for (let seed = 1; seed <= 5; seed++) {
            const leakFrom = T0 + 2 * DAY + seed * 3 * HOUR;
            const r = run({ leakPerDay, leakFrom, noise, periodMin, days: 7, seed });
            if (r.firstRaise !== null) delays.push((r.firstRaise - leakFrom) / HOUR);
          }
          const range = delays.length ? `${Math.min(...delays).toFixed(0)}–${Math.max(...delays).toFixed(0)} h` : '—';
          table.push(
            `leak ${leakPerDay} %/day, noise ±${noise}, every ${periodMin} min: ${delays.length}/5 detected within 5 days, after ${range}`,
          );
          // At the threshold itself the noisiest series may not be sure within five days; above it, all are.
          if (leakPerDay >= 3 || noise === 1)
            expect(delays, `${leakPerDay} %/day ±${noise} ${periodMin} min`).toHaveLength(5);
          else expect(delays.length).toBeGreaterThanOrEqual(1);
          if (leakPerDay >= 5) expect(Math.max(...delays)).toBeLessThanOrEqual(30);
        }
      }
    }
    console.info(table.join('\n'));
  });

  it('rarely raises on the simulator’s stable receivers, whose level wanders ±4 %-points over minutes', () => {
    let raises = 0;
    for (let r = 1; r <= 20; r++) {
      const rand = mulberry32(r);
      let rack = createRack('A', 3, rand);
      const trend = emptyTrend();
      let open = false;
      for (let at = T0; at < T0 + 14 * DAY; at += 10_000) {
        rack = stepRack(rack, 10, new Set(), rand);
        if (!observeLevel(trend, at, rack.liquidLevel)) continue;
        const verdict = judgeTrend(trend, open, readTrend(trend));
        if (verdict === 'raise') raises++;
        if (verdict) open = verdict === 'raise';
      }
    }
    console.info(`simulator, stable, every 10 s, 20×14 days: ${raises} raises`);
    expect(raises).toBeLessThanOrEqual(2);
  });

  it('clears once the level stops falling (the leak repaired and the system recharged)', () => {
    const trend = emptyTrend();
    let open = false;
    let clearedAt: number | null = null;
    const stopAt = T0 + 3 * DAY;
    for (let at = T0; at < T0 + 6 * DAY; at += 5 * 60_000) {
      const value = at < stopAt ? 70 - ((at - T0) / DAY) * 5 : 62;
      if (!observeLevel(trend, at, value)) continue;
      const verdict = judgeTrend(trend, open, readTrend(trend));
      if (verdict === 'raise') open = true;
      if (verdict === 'clear') {
        open = false;
        clearedAt ??= at;
      }
    }
    expect(open).toBe(false);
    expect(((clearedAt ?? 0) - stopAt) / HOUR).toBeLessThanOrEqual(24);
  });

  it('a step down (refrigerant recovered for service) is not a steady fall', () => {
    const trend = emptyTrend();
    let raised = false;
    for (let at = T0; at < T0 + 4 * DAY; at += 5 * 60_000) {
      const value = at < T0 + 2 * DAY ? 60 : 45;
      if (observeLevel(trend, at, value) && judgeTrend(trend, false, readTrend(trend)) === 'raise') raised = true;
    }
    expect(raised).toBe(false);
  });

  it('takes buffered readings by their own time and keeps its state bounded', () => {
    const trend = emptyTrend();
    // Two days uploaded out of order (newest hour first, then the rest).
    const readings = [...series({ leakPerDay: 6, leakFrom: T0, noise: 3, periodMin: 1, days: 2, seed: 3 })];
    const last = readings.pop();
    if (last) observeLevel(trend, last.at, last.value);
    for (const r of readings) observeLevel(trend, r.at, r.value);
    expect(trend.hours.length).toBeLessThanOrEqual(25);
    expect(Math.max(...trend.hours.map((h) => h.values.length))).toBeLessThan(32);
    const reading = readTrend(trend);
    expect(reading?.perDay).toBeLessThan(-4);
    expect(reading && isFalling(reading)).toBe(true);
  });
});

describe('evaluateLeakTrend (engine rule)', () => {
  const rule: AlarmRule = {
    id: 42,
    code: LEAK_ALARM_CODE,
    name: 'Refrigerant leak suspected',
    nameEs: 'Posible fuga de refrigerante',
    source: 'trend',
    match: 'liquid_level',
    comparator: 'lt',
    threshold: null,
    hysteresis: 0,
    delaySeconds: 0,
    severity: 'high',
    autoClear: true,
    enabled: true,
  };
  const sample = (value: number): Sample[] => [
    { subject: 'A:liquid_level', rackRef: 'A', kind: 'metric', value, unit: '%' },
    { subject: 'A:superheat', rackRef: 'A', kind: 'metric', value: 8, unit: 'K' },
  ];

  it('raises with the loss per day in both languages, then clears when the level holds', () => {
    const state = emptyState();
    const trends = new Map();
    const decisions = [];
    for (let at = T0; at < T0 + 5 * DAY; at += 10 * 60_000) {
      const value = at < T0 + 2 * DAY ? 70 - ((at - T0) / DAY) * 4 : 62;
      decisions.push(...evaluateLeakTrend(rule, state, trends, sample(value), new Date(at)));
    }
    const raise = decisions.find((d) => d.kind === 'raise');
    expect(raise).toMatchObject({ subject: 'A:liquid_level', rackRef: 'A', severity: 'high' });
    if (raise?.kind !== 'raise') throw new Error('no raise');
    expect(raise.reason).toMatch(/Rack A liquid level falling 4(\.\d)? %-points per day/);
    expect(raise.reasonEs).toMatch(/nivel de líquido bajando 4(\.\d)? puntos porcentuales por día/);
    // Raised and cleared in this run: the pending raise carries its clear time.
    expect(raise.clearedAt).not.toBeNull();
    expect(state.open.size).toBe(0);
    expect(trends.get('A').hours.length).toBeLessThanOrEqual(25);
  });

  it('takes its rate from the alarm type’s threshold (%-points per day)', () => {
    const lenient = { ...rule, threshold: 6 };
    const state = emptyState();
    const trends = new Map();
    const decisions = [];
    for (let at = T0; at < T0 + 3 * DAY; at += 10 * 60_000) {
      decisions.push(...evaluateLeakTrend(lenient, state, trends, sample(70 - ((at - T0) / DAY) * 4), new Date(at)));
    }
    expect(decisions).toEqual([]);
  });

  it('respects an alarm already open (another instance or before a restart)', () => {
    const state = emptyState();
    state.open.set(`42|A:liquid_level`, { id: 7 });
    const trends = new Map();
    const decisions = [];
    for (let at = T0; at < T0 + 2 * DAY; at += 10 * 60_000) {
      decisions.push(...evaluateLeakTrend(rule, state, trends, sample(60), new Date(at)));
    }
    expect(decisions).toEqual([{ kind: 'clear', alarmId: 7, at: expect.any(Date) }]);
  });
});
