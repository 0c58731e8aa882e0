import { z } from 'zod';
import { ALARM_SEVERITIES } from './device.ts';
import { bodyId, paramId } from './params.ts';

export const ALARM_STATUSES = ['active', 'acknowledged', 'cleared'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

/**
 * What the dashboard's Status filter can ask for: an open alarm raised in a maintenance window is
 * `suppressed`, one a person shelved is `shelved`; neither is then `active` nor `acknowledged`.
 */
export const ALARM_LIST_STATUSES = [...ALARM_STATUSES, 'suppressed', 'shelved'] as const;
export type AlarmListStatus = (typeof ALARM_LIST_STATUSES)[number];

/** One alarm as lists, the alarm view and realtime events carry it. */
export const alarmSummary = z.object({
  id: z.number().int(),
  ref: z.number().int(),
  status: z.enum(ALARM_STATUSES),
  severity: z.enum(ALARM_SEVERITIES),
  reason: z.string(),
  /** The reason in Spanish; null on alarms raised before it was written (show `reason`). */
  reason_es: z.string().nullable(),
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
  /** Where the alarm was raised (the dashboard's Location column). */
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  controller: z.object({ id: z.number().int(), name: z.string().nullable(), mac_address: z.string() }),
  alarm_type: z.object({ id: z.number().int(), code: z.string(), name: z.string(), name_es: z.string() }),
  /** Raised inside a maintenance window (which one, and why): no email, not in the default list. */
  suppressed: z.boolean(),
  maintenance_window: z.object({ id: z.number().int(), reason: z.string() }).nullable(),
  /** Shelved by a person until then; null when not shelved. */
  shelved_until: z.string().nullable(),
  shelved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  shelve_reason: z.string().nullable(),
  /** Raised again and again (its type's chatter count within its chatter minutes). */
  chattering: z.boolean(),
  /**
   * Recorded late: raised from readings or device alarms a controller sent after an outage (a store
   * gateway's outbox), at their own times; nobody was paged for it.
   */
  historical: z.boolean(),
  /** Who is on it: the people its escalation paged last, by name; empty when nobody was or it is cleared. */
  paged: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;

export const ALARM_SORTS = [
  'raised_at',
  '-raised_at',
  'ref',
  '-ref',
  'severity',
  '-severity',
  'acknowledged_at',
  '-acknowledged_at',
  'controller',
  '-controller',
] as const;

/** `a,b,c` in the query string → a list. */
const csvList = z
  .string()
  .max(500)
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
const csv = <T extends string>(values: readonly [T, ...T[]]) => csvList.pipe(z.array(z.enum(values)).max(50));

/** GET /api/alarms and /api/alarms/stats: the dashboard's filters, all optional, all in the URL. */
export const alarmListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(ALARM_SORTS).default('-raised_at'),
  status: csv(ALARM_LIST_STATUSES).optional(),
  severity: csv(ALARM_SEVERITIES).optional(),
  /** Alarm type codes. */
  type: csvList.pipe(z.array(z.string().min(1).max(64)).max(50)).optional(),
  warranty: z.enum(['true', 'false']).optional(),
  /** Only alarms of controllers that are offline now. */
  offline: z.enum(['true', 'false']).optional(),
  controller_id: paramId.optional(),
  organization_id: paramId.optional(),
  location_id: paramId.optional(),
  /** Only alarms that paged this person (the phone's "Mine": the caller's own id). */
  paged_user_id: paramId.optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarmStats = z.object({
  active: z.number().int(),
  acknowledged: z.number().int(),
  cleared: z.number().int(),
  warranty_active: z.number().int(),
  suppressed: z.number().int(),
  shelved: z.number().int(),
});
export type AlarmStats = z.infer<typeof alarmStats>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const HEALTH_STATUSES = ['unresolved', 'resolved', 'cleared_by_user'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** GET /api/alarms/{ref}: the alarm view. */
export const alarmDetail = alarmSummary.extend({
  registered_at: z.string(),
  last_occurrence_at: z.string(),
  acknowledged_by: person,
  cleared_by: person,
  notes: z.string(),
  /** Who last saved the notes and when (from the audit log); null for notes never edited in the console. */
  notes_by: person,
  notes_at: z.string().nullable(),
  /** `unresolved` while raised, `resolved` when the condition ended by itself, `cleared_by_user` when a person cleared it. */
  health_status: z.enum(HEALTH_STATUSES),
  /**
   * Why it was cleared when neither a person nor the condition did: its controller was decommissioned,
   * or its maintenance window ended while it was open (a normal alarm was raised in its place).
   */
  clear_reason: z.enum(['decommissioned', 'maintenance_ended']).nullable(),
  /**
   * Whether what raised the alarm holds now: a threshold or point-status condition the engine still
   * holds from the latest readings, or, for an offline alarm, the controller still offline. While it
   * holds, a cleared alarm is raised again. null where the server cannot tell (a device's own alarm,
   * the leak trend).
   */
  condition_present: z.boolean().nullable(),
  controller: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    mac_address: z.string(),
    store_alias: z.string().nullable(),
    device_model: z.string().nullable(),
    warranty_expiry: z.string().nullable(),
    online: z.boolean(),
  }),
  /** `archived`: the place has closed; the alarm stays readable and says so. */
  location: z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() }).nullable(),
  organization: z.object({ id: z.number().int(), name: z.string(), archived: z.boolean() }),
});
export type AlarmDetail = z.infer<typeof alarmDetail>;

