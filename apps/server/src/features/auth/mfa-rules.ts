import { randomBytes } from 'node:crypto';
import {
  DEFAULT_SECURITY_POLICY,
  type FactorKind,
  type MfaFactor,
  recoveryCode,
  type SecurityPolicy,
} from '@rcm/shared/mfa';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { FactorRow, PolicyRow } from './mfa-repo.ts';
import type { UserRecord } from './repo.ts';
import { hashToken } from './tokens.ts';

/** The sign-in's second step: `mfa_token` lives five minutes and takes ten tries. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
/** Enrolling at sign-in (scanning a code with a new app) takes longer: ten minutes, ten tries. */
export const ENROLLMENT_TOKEN_TTL_MS = 10 * 60_000;
export const CHALLENGE_TRIES = 10;
export const RECOVERY_CODES = 10;
/** Pending TOTP enrollments nobody verified within an hour are dropped. */
export const PENDING_TTL_MS = 60 * 60_000;

/** The person a step is for: who they are and where the policy comes from. */
export type Person = Pick<UserRecord, 'id' | 'email' | 'organizationId' | 'roleId'>;

/**
 * How a method of the sign-in's second step (or of a re-authentication) is checked: true when the
 * person proved it. TOTP and recovery codes are built in; another method (passkeys) registers its own.
 */
export type MfaVerifier = (
  person: Person,
  input: { code?: string; response?: Record<string, unknown> },
  tx: Tx,
) => Promise<boolean>;

/** The policy as stored, or the defaults when the organization never set one. */
export function toPolicy(row: PolicyRow | undefined): SecurityPolicy {
  if (!row) return DEFAULT_SECURITY_POLICY;
  return {
    require_mfa: row.requireMfa,
    require_mfa_role_ids: row.requireMfaRoleIds,
    allowed_methods: row.allowedMethods.filter((m): m is FactorKind => m === 'totp' || m === 'webauthn'),
    session_idle_minutes: row.sessionIdleMinutes,
    session_max_hours: row.sessionMaxHours,
    support_access: row.supportAccess,
  };
}

/** Whether the policy requires a second factor of this person (everyone, or their role). */
export function policyRequires(policy: SecurityPolicy, person: Pick<Person, 'roleId'>): boolean {
  return (
    policy.require_mfa === 'all' ||
    (policy.require_mfa === 'roles' && policy.require_mfa_role_ids.includes(person.roleId))
  );
}

/** A recovery code: 16 base32 characters (80 random bits), shown as four groups of four. */
export function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(16);
  let code = '';
  for (const b of bytes) code += alphabet[b & 31];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** The stored form of a recovery code: its hash, after the typing is normalized (case, dashes, spaces). */
export const recoveryHash = (typed: string) => {
  const parsed = recoveryCode.safeParse(typed);
  return parsed.success ? hashToken(`recovery:${parsed.data}`) : null;
};

export const toFactor = (f: FactorRow): MfaFactor => ({
  id: f.id,
  kind: f.kind,
  label: f.label,
  created_at: f.createdAt.toISOString(),
  last_used_at: f.lastUsedAt?.toISOString() ?? null,
});

export const codeWrong = () =>
  new AppError(422, 'validation_failed', { fields: [{ field: 'code', key: 'mfa_code_wrong' }] });
