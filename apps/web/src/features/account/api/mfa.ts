import type { ReauthAnswer, ReauthBody } from '@rcm/shared/api-tokens';
import type {
  MfaStatus,
  PasskeyRegisterBody,
  RecoveryCodes,
  SecurityPolicy,
  SecurityPolicyAnswer,
  TotpCreated,
  TotpVerified,
} from '@rcm/shared/mfa';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { accountKeys } from './keys.ts';

/** The person's second factors, recovery codes left and what their organization's policy asks. */
export const accountMfaQuery = () =>
  queryOptions({
    queryKey: accountKeys.mfa,
    queryFn: () => api<{ data: MfaStatus }>('account/mfa').then((r) => r.data),
  });

/**
 * A fresh re-authentication: the password, or a TOTP or recovery code of an account with a factor,
 * or a passkey's assertion (`response`) of the challenge `reauthPasskeyOptions` gave.
 */
export function reauthenticate(proof: ReauthBody) {
  return api<{ data: ReauthAnswer }>('auth/reauth', { method: 'POST', body: proof }).then((r) => r.data);
}

/** The challenge a passkey answers to re-authenticate, with the person's passkeys. */
export function reauthPasskeyOptions() {
  return api<{ data: Record<string, unknown> }>('auth/reauth/passkey/options', { method: 'POST' }).then((r) => r.data);
}

/** The options of a new passkey for the browser's registration ceremony. */
export function passkeyRegistrationOptions() {
  return api<{ data: Record<string, unknown> }>('account/mfa/webauthn/options', { method: 'POST' }).then((r) => r.data);
}

/** The browser's attestation of a new passkey, its label, and the re-authentication it spends. */
export function registerPasskey(body: PasskeyRegisterBody) {
  return api<{ data: TotpVerified }>('account/mfa/webauthn', { method: 'POST', body }).then((r) => r.data);
}

export function startTotp(reauthToken: string) {
  return api<{ data: TotpCreated }>('account/mfa/totp', { method: 'POST', body: { reauth_token: reauthToken } }).then(
    (r) => r.data,
  );
}

export function verifyTotp(factorId: number, code: string) {
  return api<{ data: TotpVerified }>(`account/mfa/totp/${factorId}/verify`, { method: 'POST', body: { code } }).then(
    (r) => r.data,
  );
}

export function regenerateRecoveryCodes(reauthToken: string) {
  return api<{ data: RecoveryCodes }>('account/mfa/recovery-codes', {
    method: 'POST',
    body: { reauth_token: reauthToken },
  }).then((r) => r.data.recovery_codes);
}

export function removeFactor(id: number, reauthToken: string) {
  return api<null>(`account/mfa/${id}`, { method: 'DELETE', body: { reauth_token: reauthToken } });
}

/** An organization's security policy (Organization → Security). */
export const securityPolicyQuery = (organizationId: number) =>
  queryOptions({
    queryKey: accountKeys.securityPolicy(organizationId),
    queryFn: () =>
      api<{ data: SecurityPolicyAnswer }>(`organizations/${organizationId}/security-policy`).then((r) => r.data),
  });

export function saveSecurityPolicy(organizationId: number, policy: SecurityPolicy) {
  return api<{ data: SecurityPolicyAnswer }>(`organizations/${organizationId}/security-policy`, {
    method: 'PUT',
    body: policy,
  }).then((r) => r.data);
}

/** An administrator's reset of a user's second factors (their sessions end). */
export function resetUserMfa(userId: number) {
  return api<null>(`settings/users/${userId}/mfa`, { method: 'DELETE' });
}
