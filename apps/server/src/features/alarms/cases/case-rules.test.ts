import type { PointStatus } from '@rcm/shared/device';
import { describe, expect, it } from 'vitest';
import { ALARM_CATALOGUE } from '../engine/catalogue.ts';
import {
  type AlarmRule,
  type ControllerState,
  type Decision,
  emptyState,
  evaluateSamples,
  type Sample,
} from '../engine/engine.ts';
import { evaluateCaseRules, observeCases } from './case-rules.ts';
import { type CaseRecord, type ControllerCases, emptyCases, stepLag } from './case-state.ts';

const catalogue: AlarmRule[] = ALARM_CATALOGUE.map((t, i) => ({
  id: i + 1,
  code: t.code,
  name: t.name,
  source: t.source,
  match: t.match,
  comparator: t.comparator ?? 'gt',
  threshold: t.threshold ?? null,
  hysteresis: t.hysteresis ?? 0,
  delaySeconds: t.delaySeconds ?? 0,
  severity: t.severity,
  autoClear: t.autoClear ?? true,
  enabled: t.enabled ?? true,
}));

/** The catalogue with the case temperature rule's defrost recovery and probe set as given. */
function rulesWith(opts: { recovery?: number; probe?: number | null }): AlarmRule[] {
  return catalogue.map((r) =>
    r.code === 'CASE_HIGH_TEMP'
      ? { ...r, defrostRecoveryMinutes: opts.recovery ?? 45, productProbeMinutes: opts.probe ?? null }
      : r,
  );
}

const t0 = Date.parse('2026-11-22T10:00:00Z');
const min = (m: number) => t0 + m * 60_000;

const casePoint = (value: number | null, status: PointStatus = 'ok'): Sample => ({
  subject: 'A.CASE1',
  rackRef: 'A',
  kind: 'point',
  name: 'Case 1 Temperature',
  value,
  unit: '°F',
  status,
});
const compressor = (running: boolean): Sample => ({
  subject: 'A.COMP1',
  rackRef: 'A',
  kind: 'point',
  name: 'Compressor 1',
  value: running ? 1 : 0,
  status: running ? 'ok' : 'off',
});

/** A controller fed message by message, as the writer does: case points first, then the rules. */
function controller(rules: readonly AlarmRule[]) {
  const state: ControllerState = emptyState();
  const cases: ControllerCases = emptyCases();
  const records: CaseRecord[] = [];
  const decisions: { at: number; d: Decision }[] = [];
  const products: { at: number; value: number }[] = [];
  return {
    state,
    cases,
    records,
    decisions,
    products,
    feed(at: number, samples: Sample[]) {
      const product = new Map<string, number>();
      observeCases(cases, rules, samples, at, records, product);
      const p = product.get('A.CASE1');
      if (p !== undefined) products.push({ at, value: p });
      const when = new Date(at);
      for (const d of evaluateSamples(rules, state, samples, when, { points: cases, out: records }))
        decisions.push({ at, d });
      for (const d of evaluateCaseRules(rules, state, cases, samples, when)) decisions.push({ at, d });
    },
    raises(code: string) {
      return decisions.filter((x) => x.d.kind === 'raise' && x.d.rule.code === code);
    },
    /** When alarms were cleared (a raise not yet stored carries its clear time). */
    clears(): number[] {
      return decisions.flatMap((x) => {
        if (x.d.kind === 'clear') return [x.at];
        if (x.d.kind === 'raise' && x.d.clearedAt) return [x.d.clearedAt.getTime()];
        return [];
      });
    },
  };
}

/** One reading a minute from `from` to `to` (exclusive), the air and status given per minute. */
function run(
  c: ReturnType<typeof controller>,
  from: number,
  to: number,
  air: (m: number) => number,
  status: (m: number) => PointStatus = () => 'ok',
) {
  for (let m = from; m < to; m++) c.feed(min(m), [casePoint(air(m), status(m))]);
}

