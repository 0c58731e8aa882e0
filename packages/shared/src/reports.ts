import { z } from 'zod';
import { LOCALES } from './locale.ts';
import { listMeta, PICKER_PER_PAGE, pageQuery } from './pagination.ts';
import { paramId } from './params.ts';

/** The reports, in the order of the index page; each is `/reports/{name}` and `/api/reports/{name}`. */
export const REPORT_NAMES = [
  'uri_purchase_orders',
  'rack_manually_on',
  'haccp',
  'alarm_response',
  'refrigerant',
  'alarm_management',
  'case_performance',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Longest date range a report accepts (days, inclusive). */
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;

/** A calendar day `YYYY-MM-DD` that exists. */
const day = z.iso.date();
const id = paramId;
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(200).default(50);

/** Days between two `YYYY-MM-DD` (UTC), inclusive. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The filters every report takes: a day range, organization and location, page, export format. */
export const rangeShape = {
  /** First day, inclusive. */
  from: day,
  /** Last day, inclusive. */
  to: day,
  organization_id: id.optional(),
  location_id: id.optional(),
  page,
  per_page: perPage,
  format: z.enum(EXPORT_FORMATS).optional(),
  /** An export's language; without it, the reader's stored language. */
  lang: z.enum(LOCALES).optional(),
};

/** `to` on or after `from`, and not more than MAX_REPORT_DAYS: a `range_order` / `too_big` issue on `to`. */
export function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_order' });
  else if (daysInRange(v.from, v.to) > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'too_big', origin: 'number', maximum: MAX_REPORT_DAYS, path: ['to'], message: 'too_big' });
  }
}

/** A report of one location or all in scope, not paged: a day range, the location, export format and language. */
export const locationRangeQuery = z
  .object(rangeShape)
  .pick({ from: true, to: true, location_id: true, format: true, lang: true })
  .superRefine(checkRange);

export const PO_STATUSES = ['draft', 'sent', 'received'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

export const uriPurchaseOrdersQuery = z
  .object({ ...rangeShape, status: z.enum(PO_STATUSES).optional() })
  .superRefine(checkRange);
export type UriPurchaseOrdersQuery = z.infer<typeof uriPurchaseOrdersQuery>;

export const rackManuallyOnQuery = z.object(rangeShape).superRefine(checkRange);
export type RackManuallyOnQuery = z.infer<typeof rackManuallyOnQuery>;

export const haccpQuery = z.object(rangeShape).superRefine(checkRange);
export type HaccpQuery = z.infer<typeof haccpQuery>;

export const ALARM_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const alarmResponseQuery = z
  .object({ ...rangeShape, severity: z.enum(ALARM_SEVERITIES).optional(), type: z.string().max(64).optional() })
  .superRefine(checkRange);
export type AlarmResponseQuery = z.infer<typeof alarmResponseQuery>;

/** GET /api/reports/locations: the locations in the caller's report scope (for the filters). */
export const reportLocation = z.object({ id: z.number().int(), name: z.string(), organization_name: z.string() });
export type ReportLocation = z.infer<typeof reportLocation>;

/** GET /api/reports/locations (the reports' location filter asks for every one: PICKER_PER_PAGE). */
export const reportLocationsQuery = pageQuery(100, PICKER_PER_PAGE);

// --- URI purchase orders -------------------------------------------------------------------------

export const uriPurchaseOrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  /** When the order was sent to URI (or created, for a draft), ISO. */
  placed_at: z.string(),
  received_at: z.string().nullable(),
  status: z.enum(PO_STATUSES),
  organization_id: z.number().int(),
  organization_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  lines: z.number().int(),
  units: z.number().int(),
  total_cents: z.number().int(),
});
export type UriPurchaseOrderRow = z.infer<typeof uriPurchaseOrderRow>;

export const uriPurchaseOrdersReport = z.object({
  data: z.array(uriPurchaseOrderRow),
  meta: listMeta,
  summary: z.object({
    orders: z.number().int(),
    total_cents: z.number().int(),
    by_status: z.array(
      z.object({ status: z.enum(PO_STATUSES), orders: z.number().int(), total_cents: z.number().int() }),
    ),
    /** Totals per month (`YYYY-MM`) of the range, for the chart. */
    by_month: z.array(z.object({ month: z.string(), orders: z.number().int(), total_cents: z.number().int() })),
  }),
});
export type UriPurchaseOrdersReport = z.infer<typeof uriPurchaseOrdersReport>;

// --- Racks manually on ---------------------------------------------------------------------------

const rackPointRef = {
  organization_id: z.number().int(),
  organization_name: z.string(),
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  controller_id: z.number().int(),
  controller_name: z.string(),
  rack_ref: z.string(),
  rack_name: z.string().nullable(),
  point: z.string(),
  point_name: z.string().nullable(),
};

