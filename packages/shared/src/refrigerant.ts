import { z } from 'zod';
import { requiredEnum } from './auth.ts';
import { listMeta } from './pagination.ts';
import { bodyId, paramId } from './params.ts';
import { checkRange, rangeShape } from './reports.ts';
import { MASS_UNITS } from './units.ts';

/**
 * Refrigerants with their 100-year global warming potential from the IPCC's Fourth Assessment Report
 * (AR4), the values the EU F-gas rules (Regulation (EU) No 517/2014, Annexes I and IV) and the US EPA
 * (40 CFR 84, AIM Act) compute CO2 equivalents with. Blends are the mass-weighted sum of their
 * components. `eu_fgas`: the EU leak checks by CO2 equivalent (Regulation (EU) 2024/573) apply to the fluorinated gases of its annexes; R-22 falls under the ozone regulation instead, natural refrigerants under neither.
 */
export const REFRIGERANTS = [
  { code: 'R-404A', gwp: 3922, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-125/143a/134a (EU 517/2014 Annex IV)' },
  { code: 'R-507A', gwp: 3985, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-125/143a (EU 517/2014 Annex IV)' },
  { code: 'R-448A', gwp: 1387, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-32/125/1234yf/134a/1234ze (EPA SNAP)' },
  { code: 'R-449A', gwp: 1397, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-32/125/1234yf/134a (EPA SNAP)' },
  { code: 'R-407A', gwp: 2107, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-32/125/134a (EU 517/2014 Annex IV)' },
  { code: 'R-407F', gwp: 1825, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-32/125/134a (EU 517/2014 Annex IV)' },
  { code: 'R-134a', gwp: 1430, eu_fgas: true, source: 'IPCC AR4 100-yr (EU 517/2014 Annex I; 40 CFR 84)' },
  { code: 'R-410A', gwp: 2088, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-32/125 (EU 517/2014 Annex IV)' },
  { code: 'R-22', gwp: 1810, eu_fgas: false, source: 'IPCC AR4 100-yr (HCFC-22; EPA, 40 CFR 82 Subpart F)' },
  { code: 'R-513A', gwp: 631, eu_fgas: true, source: 'IPCC AR4 100-yr; blend R-1234yf/134a (EPA SNAP)' },
  { code: 'R-744', gwp: 1, eu_fgas: false, source: 'CO2, the reference gas: 1 by definition (IPCC AR4)' },
  { code: 'R-290', gwp: 3, eu_fgas: false, source: 'Propane: 3 (EU 517/2014 Annex IV, AR4 basis)' },
  { code: 'R-717', gwp: 0, eu_fgas: false, source: 'Ammonia: not a greenhouse gas, 0 (EU 517/2014 Annex IV)' },
] as const;
export type Refrigerant = (typeof REFRIGERANTS)[number];
export const REFRIGERANT_CODES = REFRIGERANTS.map((r) => r.code) as unknown as readonly [
  Refrigerant['code'],
  ...Refrigerant['code'][],
];
export type RefrigerantCode = Refrigerant['code'];

/** Leak-rate thresholds of 40 CFR 82.157 (percent per year) by appliance type. */
export const APPLIANCE_TYPES = ['commercial_refrigeration', 'industrial_process', 'comfort_cooling'] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number];
export const LEAK_RATE_THRESHOLDS: Record<ApplianceType, number> = {
  commercial_refrigeration: 20,
  industrial_process: 30,
  comfort_cooling: 10,
};

const mass = z.object({
  value: z.number().finite().positive().max(1_000_000),
  unit: requiredEnum(MASS_UNITS),
});
export type Mass = z.infer<typeof mass>;

export const rackRefParams = z.object({
  id: paramId,
  ref: z.string().min(1).max(16),
});

export const refrigerantSystemBody = z.object({
  refrigerant: requiredEnum(REFRIGERANT_CODES),
  full_charge: mass,
  appliance_type: requiredEnum(APPLIANCE_TYPES),
  leak_detection_system: z.boolean(),
});
export type RefrigerantSystemBody = z.infer<typeof refrigerantSystemBody>;

/**
 * A leak repair's state: `verification_overdue` is a repair done whose verification test has not
 * passed by the repair deadline (the verification is part of the repair).
 */
export const SYSTEM_STATUSES = ['ok', 'repair_due', 'overdue', 'verification_pending', 'verification_overdue'] as const;
/** The states past the repair deadline. */
export const OVERDUE_STATES: ReadonlySet<string> = new Set(['overdue', 'verification_overdue']);
export type SystemStatus = z.infer<typeof systemStatus>;
export const systemStatus = z.object({
  state: z.enum(SYSTEM_STATUSES),
  /** The open leak repair's deadline (`YYYY-MM-DD`), when one is open. */
  repair_due_by: z.string().nullable(),
  /** The charge that opened it. */
  opened_by_event_id: z.number().int().nullable(),
});

export const refrigerantSystem = refrigerantSystemBody.extend({
  controller_id: z.number().int(),
  rack_ref: z.string(),
  gwp: z.number(),
  gwp_source: z.string(),
  full_charge_kg: z.number(),
  co2e_tonnes: z.number(),
  leak_rate_threshold_percent: z.number(),
  /** Null below 5 t CO2e or for a gas outside the EU F-gas leak checks. */
  leak_check_interval_months: z.number().int().nullable(),
  next_leak_check_due: z.string().nullable(),
  last_leak_rate_percent: z.number().nullable(),
  status: systemStatus,
});
export type RefrigerantSystem = z.infer<typeof refrigerantSystem>;

/** GET …/refrigerant: the system, or null while the rack has none configured. */
export const refrigerantSystemResponse = z.object({ data: refrigerantSystem.nullable() });

export const REFRIGERANT_EVENT_TYPES = [
  'charge',
  'recovery',
  'leak_inspection',
  'repair',
  'verification_test',
] as const;
export type RefrigerantEventType = (typeof REFRIGERANT_EVENT_TYPES)[number];
export const EVENT_RESULTS = ['found', 'not_found', 'passed', 'failed'] as const;
export const TEST_KINDS = ['initial', 'follow_up'] as const;

const text = (max: number) => z.string().trim().max(max);

/**
 * A log entry. `amount` is required for a charge or recovery; `result` for a leak inspection
 * (found / not_found) and a verification test (passed / failed), which also names its kind.
 */
export const refrigerantEventBody = z
  .object({
    type: requiredEnum(REFRIGERANT_EVENT_TYPES),
    at: z.iso.datetime({ offset: true }),
    amount: mass.optional(),
    technician: text(120).min(1),
    certification_number: text(60).optional(),
    result: z.enum(EVENT_RESULTS).optional(),
    test_kind: z.enum(TEST_KINDS).optional(),
    leak_location: text(200).optional(),
    notes: text(2000).optional(),
    job_id: bodyId.optional(),
    corrects_event_id: bodyId.optional(),
  })
  .superRefine((v, ctx) => {
    const needsAmount = v.type === 'charge' || v.type === 'recovery';
    if (needsAmount && !v.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'required' });
    if (!needsAmount && v.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'not_applicable' });
    const results: Partial<Record<RefrigerantEventType, readonly string[]>> = {
      leak_inspection: ['found', 'not_found'],
      verification_test: ['passed', 'failed'],
    };
    const allowed = results[v.type];
    if (allowed && (!v.result || !allowed.includes(v.result))) {
      ctx.addIssue({ code: 'custom', path: ['result'], message: 'required' });
    }
    if (!allowed && v.result) ctx.addIssue({ code: 'custom', path: ['result'], message: 'not_applicable' });
    if (v.type === 'verification_test' && !v.test_kind) {
      ctx.addIssue({ code: 'custom', path: ['test_kind'], message: 'required' });
    }
  });
export type RefrigerantEventBody = z.infer<typeof refrigerantEventBody>;

export const refrigerantEvent = z.object({
  id: z.number().int(),
  type: z.enum(REFRIGERANT_EVENT_TYPES),
  at: z.string(),
  amount: mass.nullable(),
  technician: z.string(),
  certification_number: z.string().nullable(),
  result: z.enum(EVENT_RESULTS).nullable(),
  test_kind: z.enum(TEST_KINDS).nullable(),
  leak_location: z.string().nullable(),
  notes: z.string().nullable(),
  job: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  corrects_event_id: z.number().int().nullable(),
  /** The event that corrects this one; a corrected event counts for nothing. */
  corrected_by_event_id: z.number().int().nullable(),
  /** A charge's annualized leak rate (percent per year). */
  leak_rate_percent: z.number().nullable(),
  /** Days the leak rate was annualized over (the days since the previous charge, at most 365). */
  leak_rate_days: z.number().nullable(),
  /** A charge over its appliance type's threshold: the repair deadline (`YYYY-MM-DD`). */
  repair_due_by: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type RefrigerantEvent = z.infer<typeof refrigerantEvent>;

export const refrigerantEventList = z.object({ data: z.array(refrigerantEvent), system: refrigerantSystem.nullable() });
export type RefrigerantEventList = z.infer<typeof refrigerantEventList>;

export const refrigerantList = z.object({
  data: z.array(
    z.object({ code: z.enum(REFRIGERANT_CODES), gwp: z.number(), eu_fgas: z.boolean(), source: z.string() }),
  ),
});

// --- Refrigerant report ------------------------------------------------------------------------

export const refrigerantReportQuery = z.object(rangeShape).superRefine(checkRange);
export type RefrigerantReportQuery = z.infer<typeof refrigerantReportQuery>;

export const refrigerantReportRow = z.object({
  organization_name: z.string(),
  location_name: z.string().nullable(),
  controller_id: z.number().int(),
  controller_name: z.string(),
  rack_ref: z.string(),
  rack_name: z.string().nullable(),
  refrigerant: z.enum(REFRIGERANT_CODES),
  full_charge_kg: z.number(),
  co2e_tonnes: z.number(),
  /** Refrigerant charged within the range (kg) and how many charges. */
  added_kg: z.number(),
  charges: z.number().int(),
  last_leak_rate_percent: z.number().nullable(),
  status: systemStatus,
  next_leak_check_due: z.string().nullable(),
  /** REFRIGERANT_LEAK_SUSPECTED alarms raised within the range, and whether one is uncleared now. */
  leak_alarms: z.number().int(),
  leak_alarm_open: z.boolean(),
});
export type RefrigerantReportRow = z.infer<typeof refrigerantReportRow>;

export const refrigerantReport = z.object({
  data: z.array(refrigerantReportRow),
  meta: listMeta,
  summary: z.object({
    systems: z.number().int(),
    co2e_tonnes: z.number(),
    added_kg: z.number(),
    /** Systems past their repair deadline: `overdue` and `verification_overdue`. */
    overdue: z.number().int(),
    by_status: z.array(z.object({ state: z.enum(SYSTEM_STATUSES), systems: z.number().int() })),
  }),
});
export type RefrigerantReport = z.infer<typeof refrigerantReport>;

// --- Liquid level trend --------------------------------------------------------------------------

/** GET …/racks/{ref}/level-trend: the last 48 hours' hourly medians and the leak rule's fitted line. */
export const levelTrend = z.object({
  hours: z.array(z.object({ at: z.string(), level: z.number() })),
  /** The Theil–Sen line over the last complete 24 hours, when there are enough readings. */
  trend: z
    .object({
      per_day: z.number(),
      from: z.object({ at: z.string(), level: z.number() }),
      to: z.object({ at: z.string(), level: z.number() }),
      /** Whether the fall passes the leak rule (at least 2 %-points a day, surely, in both halves). */
      falling: z.boolean(),
    })
    .nullable(),
});
export type LevelTrendResponse = z.infer<typeof levelTrend>;
