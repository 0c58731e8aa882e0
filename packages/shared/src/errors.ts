/** Error codes of the API's one error shape `{error: {code, message, details?}}` (docs/contracts.md §7). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'account_disabled',
  'session_expired',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'internal',
  'wrong_password',
  'cannot_impersonate',
  'not_impersonating',
  'invitation_invalid',
  'service_unavailable',
  'setup_done',
  'reset_token_invalid',
  'cannot_change_self',
  'tls_required',
  'disk_low',
  'backups_external',
  'in_use',
  'ingest_failing',
  'no_mail_server',
  'link_used',
  'already_acknowledged',
  'already_cleared',
  'entry_signed',
  'push_endpoint_taken',
  'account_throttled',
  'not_pageable',
  'verification_limit',
  'verification_limit_organization',
  'reauth_required',
  'token_cannot_sign',
  'token_not_allowed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; details?: unknown; request_id?: string };
};
