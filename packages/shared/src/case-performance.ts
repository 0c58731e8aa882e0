import { z } from 'zod';
import { checkRange, rangeShape } from './reports.ts';

/** GET /api/reports/case_performance: a day range, optionally one location. */
export const casePerformanceQuery = z
  .object({
    from: rangeShape.from,
    to: rangeShape.to,
    location_id: rangeShape.location_id,
    format: rangeShape.format,
    lang: rangeShape.lang,
  })
  .superRefine(checkRange);
export type CasePerformanceQuery = z.infer<typeof casePerformanceQuery>;

const figures = z.object({
  cases: z.number().int(),
  /** Hours the cases reported (readings at most 15 minutes apart). */
  observed_hours: z.number(),
  /** Share of the observed time within the limits, defrosts and their recovery left out; null: nothing observed. */
  time_in_range_percent: z.number().nullable(),
  defrosts: z.number().int(),
  defrosts_per_day: z.number(),
  avg_defrost_minutes: z.number().nullable(),
  longest_defrost_minutes: z.number().nullable(),
  door_openings: z.number().int(),
  /** Temperature alarms (the cases' point alarm types) raised in the range. */
  alarms_raised: z.number().int(),
  /** Alarms the air temperature alone would have raised that the defrost hold, or the product probe, held back. */
  held_by_defrost: z.number().int(),
  held_by_product: z.number().int(),
});
export type CaseFigures = z.infer<typeof figures>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const casePerformanceReport = z.object({
  data: z.object({
    overall: figures,
    locations: z.array(figures.extend({ location: ref })),
    cases: z.array(
      figures.extend({
        controller: ref,
        location: ref.nullable(),
        rack_ref: z.string(),
        addr: z.string(),
        name: z.string().nullable(),
      }),
    ),
  }),
});
export type CasePerformanceReport = z.infer<typeof casePerformanceReport>['data'];
