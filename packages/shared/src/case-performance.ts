import { z } from 'zod';
import { locationRangeQuery } from './reports.ts';

/** GET /api/reports/case_performance: a day range, optionally one location. */
export const casePerformanceQuery = locationRangeQuery;
export type CasePerformanceQuery = z.infer<typeof casePerformanceQuery>;

const figures = z.object({
  cases: z.number().int(),
  /**
   * Hours the alarm engine followed the cases (readings at most 15 minutes apart): what time in range,
   * time out of range, defrosts per day and door openings cover.
   */
  observed_hours: z.number(),
  /** Share of the observed time within the limits, defrosts and their recovery left out; null: nothing observed. */
  time_in_range_percent: z.number().nullable(),
  /** Observed hours outside the limits, defrosts and their recovery left out. */
  out_of_range_hours: z.number(),
  /** The HACCP log's figures of the same cases and days (hourly rollups): hours logged. */
  hours_logged: z.number().int(),
  /** Hours whose highest reading is above the HACCP limit (41 °F / 5 °C), as the HACCP log counts them. */
  hours_above_limit: z.number().int(),
  /** Of those, hours in which the case defrosted or recovered from a defrost. */
  hours_above_in_defrost: z.number().int(),
  /** Excursions as the HACCP log counts them (runs of hours above the limit). */
  excursions: z.number().int(),
  defrosts: z.number().int(),
  /** Defrosts per case and observed day; null: nothing observed. */
  defrosts_per_day: z.number().nullable(),
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
    /** The first and last hour the alarm engine observed in the range (null: none). */
    observed: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
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
