import type { Locale } from '@rcm/shared/locale';
import { EN_US } from './messages-en.ts';
import { ES_MX } from './messages-es.ts';

export type { Catalog, FieldMessageKey, InUseKey } from './catalog.ts';

import type { Catalog } from './catalog.ts';

export const MESSAGES: Record<Locale, Catalog> = { 'en-US': EN_US, 'es-MX': ES_MX };

export type FieldIssue = { field: string; message: string };

/** The messages a schema's `refine` may name (its `message` is the key). */
const CUSTOM_KEYS = new Set([
  'current_password_required',
  'invalid_email',
  'password_weak',
  'phone_format',
  'code_format',
  'push_key_format',
  'webhook_url_invalid',
  'locations_required',
  'range_order',
  'required',
  'not_applicable',
  'window_place',
  'window_rack_controller',
  'recurrence_span',
  'domain_format',
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
      if (p.origin === 'string') message = v.too_small_string(n);
      // An id of 0 is a choice not made (an empty select): required, not "at least 0".
      else if (p.inclusive === false)
        message = n === 0 && /_id$/.test(field) ? v.required : v.too_small_number_exclusive(n);
      else message = v.too_small_number(n);
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
