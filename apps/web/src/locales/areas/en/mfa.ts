/** Second factors at sign-in: the second step, enrollment, the authenticator app's setup and the recovery codes. */
export const en = {
  step: {
    title: 'Two-factor authentication',
    totpIntro: 'Enter the 6-digit code from your authenticator app.',
    recoveryIntro: 'Enter one of the recovery codes you saved. Each code works once.',
    code: 'Authentication code',
    recoveryCode: 'Recovery code',
    verify: 'Verify',
    verifying: 'Verifying…',
    useRecovery: 'Use a recovery code',
    useTotp: 'Use your authenticator app',
    startOver: 'Start over',
    usePasskey: 'Use a passkey',
    waitingForPasskey: 'Waiting for your passkey…',
    passkeyIntro: 'Confirm it’s you with your passkey.',
  },
  /** A passkey's ceremony in the browser that did not end with an answer (sign-in and the account page). */
  passkey: {
    canceled: 'The passkey request was canceled or timed out. You can try again.',
    registered: 'This device already holds a passkey for your account.',
    unsupported: 'This browser cannot use passkeys. Use another way, or another browser.',
    failed: 'Your passkey could not be used. Try again, or use another way.',
  },
  enroll: {
    title: 'Set up two-factor authentication',
    required: 'Your organization requires a second factor before you can sign in.',
    start: 'Set up an authenticator app',
    passkey: 'Add a passkey',
    passkeyIntro: 'A passkey signs you in with this device’s fingerprint, face or screen lock.',
    /** The name the new passkey is listed by on the account page. */
    passkeyLabel: 'Passkey',
  },
  setup: {
    scan: 'Scan this QR code with an authenticator app (such as Microsoft Authenticator, Google Authenticator or 1Password), then enter the 6-digit code it shows.',
    qrAlt: 'QR code to add this account to an authenticator app',
    manual: 'Can’t scan it? Enter this key in the app:',
    code: 'Code from the app',
    verify: 'Verify',
    verifying: 'Verifying…',
  },
  codes: {
    title: 'Save your recovery codes',
    intro:
      'If you lose your phone, each of these codes signs you in once. They are shown only now: copy or download them and keep them somewhere safe.',
    list: 'Recovery codes',
    copy: 'Copy codes',
    copied: 'Recovery codes copied.',
    download: 'Download codes',
    fileName: 'recovery-codes.txt',
    fileHeading: 'Refrigeration Console recovery codes for {{email}}',
    done: 'I saved them, continue',
  },
};
