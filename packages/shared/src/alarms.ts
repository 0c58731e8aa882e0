import { z } from 'zod';
import { ALARM_SEVERITIES } from './device.ts';

export const ALARM_STATUSES = ['active', 'acknowledged', 'cleared'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

/** One alarm as lists, the alarm view and realtime events carry it. */
export const alarmSummary = z.object({
  id: z.number().int(),
  ref: z.number().int(),
  status: z.enum(ALARM_STATUSES),
  severity: z.enum(ALARM_SEVERITIES),
  reason: z.string(),
  subject: z.string(),
  rack_ref: z.string().nullable(),
  device_address: z.string().nullable(),
  value: z.number().nullable(),
  warranty: z.boolean(),
  occurrences: z.number().int(),
  raised_at: z.string(),
  acknowledged_at: z.string().nullable(),
  cleared_at: z.string().nullable(),
  organization_id: z.number().int(),
  location_id: z.number().int().nullable(),
  controller: z.object({ id: z.number().int(), name: z.string().nullable(), mac_address: z.string() }),
  alarm_type: z.object({ id: z.number().int(), code: z.string(), name: z.string(), name_es: z.string() }),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;