describe('defrost-aware temperature rule', () => {
  // Defrost from minute 10 to 40 (the air rises to 50 °F), then the air falls back over 25 minutes.
  const air = (m: number) => (m < 10 ? 35 : m < 40 ? 50 : m < 65 ? 50 - ((m - 40) * 15) / 25 : 35);
  const status = (m: number): PointStatus => (m >= 10 && m < 40 ? 'defrost' : 'ok');

  it('raises nothing during a defrost and its recovery, records the defrost and the alarm it held back', () => {
    const c = controller(rulesWith({ recovery: 45 }));
    run(c, 0, 120, air, status);
    expect(c.raises('CASE_HIGH_TEMP')).toHaveLength(0);
    // No condition is left pending from the hold either.
    expect(c.state.conditions.size).toBe(0);
    const events = c.records.filter((r) => r.kind === 'event-start' || r.kind === 'event-end');
    expect(events).toEqual([
      { kind: 'event-start', type: 'defrost', addr: 'A.CASE1', rackRef: 'A', at: min(10) },
      { kind: 'event-end', type: 'defrost', addr: 'A.CASE1', at: min(40) },
    ]);
    // The plain air rule (41 °F for 5 min) would have raised at minute 15; the air is back at or
    // below 40 °F (41 minus the 1 °F hysteresis) at minute 57.
    const held = c.records.filter((r) => r.kind === 'held');
    expect(held).toEqual([
      {
        kind: 'held',
        cause: 'defrost',
        ruleId: expect.any(Number),
        addr: 'A.CASE1',
        rackRef: 'A',
        since: min(15),
        until: min(57),
      },
    ]);
  });

  it('judges again when the recovery is over: air still high after it raises after the delay', () => {
    const c = controller(rulesWith({ recovery: 10 }));
    // Defrost 10..40, then the air stays at 50 °F: recovery ends at minute 50, the delay (5 min) at 55.
    run(c, 0, 70, (m) => (m < 10 ? 35 : 50), status);
    const raised = c.raises('CASE_HIGH_TEMP');
    expect(raised.map((r) => r.at)).toEqual([min(55)]);
    // A raise that did come is not counted as held back.
    run(c, 70, 80, () => 35);
    expect(c.records.filter((r) => r.kind === 'held')).toHaveLength(0);
  });

  it('holds from the first defrost reading to exactly the recovery after the last', () => {
    const c = controller(rulesWith({ recovery: 0, probe: null }));
    // Recovery 0: the first reading after the defrost is judged; the delay starts there.
    run(
      c,
      0,
      30,
      (m) => (m < 10 ? 35 : 45),
      (m) => (m >= 10 && m < 20 ? 'defrost' : 'ok'),
    );
    expect(c.raises('CASE_HIGH_TEMP').map((r) => r.at)).toEqual([min(25)]);
  });

  it('keeps an alarm open before the defrost open through it', () => {
    const c = controller(rulesWith({ recovery: 45 }));
    run(c, 0, 20, () => 50);
    expect(c.raises('CASE_HIGH_TEMP')).toHaveLength(1);
    run(
      c,
      20,
      50,
      () => 50,
      () => 'defrost',
    );
    expect(c.clears()).toHaveLength(0);
  });
});

