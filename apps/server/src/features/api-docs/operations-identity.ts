import { type OperationNote, self } from './operation-note.ts';

/** The API reference's notes on sign-in, sessions, second factors, tokens and single sign-on (operations.ts). */
export const IDENTITY_OPERATIONS: Record<string, OperationNote> = {
  // Sign-in and sessions
  'POST /api/auth/login': {
    summary:
      'Sign in with email and password; the session token is in the Authorization header, or the second step owed (mfa_required, mfa_enrollment_required)',
  },
  'POST /api/auth/login/mfa': {
    summary: 'The sign-in’s second step: a TOTP or recovery code for the mfa_token (5 minutes, 10 tries)',
    add: [401],
  },
  'POST /api/auth/login/enroll/totp': {
    summary: 'Enrollment at sign-in: a pending authenticator app for the enrollment_token',
    add: [401, 403],
  },
  'POST /api/auth/login/enroll/totp/verify': {
    summary: 'Enrollment at sign-in: the first code verifies the app and signs in, with the recovery codes',
    add: [401, 409],
  },
  'POST /api/auth/login/enroll/webauthn/options': {
    summary: 'Enrollment at sign-in: the registration options of a passkey for the enrollment_token',
    add: [401, 403],
  },
  'POST /api/auth/login/enroll/webauthn': {
    summary: 'Enrollment at sign-in: the passkey’s attestation registers it and signs in, with the recovery codes',
    add: [401, 403, 409],
  },
  'GET /api/account/mfa': {
    summary: "One's own second factors, recovery codes left and the policy's demands",
    ...self,
  },
  'POST /api/account/mfa/totp': {
    summary: 'Start adding an authenticator app (needs a reauth_token): its secret and otpauth URI, shown once',
  },
  'POST /api/account/mfa/totp/{id}/verify': {
    summary: 'Verify a pending authenticator app with its first code; the first factor answers 10 recovery codes',
    add: [409],
    omit: [403],
  },
  'POST /api/account/mfa/recovery-codes': {
    summary: 'A new set of 10 recovery codes, shown once (needs a reauth_token; the old set stops working)',
    add: [409],
  },
  'DELETE /api/account/mfa/{id}': {
    summary: 'Remove a second factor (needs a reauth_token); ends the other sessions and the integration tokens',
    add: [409],
  },
  'DELETE /api/settings/users/{id}/mfa': {
    summary: 'Reset a user’s second factors and recovery codes (audited; their sessions and tokens end)',
  },
  'GET /api/organizations/{id}/security-policy': {
    summary: 'An organization’s security policy: second factors, session limits, support access',
  },
  'PUT /api/organizations/{id}/security-policy': {
    summary: 'Change an organization’s security policy (audited)',
  },
  'GET /api/organizations/{id}/support-grants': {
    summary:
      'The organization’s support grants, active and ended (grantee, reason, expiry, who granted, when revoked); its own administrators only',
  },
  'GET /api/organizations/{id}/support-grantees': {
    summary: 'Whom a support grant may name: other organizations whose people reach beyond their own, and those people',
  },
  'POST /api/organizations/{id}/support-grants': {
    summary:
      'Let another organization, or one person of it, reach this organization (support access “grant”) until a time at most 30 days ahead, with a reason (audited)',
  },
  'DELETE /api/support-grants/{id}': {
    summary: 'End a support grant at once; it stays listed as revoked (audited)',
    add: [409],
  },
  'POST /api/auth/forgot-password': { summary: 'Email a link to choose a new password (same answer for any address)' },
  'POST /api/auth/reset-password/check': { summary: 'Check that a password link is still valid' },
  'POST /api/auth/reset-password': { summary: 'Choose a new password with a password link (ends every session)' },
  'GET /api/auth/user': { summary: 'The signed-in user, their permissions and locations', ...self },
  'GET /api/auth/refresh': { summary: 'Extend the session; returns the same token', ...self },
  'POST /api/auth/logout': { summary: 'Sign out (revokes the session)', ...self },
  'POST /api/auth/impersonate': {
    summary:
      'Sign in as another user holding no permission the caller lacks; where their organization requires a support grant, an active grant and a reason (else 403 support_grant_required)',
  },
  'POST /api/auth/unimpersonate': { summary: "Return to the administrator's own session", add: [409], omit: [403] },
  'POST /api/auth/passkey/options': {
    summary:
      'A passkey challenge: for a passwordless sign-in, or with the mfa_token for the second step (that person’s passkeys); 2 minutes, single use',
    add: [401],
  },
  'POST /api/auth/passkey': {
    summary: 'Sign in with a passkey, without a password: the ordinary sign-in answer (session method passkey)',
    add: [403],
  },
  'POST /api/auth/reauth/passkey/options': {
    summary: 'A passkey challenge for confirming it is you again (POST /api/auth/reauth with its response)',
    ...self,
  },
  'POST /api/account/mfa/webauthn/options': {
    summary: 'Start adding a passkey: the registration options for the browser',
    ...self,
  },
  'POST /api/account/mfa/webauthn': {
    summary: 'Add a passkey (needs a reauth_token); the first factor answers 10 recovery codes',
    add: [409],
  },
  'POST /api/auth/reauth': {
    summary:
      'Confirm it is you again (password, or a TOTP or recovery code): a single-use proof for one sensitive change, valid 2 minutes (purpose "signature": for a HACCP signature only)',
  },
  'GET /api/settings/api-tokens': {
    summary: 'Integration tokens of the organizations in scope (never the token itself)',
  },
  'POST /api/settings/api-tokens': {
    summary: 'Create an integration token (rcm_…, shown once) with some of the creator’s own permissions',
  },
  'DELETE /api/settings/api-tokens/{id}': { summary: 'Revoke an integration token (it stops at once)' },
  // Single sign-on (OpenID Connect)
  'GET /api/organizations/{id}/sso-connections': {
    summary: 'The organization’s single sign-on connections (the client secret never, only whether one is set)',
  },
  'POST /api/organizations/{id}/sso-connections': {
    summary: 'Connect the organization to an OpenID Connect provider (its domains, claims, groups’ roles)',
    add: [409],
  },
  'PATCH /api/sso-connections/{id}': {
    summary: 'Change a single sign-on connection (a secret left out is kept)',
    add: [409],
  },
  'DELETE /api/sso-connections/{id}': {
    summary: 'Remove a single sign-on connection; the people who signed in through it are signed out',
  },
  'GET /api/auth/sso/discover': { summary: 'The single sign-on connection that serves an email address’s domain' },
  'GET /api/auth/sso/{connection_id}/start': {
    summary: 'Go to the provider to sign in (302); the trip is bound to this browser by an HttpOnly cookie',
  },
  'GET /api/auth/sso/callback': {
    summary: 'Where the provider sends the browser back (302 to the console, which completes the sign-in)',
  },
  'POST /api/auth/sso/complete': {
    summary: 'Complete a single sign-on (its single-use cookie) with the ordinary sign-in answer',
  },
  'GET /api/account/sessions': { summary: "One's own live sessions (where and how each signed in)", ...self },
  'DELETE /api/account/sessions/{id}': { summary: 'End one of one’s own sessions', omit: [403] },
  'POST /api/account/sessions/revoke-others': { summary: 'End every other session of one’s own', ...self },
  'DELETE /api/settings/users/{id}/sessions': { summary: 'End every session of a user (administrators)' },
  'PATCH /api/account': { summary: "Change one's own name, email, language, phone or password", add: [409], ...self },
  'GET /api/account/notifications': { summary: "One's own email notification preferences", ...self },
  'PUT /api/account/notifications': { summary: "Save one's own email notification preferences", ...self },
  'GET /api/setup': { summary: 'Whether first-run setup is still needed (no user exists)' },
  'POST /api/setup': { summary: 'First-run setup: the company, the Administrator role and the first user', add: [409] },
  'GET /api/languages': { summary: 'The interface languages' },
};
