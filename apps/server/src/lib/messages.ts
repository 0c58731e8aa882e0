import type { ErrorCode } from '@rcm/shared/errors';
import type { Locale } from '@rcm/shared/locale';
import { EN_US } from './messages-en.ts';
import { ES_MX } from './messages-es.ts';

export type FieldMessageKey =
  | 'wrong_password'
  | 'email_taken'
  | 'location_not_in_organization'
  | 'range_too_long'
  | 'role_not_assignable'
  | 'unknown_option'
  | 'team_not_in_organization'
  | 'permission_not_grantable'
  | 'part_number_taken'
  | 'item_not_in_organization'
  | 'controller_not_at_location'
  | 'job_location_unknown'
  | 'job_alarm_mismatch'
  | 'job_category_unknown'
  | 'job_assignee_unknown'
  | 'time_format'
  | 'quiet_hours_pair'
  | 'time_zone_unknown'
  | 'refrigerant_system_missing'
  | 'correction_target_invalid'
  | 'date_in_future'
  | 'supplier_code_taken'
  | 'supplier_no_email'
  | 'supplier_unknown'
  | 'item_archived'
  | 'job_category_taken'
  | 'job_category_zuper'
  | 'window_place_unknown'
  | 'window_rack_unknown'
  | 'window_range_order';

/** What still uses a record that cannot be removed (409 `in_use`); each phrase takes a count. */
export type InUseKey =
  | 'item_open_orders'
  | 'org_members'
  | 'org_controllers'
  | 'org_locations'
  | 'org_own'
  | 'location_controllers'
  | 'location_assets'
  | 'team_members'
  | 'team_escalations'
  | 'policy_default'
  | 'policy_alarm_types'
  | 'policy_locations'
  | 'schedule_policies'
  | 'role_users'
  | 'role_invitations';

export type Catalog = {
  errors: Record<ErrorCode, string>;
  fields: Record<FieldMessageKey, string>;
  inUse: Record<InUseKey, (n: number) => string>;
  validation: {
    required: string;
    invalid_type: string;
    too_small_string: (n: number) => string;
    too_big_string: (n: number) => string;
    too_small_number: (n: number) => string;
    too_big_number: (n: number) => string;
    invalid_email: string;
    invalid_value: string;
    unrecognized_keys: string;
    current_password_required: string;
    password_weak: string;
    phone_format: string;
    locations_required: string;
    range_order: string;
    not_applicable: string;
    window_place: string;
    window_rack_controller: string;
    recurrence_span: string;
    invalid: string;
  };
};

/** Server-side message catalogs; the client shows `message` as given (X-Locale decides). */
export const MESSAGES: Record<Locale, Catalog> = { 'en-US': EN_US, 'es-MX': ES_MX };

export type FieldIssue = { field: string; message: string };

/** The messages a schema's `refine` may name (its `message` is the key). */
const CUSTOM_KEYS = new Set([
  'current_password_required',
  'invalid_email',
  'password_weak',
  'phone_format',
  'locations_required',
  'range_order',
  'required',
  'not_applicable',
  'window_place',
  'window_rack_controller',
  'recurrence_span',
] as const satisfies readonly (keyof Catalog['validation'])[]);
type CustomKey = typeof CUSTOM_KEYS extends Set<infer K> ? K : never;

/** Turns a zod issue (as fastify-type-provider-zod reports it) into a localized field message. */
export function localizeIssue(
  locale: Locale,
  issue: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> },
): FieldIssue {
  const v = MESSAGES[locale].validation;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const p = issue.params;
  const n = Number(p.minimum ?? p.maximum ?? 0);
  let message: string;
  switch (issue.keyword) {
    case 'invalid_type':
      message = issue.message?.includes('undefined') ? v.required : v.invalid_type;
      break;
    case 'too_small':
      message = p.origin === 'string' ? v.too_small_string(n) : v.too_small_number(n);
      break;
    case 'too_big':
      message = p.origin === 'string' ? v.too_big_string(n) : v.too_big_number(n);
      break;
    case 'invalid_format':
      message = p.format === 'email' ? v.invalid_email : v.invalid;
      break;
    case 'invalid_value':
      message = issue.message === 'required' ? v.required : v.invalid_value;
      break;
    case 'unrecognized_keys':
      message = v.unrecognized_keys;
      break;
    case 'custom':
      message = (CUSTOM_KEYS as ReadonlySet<string>).has(issue.message ?? '')
        ? (v[issue.message as CustomKey] as string)
        : v.invalid;
      break;
    default:
      message = v.invalid;
  }
  return { field, message };
}