describe('the recovery after a defrost ends early', () => {
  // Defrost from minute 10 to 40, the air heading for 48 °F; what follows is up to each test.
  const defrost = (m: number): PointStatus => (m >= 10 && m < 40 ? 'defrost' : 'ok');
  const warm = (m: number) => 35 + 13 * (1 - Math.exp(-(m - 10) / 6));
  /** A working case: after the defrost the air pulls down toward 35 °F with a 5-minute time constant. */
  const pulldown = (m: number) => 35 + (warm(40) - 35) * Math.exp(-(m - 40) / 5);
  const raisedAt = (c: ReturnType<typeof controller>) => c.raises('CASE_HIGH_TEMP').map((r) => r.at);

  it('holds a normal pull-down (air and product judged) and raises nothing', () => {
    for (const probe of [null, 20]) {
      const c = controller(rulesWith({ recovery: 45, probe }));
      run(c, 0, 120, (m) => (m < 10 ? 35 : m < 40 ? warm(m) : pulldown(m)), defrost);
      expect(raisedAt(c)).toEqual([]);
      expect(c.state.conditions.size).toBe(0);
    }
  });

  it('ends when the case is back within the limit: a fault after that is judged at once', () => {
    const c = controller(rulesWith({ recovery: 45, probe: null }));
    // Back within 40 °F at minute 47; the case fails at minute 55 (air 50 °F), inside the 45-minute recovery.
    run(c, 0, 80, (m) => (m < 10 ? 35 : m < 40 ? warm(m) : m < 55 ? pulldown(m) : 50), defrost);
    // Judged from 55 with its 5-minute delay (the whole recovery would have held it until 85 + 5).
    expect(raisedAt(c)).toEqual([min(60)]);
  });

  it('ends when the air does not pull down: a failed compressor after a defrost raises within minutes', () => {
    for (const probe of [null, 20]) {
      const c = controller(rulesWith({ recovery: 45, probe }));
      // The air stays at the defrost's temperature: 10 minutes after the end it has not come down 2 °F.
      run(c, 0, 100, (m) => (m < 10 ? 35 : m < 40 ? warm(m) : warm(40)), defrost);
      // Released at minute 50, raised after the 5-minute delay (the product is already above 41 °F).
      expect(raisedAt(c)).toEqual([min(55)]);
    }
  });

  it('ends when the air climbs back after starting to pull down (a fan failing)', () => {
    const c = controller(rulesWith({ recovery: 45, probe: null }));
    // 46.5 °F at the end, down 0.7 °F a minute to 41.6 °F at minute 47, then back up 1.5 °F a minute.
    const air = (m: number) =>
      m < 10 ? 35 : m < 40 ? warm(m) : m < 47 ? 46.5 - (m - 40) * 0.7 : 41.6 + (m - 47) * 1.5;
    run(c, 0, 80, air, defrost);
    // At minute 50 the air (46.1 °F) is within 2 °F of its highest since the defrost's last reading
    // (47.9 °F): released, and raised after the 5-minute delay.
    expect(raisedAt(c)).toEqual([min(55)]);
  });

  it('keeps holding through a door opening in the recovery (the product probe judges doors)', () => {
    const c = controller(rulesWith({ recovery: 45, probe: 20 }));
    // Pulled down by minute 55, then the door is open 8 minutes (air 46.5 °F) while the product is still warm.
    const door = (m: number) => m >= 55 && m < 63;
    run(
      c,
      0,
      120,
      (m) => (m < 10 ? 35 : m < 40 ? warm(m) : door(m) ? 46.5 : pulldown(m)),
      (m) => (door(m) ? 'door_open' : defrost(m)),
    );
    expect(raisedAt(c)).toEqual([]);
    expect(c.cases.points.get('A.CASE1')?.recovery?.stalled).toBe(false);
  });

  it('keeps holding a slow but real pull-down until the recovery is over', () => {
    const c = controller(rulesWith({ recovery: 45, probe: null }));
    // 48 °F down 0.25 °F a minute: 2.5 °F lower after 10 minutes, above 41 °F until minute 68.
    run(c, 0, 100, (m) => (m < 10 ? 35 : m < 40 ? 48 : Math.max(35, 48 - (m - 40) * 0.25)), defrost);
    expect(raisedAt(c)).toEqual([]);
  });

  it('ignores out-of-order and repeated readings in the recovery', () => {
    const air = (m: number) => (m < 10 ? 35 : m < 40 ? warm(m) : pulldown(m));
    const inOrder = controller(rulesWith({ recovery: 45, probe: 20 }));
    const noisy = controller(rulesWith({ recovery: 45, probe: 20 }));
    run(inOrder, 0, 100, air, defrost);
    for (let m = 0; m < 100; m++) {
      noisy.feed(min(m), [casePoint(air(m), defrost(m))]);
      // The same reading again, and a late reading from the defrost: neither is taken.
      noisy.feed(min(m), [casePoint(air(m), defrost(m))]);
      if (m > 40) noisy.feed(min(m - 2), [casePoint(50, 'defrost')]);
    }
    expect(raisedAt(noisy)).toEqual([]);
    expect(noisy.records).toEqual(inOrder.records);
    expect(noisy.products).toEqual(inOrder.products);
  });

  it('judges a gap by what the readings show: pulled down, or not', () => {
    const before = (m: number) => (m < 10 ? 35 : warm(Math.min(m, 39)));
    // The first reading after the defrost at 40, then nothing until minute 70.
    const stalled = controller(rulesWith({ recovery: 45, probe: null }));
    run(stalled, 0, 41, before, defrost);
    run(stalled, 70, 90, () => warm(39) - 1);
    // At 70 the air is 1 °F below its highest since the end: no pull-down; raised 5 minutes later.
    expect(raisedAt(stalled)).toEqual([min(75)]);
    const pulling = controller(rulesWith({ recovery: 45, probe: null }));
    run(pulling, 0, 41, before, defrost);
    run(pulling, 70, 90, () => 43);
    // 43 °F is well down from the peak but above the limit: held until the recovery ends (85), then the delay.
    expect(raisedAt(pulling)).toEqual([]);
    run(pulling, 90, 95, () => 43);
    expect(raisedAt(pulling)).toEqual([min(90)]);
  });

  it('starts afresh at the next defrost', () => {
    const c = controller(rulesWith({ recovery: 45, probe: null }));
    // A first defrost recovers; a second (minute 60 to 70) is followed by a failed pull-down.
    run(c, 0, 60, (m) => (m < 10 ? 35 : m < 40 ? warm(m) : pulldown(m)), defrost);
    run(
      c,
      60,
      100,
      () => 47,
      (m) => (m < 70 ? 'defrost' : 'ok'),
    );
    // The second recovery's pull-down failed at minute 80 (10 minutes after its end): raised at 85.
    expect(raisedAt(c)).toEqual([min(85)]);
  });
});

