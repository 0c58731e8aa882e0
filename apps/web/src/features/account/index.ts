export { accountMfaQuery, resetUserMfa, saveSecurityPolicy, securityPolicyQuery } from './api/mfa.ts';
export { ReauthDialog } from './reauth-dialog.tsx';
export { RecoveryCodesPanel } from './recovery-codes.tsx';
export { TotpSetup } from './totp-setup.tsx';
