import { describe, expect, it } from 'vitest';
import { addMonths, annualizedLeakRate, evaluateLog, type LogEntry, leakCheckIntervalMonths } from './compliance.ts';

describe('annualizedLeakRate', () => {
  it('annualizes over the days since the previous charge, at most 365 and at least one', () => {
    // (10 ÷ 200) × (365 ÷ 73) × 100 = 25 %.
    expect(annualizedLeakRate({ addedKg: 10, fullChargeKg: 200, daysSincePrevious: 73 }).percent).toBeCloseTo(25, 10);
    // No previous charge: 365 days, so the share added is the rate.
    expect(annualizedLeakRate({ addedKg: 10, fullChargeKg: 200, daysSincePrevious: null })).toEqual({
      percent: 5,
      days: 365,
    });
    // 500 days counts as 365; the same day counts as one.
    expect(annualizedLeakRate({ addedKg: 10, fullChargeKg: 200, daysSincePrevious: 500 }).days).toBe(365);
    expect(annualizedLeakRate({ addedKg: 1, fullChargeKg: 365, daysSincePrevious: 0 })).toEqual({
      percent: 100,
      days: 1,
    });
  });
});

describe('leakCheckIntervalMonths (EU 2024/573)', () => {
  const months = (t: number, leakDetection = false, euFgas = true) =>
    leakCheckIntervalMonths({ co2eTonnes: t, euFgas, leakDetection });
  it('steps at 5, 50 and 500 t CO2e and doubles with a leak detection system', () => {
    expect([4.99, 5, 49.99, 50, 499.99, 500].map((t) => months(t))).toEqual([null, 12, 12, 6, 6, 3]);
    expect([5, 50, 500].map((t) => months(t, true))).toEqual([24, 12, 6]);
    expect(months(5000, false, false)).toBeNull();
  });
  it('adds calendar months, keeping to the month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-08-15', 6)).toBe('2027-02-15');
  });
});

describe('evaluateLog', () => {
  const system = {
    refrigerant: 'R-404A' as const,
    fullChargeKg: 100,
    applianceType: 'commercial_refrigeration' as const,
    leakDetectionSystem: false,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  };
  const entry = (id: number, type: LogEntry['type'], at: string, extra: Partial<LogEntry> = {}): LogEntry => ({
    id,
    type,
    at: new Date(`${at}T12:00:00Z`),
    amountKg: null,
    fullChargeKg: null,
    applianceType: null,
    result: null,
    correctsEventId: null,
    ...extra,
  });
  it('a verification test before any repair closes nothing; a later charge over the threshold keeps the first deadline', () => {
    const log = [
      entry(1, 'charge', '2026-03-01', { amountKg: 25, fullChargeKg: 100 }),
      entry(2, 'verification_test', '2026-03-02', { result: 'passed' }),
      entry(3, 'charge', '2026-03-11', { amountKg: 5, fullChargeKg: 100 }),
    ];
    const r = evaluateLog(system, log, '2026-03-20');
    expect(r.entries.get(1)?.repairDueBy).toBe('2026-03-31');
    // (5 ÷ 100) × (365 ÷ 10) × 100 = 182.5 %, still due by the first deadline.
    expect(r.entries.get(3)).toMatchObject({ leakRatePercent: 182.5, repairDueBy: '2026-03-31' });
    expect(r.status).toEqual({ state: 'repair_due', repair_due_by: '2026-03-31', opened_by_event_id: 1 });
    expect(evaluateLog(system, log, '2026-04-01').status.state).toBe('overdue');
  });
  it('a repair not verified by the deadline is overdue: the verification test is part of the repair', () => {
    const log = [
      entry(1, 'charge', '2026-03-01', { amountKg: 25, fullChargeKg: 100 }),
      entry(2, 'repair', '2026-03-20'),
    ];
    expect(evaluateLog(system, log, '2026-03-31').status).toEqual({
      state: 'verification_pending',
      repair_due_by: '2026-03-31',
      opened_by_event_id: 1,
    });
    expect(evaluateLog(system, log, '2026-04-01').status).toEqual({
      state: 'verification_overdue',
      repair_due_by: '2026-03-31',
      opened_by_event_id: 1,
    });
    const verified = [...log, entry(3, 'verification_test', '2026-04-02', { result: 'passed' })];
    expect(evaluateLog(system, verified, '2026-04-03').status.state).toBe('ok');
  });
});