export const alarmNotesBody = z.object({ notes: z.string().max(100_000) });

export const alarmMetricsQuery = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .refine((v) => new Date(v.from) < new Date(v.to), { path: ['to'], message: 'range_order' });

/** GET /api/alarms/{ref}/metrics: the rack's metrics over a range, at most ~1000 points a series. */
export const alarmMetrics = z.object({
  resolution: z.enum(['raw', 'hour']),
  series: z.array(
    z.object({
      /** `A:superheat` for a rack metric, the point's address (`A.CASE1`) for a point. */
      key: z.string(),
      /** A point's name as the controller reports it ("Case 1 Temperature"); null for rack metrics. */
      name: z.string().nullable().optional(),
      unit: z.string().nullable(),
      points: z.array(z.tuple([z.string(), z.number()])),
      /** A case point: its simulated product temperature (empty without a probe) and its defrost periods. */
      product: z.array(z.tuple([z.string(), z.number()])).optional(),
      defrosts: z.array(z.object({ from: z.string(), to: z.string().nullable() })).optional(),
    }),
  ),
});
export type AlarmMetrics = z.infer<typeof alarmMetrics>;

/** POST /api/alarms/bulk: the given refs, or everything the filter matches (within scope). */
export const alarmBulkBody = z
  .object({
    action: z.enum(['acknowledge', 'clear']),
    refs: z.array(bodyId).max(10_000).optional(),
    filter: alarmListQuery.omit({ page: true, per_page: true, sort: true }).partial().optional(),
  })
  .refine((v) => !!v.refs !== !!v.filter, { message: 'refs_or_filter' });
export type AlarmBulkBody = z.infer<typeof alarmBulkBody>;

export const alarmTypeSummary = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_es: z.string(),
  severity: z.enum(ALARM_SEVERITIES),
});

/** Shelving (ISA-18.2): from 5 minutes to a day. */
export const SHELVE_MINUTES = { min: 5, max: 1440 } as const;

/** POST /api/alarms/{ref}/shelve */
export const alarmShelveBody = z.object({
  minutes: z.number().int().min(SHELVE_MINUTES.min).max(SHELVE_MINUTES.max),
  reason: z.string().trim().min(1).max(500),
});
export type AlarmShelveBody = z.infer<typeof alarmShelveBody>;

/** GET /api/alarms/floods: locations in an alarm flood now. */
export const alarmFlood = z.object({
  id: z.number().int(),
  location: z.object({ id: z.number().int(), name: z.string() }),
  organization_id: z.number().int(),
  started_at: z.string(),
  alarm_count: z.number().int(),
});
export type AlarmFlood = z.infer<typeof alarmFlood>;
