import { z } from 'zod';
import { authUser } from './auth.ts';
import { bodyId } from './params.ts';

/** Second factors, the sign-in's second step and the organization security policy: the API both sides validate with. */

/** What a person can enroll as a second factor (the policy's `allowed_methods`). */
export const FACTOR_KINDS = ['totp', 'webauthn'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** How the sign-in's second step may be answered: a factor, or a single-use recovery code. */
export const MFA_METHODS = ['totp', 'webauthn', 'recovery_code'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** A TOTP code as typed: six digits, spaces allowed between them. */
export const totpCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'totp_code'));

/** A recovery code as typed: letters and digits, dashes and spaces ignored, any case. */
export const recoveryCode = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{16}$/, 'recovery_code'));

/** A fresh re-authentication (`POST /api/auth/reauth`): adding or removing a factor needs one (else 401 `reauth_required`). */
const reauthToken = z.string().min(1).max(200).optional();

export const mfaFactor = z.object({
  id: z.number().int(),
  kind: z.enum(FACTOR_KINDS),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type MfaFactor = z.infer<typeof mfaFactor>;

/** `GET /api/account/mfa`: the person's verified factors, what is left of their recovery codes and their policy. */
export const mfaStatus = z.object({
  factors: z.array(mfaFactor),
  recovery_codes_left: z.number().int(),
  /** Whether their organization's policy requires a factor of them. */
  required: z.boolean(),
  /** The kinds the policy lets them enroll. */
  allowed_methods: z.array(z.enum(FACTOR_KINDS)),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

export const totpCreateBody = z.object({
  label: z.string().trim().min(1).max(80).optional(),
  reauth_token: reauthToken,
});
export type TotpCreateBody = z.infer<typeof totpCreateBody>;

/** A pending TOTP factor: the secret, shown this once, as text and as an `otpauth://` URI for a QR code. */
export const totpCreated = z.object({ factor_id: z.number().int(), otpauth_uri: z.string(), secret: z.string() });
export type TotpCreated = z.infer<typeof totpCreated>;

export const totpVerifyBody = z.object({ code: totpCode });
export type TotpVerifyBody = z.infer<typeof totpVerifyBody>;

/** A verified factor; the person's first also answers their recovery codes (shown this once). */
export const totpVerified = z.object({ factor: mfaFactor, recovery_codes: z.array(z.string()).nullable() });
export type TotpVerified = z.infer<typeof totpVerified>;

export const reauthOnlyBody = z.object({ reauth_token: reauthToken });
export type ReauthOnlyBody = z.infer<typeof reauthOnlyBody>;

export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** `POST /api/auth/login` when a password is not enough: prove a factor with `mfa_token` (`POST /api/auth/login/mfa`). */
export const mfaRequired = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaRequired = z.infer<typeof mfaRequired>;

/** `POST /api/auth/login` when the organization requires a factor the person has not enrolled. */
export const mfaEnrollmentRequired = z.object({
  mfa_enrollment_required: z.literal(true),
  enrollment_token: z.string(),
  allowed_methods: z.array(z.enum(FACTOR_KINDS)),
});
export type MfaEnrollmentRequired = z.infer<typeof mfaEnrollmentRequired>;

/** Every answer of `POST /api/auth/login`: the signed-in user, or one of the steps before it. */
export const loginAnswer = z.object({ data: z.union([authUser, mfaRequired, mfaEnrollmentRequired]) });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const loginMfaBody = z.object({
  mfa_token: z.string().min(1).max(200),
  method: z.enum(MFA_METHODS),
  /** A TOTP or recovery code. */
  code: z.string().trim().min(1).max(40).optional(),
  /** A WebAuthn assertion (the browser's `PublicKeyCredential` as JSON). */
  response: z.record(z.string(), z.unknown()).optional(),
});
export type LoginMfaBody = z.infer<typeof loginMfaBody>;

export const enrollmentBody = z.object({
  enrollment_token: z.string().min(1).max(200),
  label: z.string().trim().min(1).max(80).optional(),
});
export type EnrollmentBody = z.infer<typeof enrollmentBody>;

export const enrollmentVerifyBody = z.object({
  enrollment_token: z.string().min(1).max(200),
  factor_id: bodyId,
  code: totpCode,
});
export type EnrollmentVerifyBody = z.infer<typeof enrollmentVerifyBody>;

/** The enrollment at sign-in done: the signed-in user and the recovery codes, shown this once. */
export const enrollmentDone = z.object({ data: authUser, recovery_codes: z.array(z.string()) });
export type EnrollmentDone = z.infer<typeof enrollmentDone>;

export const REQUIRE_MFA = ['off', 'all', 'roles'] as const;
export const SUPPORT_ACCESS = ['always', 'grant', 'never'] as const;
export type SupportAccess = (typeof SUPPORT_ACCESS)[number];

/** Bounds of the policy's session limits: five minutes to a week idle, one hour to 30 days in all. */
export const SESSION_IDLE_MINUTES = { min: 5, max: 7 * 24 * 60 } as const;
export const SESSION_MAX_HOURS = { min: 1, max: 30 * 24 } as const;

export const securityPolicy = z.object({
  require_mfa: z.enum(REQUIRE_MFA),
  /** With `roles`: whose members need a factor. */
  require_mfa_role_ids: z.array(bodyId).max(200),
  allowed_methods: z.array(z.enum(FACTOR_KINDS)).min(1).max(FACTOR_KINDS.length),
  /** Null: no idle limit. */
  session_idle_minutes: z.number().int().min(SESSION_IDLE_MINUTES.min).max(SESSION_IDLE_MINUTES.max).nullable(),
  /** Null: no absolute limit beyond the session's own lifetime. */
  session_max_hours: z.number().int().min(SESSION_MAX_HOURS.min).max(SESSION_MAX_HOURS.max).nullable(),
  support_access: z.enum(SUPPORT_ACCESS),
});
export type SecurityPolicy = z.infer<typeof securityPolicy>;

/** What a policy is when the organization never set one. */
export const DEFAULT_SECURITY_POLICY: SecurityPolicy = {
  require_mfa: 'off',
  require_mfa_role_ids: [],
  allowed_methods: ['totp', 'webauthn'],
  session_idle_minutes: null,
  session_max_hours: null,
  support_access: 'always',
};

export const securityPolicyAnswer = securityPolicy.extend({
  organization_id: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SecurityPolicyAnswer = z.infer<typeof securityPolicyAnswer>;

/** A browser's WebAuthn answer (`PublicKeyCredential` as JSON): an attestation or an assertion. */
export const webauthnResponse = z.record(z.string(), z.unknown());

/** WebAuthn options for the browser (`PublicKeyCredentialCreationOptionsJSON` or `…RequestOptionsJSON`). */
export const webauthnOptions = z.record(z.string(), z.unknown());

/** `POST /api/account/mfa/webauthn`: the attestation of a new passkey, its label and a fresh re-authentication. */
export const passkeyRegisterBody = z.object({
  response: webauthnResponse,
  label: z.string().trim().min(1).max(80).optional(),
  reauth_token: reauthToken,
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBody>;

/** `POST /api/auth/login/enroll/webauthn/options`: the registration options of a passkey for the enrollment token. */
export const enrollmentOptionsBody = z.object({ enrollment_token: z.string().min(1).max(200) });

/** `POST /api/auth/login/enroll/webauthn`: enrollment at sign-in with a passkey, its attestation and label. */
export const enrollmentPasskeyBody = z.object({
  enrollment_token: z.string().min(1).max(200),
  response: webauthnResponse,
  label: z.string().trim().min(1).max(80).optional(),
});
export type EnrollmentPasskeyBody = z.infer<typeof enrollmentPasskeyBody>;

/** `POST /api/auth/passkey/options`: no token for a passwordless sign-in, the `mfa_token` for the second step. */
export const passkeyOptionsBody = z.object({ mfa_token: z.string().min(1).max(200).optional() });

/** `POST /api/auth/passkey`: the assertion of a passwordless sign-in. */
export const passkeyBody = z.object({ response: webauthnResponse });
