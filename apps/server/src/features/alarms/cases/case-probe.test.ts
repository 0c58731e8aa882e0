import { describe, expect, it } from 'vitest';
import { casePoint, compressor, controller, min, rulesWith, run } from './case-fixtures.ts';
import { stepLag } from './case-state.ts';

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
