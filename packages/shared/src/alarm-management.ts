import { z } from 'zod';
import { locationRangeQuery } from './reports.ts';

/**
 * Alarm-management benchmarks (ISA-18.2 / IEC 62682, EEMUA 191) the report judges each figure by.
 * Rates, the busiest 10 minutes and floods are per operator position: here, per location (one
 * console watches one store's alarms). The overall figures of several locations are not judged by
 * those (`PER_POSITION`); its busiest 10 minutes are the busiest location's.
 */
export const ALARM_BENCHMARKS = {
  /** Average annunciated alarms per hour: about 6 is "manageable". */
  perHour: 6,
  /** Alarms in any 10 minutes: more than 10 is a flood. */
  peak10Min: 10,
  /** Share of 10-minute periods in flood: at most 1 %. */
  floodPercent: 1,
  /**
   * The 10 most frequent alarms' share of all alarms: under 25 %. The method needs more than 10
   * distinct alarms (with 10 or fewer the share is 100 % by construction): `top10_percent` is null then.
   */
  top10Percent: 25,
  /** Chattering alarms: none. */
  chattering: 0,
  /** Standing (active longer than 24 hours): fewer than 5. */
  standing: 5,
} as const;

/** The benchmarks that hold per operator position (a location), not for several locations together. */
export const PER_POSITION = ['perHour', 'peak10Min', 'floodPercent'] as const;

export const alarmManagementQuery = locationRangeQuery;
export type AlarmManagementQuery = z.infer<typeof alarmManagementQuery>;

const figures = z.object({
  /** Annunciated alarms (suppressed ones are counted apart). */
  alarms: z.number().int(),
  per_day: z.number(),
  per_hour: z.number(),
  peak_10min: z.number().int(),
  /** Share of the range's 10-minute periods with more than 10 alarms (at one location). */
  flood_percent: z.number(),
  /** How many 10-minute periods that is. */
  flood_periods: z.number().int(),
  /** null: 10 or fewer distinct alarms, where the top-10 method does not apply. */
  top10_percent: z.number().nullable(),
  chattering: z.number().int(),
  standing: z.number().int(),
  shelved_hours: z.number(),
  suppressed_alarms: z.number().int(),
  suppressed_hours: z.number(),
  /** Share of annunciated alarms acknowledged within 10 minutes of being raised. */
  acknowledged_10min_percent: z.number().nullable(),
});
export type AlarmManagementFigures = z.infer<typeof figures>;

const condition = z.object({
  alarm_type: z.object({ code: z.string(), name: z.string(), name_es: z.string() }),
  controller: z.object({ id: z.number().int(), name: z.string() }),
  location: z.string().nullable(),
  /** What the alarm is about as the alarm stores it: `A:oil_pressure`, `A.CASE3`, `controller`. */
  subject: z.string(),
  /** The subject in words (a rack metric, the point's name, the controller), in English and Spanish. */
  point: z.string(),
  point_es: z.string(),
  count: z.number().int(),
  share_percent: z.number(),
});

export const alarmManagementReport = z.object({
  data: z.object({
    overall: figures,
    locations: z.array(figures.extend({ location: z.object({ id: z.number().int(), name: z.string() }) })),
    /**
     * Alarms per hour over the range and the busiest 10 minutes within each hour at one location
     * (the chart): never more than the hour's alarms.
     */
    hourly: z.array(z.object({ hour: z.string(), alarms: z.number().int(), peak_10min: z.number().int() })),
    bad_actors: z.array(condition),
    chattering: z.array(condition),
    standing: z.array(
      z.object({
        ref: z.number().int(),
        alarm_type: z.object({ code: z.string(), name: z.string(), name_es: z.string() }),
        controller: z.string(),
        location: z.string().nullable(),
        raised_at: z.string(),
        hours: z.number(),
        open: z.boolean(),
      }),
    ),
  }),
});
export type AlarmManagementReport = z.infer<typeof alarmManagementReport>['data'];
