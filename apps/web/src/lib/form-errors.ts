import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The messages a shared schema's `refine` names, and their catalog keys. */
const CUSTOM: Record<string, string> = {
  current_password_required: 'validation.currentPasswordRequired',
  password_weak: 'validation.passwordWeak',
  phone_format: 'validation.phoneFormat',
  code_format: 'validation.codeFormat',
  invalid_email: 'validation.email',
  invalid_value: 'validation.invalid',
  locations_required: 'validation.locationsRequired',
  password_mismatch: 'validation.passwordMismatch',
  required: 'validation.required',
  not_applicable: 'validation.notApplicable',
  range_order: 'validation.rangeOrder',
  window_place: 'validation.windowPlace',
  window_rack_controller: 'validation.windowRackController',
  recurrence_span: 'validation.recurrenceSpan',
  recurrence_days: 'validation.recurrenceDays',
  time_format: 'validation.timeFormat',
};

/** Localized messages for the shared zod schemas, so forms validate with the server's rules. */
export function zodErrorMap(t: TFunction): z.core.$ZodErrorMap {
  return (issue) => {
    switch (issue.code) {
      case 'too_small':
        if (issue.origin === 'number') return t('validation.minNumber', { count: Number(issue.minimum) });
        if (issue.origin === 'array' || issue.origin === 'set')
          return t('validation.minItems', { count: Number(issue.minimum) });
        return issue.origin === 'string' && Number(issue.minimum) <= 1
          ? t('validation.required')
          : t('validation.min', { count: Number(issue.minimum) });
      case 'too_big':
        if (issue.origin === 'number') return t('validation.maxNumber', { count: Number(issue.maximum) });
        return t('validation.max', { count: Number(issue.maximum) });
      case 'invalid_format':
        return issue.format === 'email' ? t('validation.email') : t('validation.invalid');
      case 'invalid_type':
        return issue.input === undefined ? t('validation.required') : t('validation.invalid');
      case 'custom':
        return CUSTOM[issue.message ?? ''] ? t(CUSTOM[issue.message ?? ''] as string) : t('validation.invalid');
      default:
        return t('validation.invalid');
    }
  };
}

/** Replaces, in place, every message that names a refine's key by its text in the user's language. */
function translateKeys(errors: FieldErrors, t: TFunction): void {
  for (const error of Object.values(errors)) {
    if (!error || typeof error !== 'object') continue;
    // A field's error ({type, message, ref}) is translated; anything else holds nested fields' errors.
    if ('type' in error) {
      const key = typeof error.message === 'string' ? CUSTOM[error.message] : undefined;
      if (key) (error as { message: string }).message = t(key);
    } else translateKeys(error as FieldErrors, t);
  }
}

/**
 * The resolver of every form: validates with the shared zod schema (the server's own rules) and says
 * each problem in the user's language. A schema's `refine` names its message by a key, which zod
 * reports as it is (a refine's own message outranks an error map), so those keys are translated here.
 */
export function formResolver<TIn extends FieldValues, TOut = TIn>(
  schema: z.ZodType,
  t: TFunction,
): Resolver<TIn, unknown, TOut> {
  const resolve = zodResolver(schema as never, { error: zodErrorMap(t) }) as unknown as Resolver<TIn, unknown, TOut>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateKeys(result.errors as FieldErrors, t);
    return result;
  };
}

/**
 * A form's schema over the API's: `toBody` turns the form's values (strings, as the inputs give them)
 * into the request's body, which the API's own schema (`body`) then validates.
 */
export function formBody<TValues, TBody extends z.ZodType>(toBody: (values: TValues) => unknown, body: TBody) {
  return z.preprocess((v) => toBody(v as TValues), body);
}
