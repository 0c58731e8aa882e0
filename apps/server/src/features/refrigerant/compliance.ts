import {
  type ApplianceType,
  LEAK_RATE_THRESHOLDS,
  REFRIGERANTS,
  type RefrigerantCode,
  type RefrigerantEventType,
  type SystemStatus,
} from '@rcm/shared/refrigerant';

/**
 * Refrigerant compliance as pure functions over a system and its log: the annualized leak rate of
 * every charge (40 CFR 82.157), the leak repair it opens and what closes it, the CO2 equivalent and
 * the EU leak-check interval (Regulation (EU) 2024/573).
 */

export type SystemFacts = {
  refrigerant: RefrigerantCode;
  fullChargeKg: number;
  applianceType: ApplianceType;
  leakDetectionSystem: boolean;
  /** When the system was set up: the leak-check clock starts here until the first inspection. */
  createdAt: Date;
};

export type LogEntry = {
  id: number;
  type: RefrigerantEventType;
  at: Date;
  amountKg: number | null;
  /** A charge's full charge and appliance type when it was logged. */
  fullChargeKg: number | null;
  applianceType: ApplianceType | null;
  result: string | null;
  correctsEventId: number | null;
};

export type EntryFacts = {
  correctedBy: number | null;
  leakRatePercent: number | null;
  leakRateDays: number | null;
  repairDueBy: string | null;
};

/** Days a leak repair may take after the charge that showed the leak. */
export const REPAIR_DAYS = 30;
const DAY_MS = 86_400_000;

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return dayOf(target);
}

const daysBetween = (a: Date, b: Date) =>
  Math.round((Date.parse(`${dayOf(b)}T00:00:00Z`) - Date.parse(`${dayOf(a)}T00:00:00Z`)) / DAY_MS);

/**
 * The annualizing method: (added ÷ full charge) × (365 ÷ the shorter of the days since the previous
 * charge and 365) × 100 %. The first charge of a system has no previous one and counts as 365 days;
 * a second charge on the same calendar day counts as one day.
 */
export function annualizedLeakRate(input: { addedKg: number; fullChargeKg: number; daysSincePrevious: number | null }) {
  const days = input.daysSincePrevious === null ? 365 : Math.min(365, Math.max(1, input.daysSincePrevious));
  return { percent: (input.addedKg / input.fullChargeKg) * (365 / days) * 100, days };
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Entries a later entry corrects count for nothing; the correcting entry stands in their place. */
export function correctedBy(entries: readonly LogEntry[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of entries) if (e.correctsEventId !== null) out.set(e.correctsEventId, e.id);
  return out;
}

const byTime = (a: LogEntry, b: LogEntry) => a.at.getTime() - b.at.getTime() || a.id - b.id;

/**
 * Each entry's facts and the system's leak repair status on `today`. A charge over its appliance
 * type's threshold opens a repair due 30 days after it (a later one while it is open keeps that
 * deadline); a repair, then a passed verification test, closes it; a failed test reopens it.
 */
export function evaluateLog(
  system: SystemFacts,
  entries: readonly LogEntry[],
  today: string,
): { entries: Map<number, EntryFacts>; status: SystemStatus; lastLeakRatePercent: number | null } {
  const corrected = correctedBy(entries);
  const facts = new Map<number, EntryFacts>();
  for (const e of entries) {
    facts.set(e.id, {
      correctedBy: corrected.get(e.id) ?? null,
      leakRatePercent: null,
      leakRateDays: null,
      repairDueBy: null,
    });
  }
  let previousCharge: LogEntry | null = null;
  let open: { eventId: number; dueBy: string; repaired: boolean } | null = null;
  let lastRate: number | null = null;
  for (const e of entries.filter((x) => !corrected.has(x.id)).sort(byTime)) {
    const f = facts.get(e.id) as EntryFacts;
    if (e.type === 'charge' && e.amountKg !== null) {
      const full = e.fullChargeKg ?? system.fullChargeKg;
      const rate = annualizedLeakRate({
        addedKg: e.amountKg,
        fullChargeKg: full,
        daysSincePrevious: previousCharge ? daysBetween(previousCharge.at, e.at) : null,
      });
      f.leakRatePercent = round2(rate.percent);
      f.leakRateDays = rate.days;
      lastRate = f.leakRatePercent;
      previousCharge = e;
      if (rate.percent > LEAK_RATE_THRESHOLDS[e.applianceType ?? system.applianceType]) {
        open ??= { eventId: e.id, dueBy: addDays(dayOf(e.at), REPAIR_DAYS), repaired: false };
        f.repairDueBy = open.dueBy;
      }
    } else if (e.type === 'repair' && open) {
      open.repaired = true;
    } else if (e.type === 'verification_test' && open?.repaired) {
      if (e.result === 'passed') open = null;
      else open.repaired = false;
    }
  }
  let status: SystemStatus = { state: 'ok', repair_due_by: null, opened_by_event_id: null };
  if (open) {
    // The deadline covers the whole repair: a repair not verified (passed test) by then is overdue too.
    const late = today > open.dueBy;
    const state = open.repaired
      ? late
        ? 'verification_overdue'
        : 'verification_pending'
      : late
        ? 'overdue'
        : 'repair_due';
    status = { state, repair_due_by: open.dueBy, opened_by_event_id: open.eventId };
  }
  return { entries: facts, status, lastLeakRatePercent: lastRate };
}

export function refrigerantOf(code: RefrigerantCode) {
  return REFRIGERANTS.find((r) => r.code === code) ?? REFRIGERANTS[0];
}

export const co2eTonnes = (fullChargeKg: number, gwp: number) => (fullChargeKg * gwp) / 1000;

/**
 * Months between EU leak checks by the charge's CO2 equivalent: from 5 t every 12 months, from 50 t
 * every 6, from 500 t every 3; doubled with an automatic leak detection system. None below 5 t or
 * for a gas outside the F-gas regulation.
 */
export function leakCheckIntervalMonths(input: { co2eTonnes: number; euFgas: boolean; leakDetection: boolean }) {
  if (!input.euFgas || input.co2eTonnes < 5) return null;
  const months = input.co2eTonnes >= 500 ? 3 : input.co2eTonnes >= 50 ? 6 : 12;
  return input.leakDetection ? months * 2 : months;
}

/** The next check: the interval after the last leak inspection, or after the system was set up. */
export function nextLeakCheckDue(system: SystemFacts, entries: readonly LogEntry[], months: number | null) {
  if (months === null) return null;
  const corrected = correctedBy(entries);
  let last: Date = system.createdAt;
  for (const e of entries) {
    if (e.type === 'leak_inspection' && !corrected.has(e.id) && e.at > last) last = e.at;
  }
  return addMonths(dayOf(last), months);
}