describe('DEFROST_OVERRUN', () => {
  it('is raised when a defrost lasts past the limit and cleared when it ends', () => {
    const c = controller(rulesWith({}));
    run(
      c,
      0,
      90,
      () => 40,
      (m) => (m >= 5 && m < 80 ? 'defrost' : 'ok'),
    );
    // Limit 60 min: raised at the first reading past it (minute 66), cleared at the end (80).
    expect(c.raises('DEFROST_OVERRUN').map((r) => r.at)).toEqual([min(66)]);
    expect(c.clears()).toEqual([min(80)]);
  });

  it('is not raised by a defrost within the limit', () => {
    const c = controller(rulesWith({}));
    run(
      c,
      0,
      90,
      () => 40,
      (m) => (m >= 5 && m < 65 ? 'defrost' : 'ok'),
    );
    expect(c.raises('DEFROST_OVERRUN')).toHaveLength(0);
  });
});

describe('product probe', () => {
  it('follows the air with the exact first-order lag, and lets a door opening pass', () => {
    const c = controller(rulesWith({ probe: 20 }));
    // Door open for 8 minutes, the air at 50 °F.
    run(
      c,
      0,
      30,
      (m) => (m >= 5 && m < 13 ? 50 : 35),
      (m) => (m >= 5 && m < 13 ? 'door_open' : 'ok'),
    );
    expect(c.raises('CASE_HIGH_TEMP')).toHaveLength(0);
    const peak = Math.max(...c.products.map((p) => p.value));
    // 35 + 15·(1 − e^(−8/20)) ≈ 39.95 °F.
    expect(peak).toBeCloseTo(35 + 15 * (1 - Math.exp(-8 / 20)), 1);
    expect(c.records.filter((r) => r.kind === 'event-start')).toEqual([
      { kind: 'event-start', type: 'door_open', addr: 'A.CASE1', rackRef: 'A', at: min(5) },
    ]);
    // The air alone (above 41 °F from minute 5, 5 minutes' delay) would have raised at minute 10.
    expect(c.records.filter((r) => r.kind === 'held').map((r) => r.kind === 'held' && r.cause)).toEqual(['product']);
  });

  it('catches a real failure within the delay plus the time constant', () => {
    const c = controller(rulesWith({ probe: 20 }));
    run(c, 0, 60, (m) => (m < 5 ? 35 : 50));
    const [raised] = c.raises('CASE_HIGH_TEMP');
    // The air is 50 °F from minute 5 (the lag steps toward it from minute 4): the product crosses
    // 41 °F at 4 + 20·ln(15/9) ≈ 14.2 min, so at the reading of minute 15; the delay ends 5 minutes later.
    expect(raised?.at).toBe(min(20));
    expect((raised?.at ?? 0) - min(5)).toBeLessThanOrEqual((5 + 20) * 60_000);
    if (raised?.d.kind === 'raise') expect(raised.d.reason).toContain('(product)');
  });

  it('ignores out-of-order and repeated readings', () => {
    const inOrder = controller(rulesWith({ probe: 20 }));
    const shuffled = controller(rulesWith({ probe: 20 }));
    const air = (m: number) => 35 + (m % 7);
    run(inOrder, 0, 30, air);
    for (let m = 0; m < 30; m++) {
      shuffled.feed(min(m), [casePoint(air(m))]);
      shuffled.feed(min(m), [casePoint(air(m) + 20)]); // the same instant again: ignored
      if (m > 3) shuffled.feed(min(m - 3), [casePoint(90)]); // late: ignored
    }
    expect(shuffled.products.map((p) => p.value)).toEqual(inOrder.products.map((p) => p.value));
  });

  it('takes a gap in one exact step', () => {
    const c = controller(rulesWith({ probe: 20 }));
    c.feed(min(0), [casePoint(35)]);
    c.feed(min(120), [casePoint(50)]);
    expect(c.products.at(-1)?.value).toBeCloseTo(stepLag(35, 50, 120 * 60_000, 20 * 60_000), 2);
    // Ten 1-minute steps toward a constant air equal one 10-minute step.
    let p = 35;
    for (let i = 0; i < 10; i++) p = stepLag(p, 50, 60_000, 1_200_000);
    expect(p).toBeCloseTo(stepLag(35, 50, 600_000, 1_200_000), 10);
  });
});

