import type { PointStatus } from '@rcm/shared/device';
import { describe, expect, it } from 'vitest';
import { casePoint, controller, min, rulesWith, run } from './case-fixtures.ts';

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
