import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The messages a shared schema's `refine` names, and their catalog keys. */
const CUSTOM: Record<string, string> = {
  current_password_required: 'validation.currentPasswordRequired',
  password_weak: 'validation.passwordWeak',
  phone_format: 'validation.phoneFormat',
  locations_required: 'validation.locationsRequired',
};

/** Localized messages for the shared zod schemas, so forms validate with the server's rules. */
export function zodErrorMap(t: TFunction): z.core.$ZodErrorMap {
  return (issue) => {
    switch (issue.code) {
      case 'too_small':
        return issue.origin === 'string' && Number(issue.minimum) <= 1
          ? t('validation.required')
          : t('validation.min', { count: Number(issue.minimum) });
      case 'too_big':
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