/** One period a point reported `manual_on`, clipped to the range for `seconds_in_range`. */
export const manualOnEpisode = z.object({
  ...rackPointRef,
  since: z.string(),
  /** Null while it is still manual on. */
  until: z.string().nullable(),
  /** The point's last reading within the episode (shows the controller was still reporting). */
  last_reading_at: z.string().nullable(),
  seconds: z.number().int(),
  seconds_in_range: z.number().int(),
});
export type ManualOnEpisode = z.infer<typeof manualOnEpisode>;

export const manualOnNow = z.object({ ...rackPointRef, since: z.string(), seconds: z.number().int() });
export type ManualOnNow = z.infer<typeof manualOnNow>;

export const rackManuallyOnReport = z.object({
  data: z.array(manualOnEpisode),
  meta: listMeta,
  summary: z.object({
    now: z.array(manualOnNow),
    episodes: z.number().int(),
    seconds_in_range: z.number().int(),
    by_location: z.array(
      z.object({
        organization_name: z.string(),
        location_id: z.number().int().nullable(),
        location_name: z.string().nullable(),
        episodes: z.number().int(),
        seconds_in_range: z.number().int(),
      }),
    ),
  }),
});
export type RackManuallyOnReport = z.infer<typeof rackManuallyOnReport>;

// --- HACCP temperature log -----------------------------------------------------------------------

/** Food-safety limit for cold-held food: above it is an excursion. */
export const HACCP_LIMIT = { '°F': 41, '°C': 5 } as const;

/** The HACCP limit as the documents write it (both units). */
export const HACCP_LIMIT_TEXT = `${HACCP_LIMIT['°F']} °F / ${HACCP_LIMIT['°C']} °C`;

/** The case a HACCP row or excursion is of: its controller, point and rack, the unit and limit it is judged by. */
export const haccpCaseShape = {
  controller_id: z.number().int(),
  controller_name: z.string(),
  point: z.string(),
  point_name: z.string().nullable(),
  /** The rack the case is on (cases of different racks may share a name). */
  rack_ref: z.string(),
  rack_name: z.string().nullable(),
  unit: z.string(),
  limit: z.number(),
};

export const haccpRow = z.object({
  organization_name: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  timezone: z.string(),
  /** The local day at the location, `YYYY-MM-DD`. */
  day: z.string(),
  ...haccpCaseShape,
  /** Highest temperature of each local hour 0–23 (null: no reading that hour). */
  hours: z.array(z.number().nullable()).length(24),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Hours whose highest reading is above the limit. */
  hours_above: z.number().int(),
  /** Excursions (runs of consecutive hours above the limit) that began this day. */
  excursions: z.number().int(),
  /** The day's highest simulated product temperature (a case whose alarm type has a product probe); else null. */
  product_max: z.number().nullable(),
});
export type HaccpRow = z.infer<typeof haccpRow>;

export const haccpReport = z.object({
  data: z.array(haccpRow),
  meta: listMeta,
  summary: z.object({
    locations: z.number().int(),
    cases: z.number().int(),
    hours_logged: z.number().int(),
    hours_above: z.number().int(),
    excursions: z.number().int(),
    by_day: z.array(
      z.object({
        day: z.string(),
        hours_logged: z.number().int(),
        hours_above: z.number().int(),
        excursions: z.number().int(),
      }),
    ),
  }),
});
export type HaccpReport = z.infer<typeof haccpReport>;

// --- Alarm response ------------------------------------------------------------------------------

export const alarmResponseRow = z.object({
  organization_name: z.string(),
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  alarm_type: z.string(),
  alarm_type_name: z.string(),
  alarm_type_name_es: z.string(),
  severity: z.enum(ALARM_SEVERITIES),
  alarms: z.number().int(),
  acknowledged: z.number().int(),
  /** Seconds from raised to acknowledged. */
  ack_median: z.number().nullable(),
  ack_p90: z.number().nullable(),
  cleared: z.number().int(),
  /** Seconds from raised to cleared. */
  clear_median: z.number().nullable(),
  clear_p90: z.number().nullable(),
});
export type AlarmResponseRow = z.infer<typeof alarmResponseRow>;

export const alarmResponseReport = z.object({
  data: z.array(alarmResponseRow),
  meta: listMeta,
  summary: z.object({
    alarms: z.number().int(),
    by_severity: z.array(
      z.object({
        severity: z.enum(ALARM_SEVERITIES),
        alarms: z.number().int(),
        ack_median: z.number().nullable(),
        ack_p90: z.number().nullable(),
        clear_median: z.number().nullable(),
        clear_p90: z.number().nullable(),
      }),
    ),
  }),
});
export type AlarmResponseReport = z.infer<typeof alarmResponseReport>;
