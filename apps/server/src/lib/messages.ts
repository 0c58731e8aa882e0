import type { ErrorCode } from '@rcm/shared/errors';
import type { Locale } from '@rcm/shared/locale';

export type FieldMessageKey = 'wrong_password' | 'email_taken' | 'location_not_in_organization' | 'range_too_long';

type Catalog = {
  errors: Record<ErrorCode, string>;
  fields: Record<FieldMessageKey, string>;
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
    range_order: string;
    invalid: string;
  };
};

/** Server-side message catalogs; the client shows `message` as given (X-Locale decides). */
export const MESSAGES: Record<Locale, Catalog> = {
  'en-US': {
    errors: {
      bad_request: 'The request could not be understood.',
      validation_failed: 'Some fields are not valid.',
      unauthenticated: 'Please sign in to continue.',
      invalid_credentials: 'These credentials do not match our records.',
      session_expired: 'Your session has expired. Please sign in again.',
      account_disabled: 'This account has been disabled. Contact your administrator.',
      forbidden: 'You do not have permission to do this.',
      not_found: 'The requested resource was not found.',
      conflict: 'This conflicts with existing data.',
      rate_limited: 'Too many attempts. Please wait a minute and try again.',
      payload_too_large: 'The request is too large.',
      internal: 'Something went wrong on our side. Please try again.',
      wrong_password: 'The current password is incorrect.',
      cannot_impersonate: 'You cannot sign in as this user.',
      not_impersonating: 'You are not signed in as another user.',
    },
    fields: {
      wrong_password: 'The current password is incorrect.',
      email_taken: 'Another account already uses this email address.',
      location_not_in_organization: 'This location does not belong to the chosen organization.',
      range_too_long: 'The range can be at most 400 days.',
    },
    validation: {
      required: 'This field is required.',
      invalid_type: 'This value has the wrong type.',
      too_small_string: (n) => (n <= 1 ? 'This field is required.' : `Must be at least ${n} characters.`),
      too_big_string: (n) => `Must be at most ${n} characters.`,
      too_small_number: (n) => `Must be at least ${n}.`,
      too_big_number: (n) => `Must be at most ${n}.`,
      invalid_email: 'Enter a valid email address.',
      invalid_value: 'This value is not allowed.',
      unrecognized_keys: 'Unknown fields were sent.',
      current_password_required: 'Enter your current password to set a new one.',
      range_order: 'The end must be after the start.',
      invalid: 'This value is not valid.',
    },
  },
  'es-MX': {
    errors: {
      bad_request: 'No se pudo interpretar la solicitud.',
      validation_failed: 'Algunos campos no son válidos.',
      unauthenticated: 'Inicia sesión para continuar.',
      invalid_credentials: 'Estas credenciales no coinciden con nuestros registros.',
      session_expired: 'Tu sesión ha expirado. Vuelve a iniciar sesión.',
      account_disabled: 'Esta cuenta está deshabilitada. Contacta a tu administrador.',
      forbidden: 'No tienes permiso para hacer esto.',
      not_found: 'No se encontró el recurso solicitado.',
      conflict: 'Esto entra en conflicto con datos existentes.',
      rate_limited: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
      payload_too_large: 'La solicitud es demasiado grande.',
      internal: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
      wrong_password: 'La contraseña actual es incorrecta.',
      cannot_impersonate: 'No puedes iniciar sesión como este usuario.',
      not_impersonating: 'No has iniciado sesión como otro usuario.',
    },
    fields: {
      wrong_password: 'La contraseña actual es incorrecta.',
      email_taken: 'Otra cuenta ya usa este correo electrónico.',
      location_not_in_organization: 'Esta ubicación no pertenece a la organización elegida.',
      range_too_long: 'El rango puede ser de 400 días como máximo.',
    },
    validation: {
      required: 'Este campo es obligatorio.',
      invalid_type: 'Este valor tiene un tipo incorrecto.',
      too_small_string: (n) => (n <= 1 ? 'Este campo es obligatorio.' : `Debe tener al menos ${n} caracteres.`),
      too_big_string: (n) => `Debe tener como máximo ${n} caracteres.`,
      too_small_number: (n) => `Debe ser al menos ${n}.`,
      too_big_number: (n) => `Debe ser como máximo ${n}.`,
      invalid_email: 'Ingresa un correo electrónico válido.',
      invalid_value: 'Este valor no está permitido.',
      unrecognized_keys: 'Se enviaron campos desconocidos.',
      current_password_required: 'Ingresa tu contraseña actual para definir una nueva.',
      range_order: 'El final debe ser posterior al inicio.',
      invalid: 'Este valor no es válido.',
    },
  },
};

export type FieldIssue = { field: string; message: string };

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
      message = v.invalid_value;
      break;
    case 'unrecognized_keys':
      message = v.unrecognized_keys;
      break;
    case 'custom':
      if (issue.message === 'current_password_required') message = v.current_password_required;
      else if (issue.message === 'range_order') message = v.range_order;
      else message = v.invalid;
      break;
    default:
      message = v.invalid;
  }
  return { field, message };
}
