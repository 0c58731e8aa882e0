export { accountMfaQuery, resetUserMfa, saveSecurityPolicy, securityPolicyQuery } from './api/mfa.ts';
export { ReauthDialog } from './components/reauth-dialog.tsx';
export { RecoveryCodesPanel } from './components/recovery-codes.tsx';
export { TotpSetup } from './components/totp-setup.tsx';