describe('time in range by the hour', () => {
  it('splits the observed time into held, in range and out of range, and leaves gaps out', () => {
    const c = controller(rulesWith({ recovery: 0 }));
    // 10:00–11:00: 20 minutes in range, 20 defrosting, 20 above the limit; then a 2-hour gap.
    run(
      c,
      0,
      61,
      (m) => (m < 40 ? 35 : 45),
      (m) => (m >= 20 && m < 40 ? 'defrost' : 'ok'),
    );
    c.feed(min(180), [casePoint(35)]);
    const hours = c.records.filter((r) => r.kind === 'hour');
    expect(hours).toEqual([
      {
        kind: 'hour',
        addr: 'A.CASE1',
        rackRef: 'A',
        bucket: min(0),
        observedMs: 60 * 60_000,
        heldMs: 20 * 60_000,
        inRangeMs: 20 * 60_000,
      },
      { kind: 'hour', addr: 'A.CASE1', rackRef: 'A', bucket: min(60), observedMs: 0, heldMs: 0, inRangeMs: 0 },
    ]);
  });
});

describe('COMPRESSOR_SHORT_CYCLING', () => {
  it('counts starts (off → running) in the last hour, raises above the limit and clears below it', () => {
    const c = controller(rulesWith({}));
    // On 2 minutes, off 3: 12 starts an hour, above the limit of 6.
    for (let m = 0; m < 60; m++) c.feed(min(m), [compressor(m % 5 < 2)]);
    const raised = c.raises('COMPRESSOR_SHORT_CYCLING');
    expect(raised).toHaveLength(1);
    // The first reading (running) is no start; starts at 5, 10, … the 7th at minute 35.
    expect(raised[0]?.at).toBe(min(35));
    // Running steadily: the starts age out; cleared at 5 or fewer (limit 6 minus hysteresis 1).
    for (let m = 60; m < 130; m++) c.feed(min(m), [compressor(true)]);
    // Starts at minutes 5, 10, … 60 (running again at 60 is one too): at minute 95 those up to 35
    // have aged out, 5 are left.
    expect(c.clears()).toEqual([min(95)]);
  });

  it('ignores a fault reading and a repeated start at the same instant', () => {
    const c = controller(rulesWith({}));
    for (let m = 0; m < 60; m++) {
      c.feed(min(m), [compressor(m % 10 < 5)]);
      c.feed(min(m), [compressor(true)]);
    }
    // 5 starts in the hour: within the limit.
    expect(c.raises('COMPRESSOR_SHORT_CYCLING')).toHaveLength(0);
  });
});
