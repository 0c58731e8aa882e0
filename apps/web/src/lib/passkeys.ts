import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { failureWithFields } from './api-client.ts';

/**
 * The browser's side of a passkey: `@simplewebauthn/browser` is imported when a passkey action runs,
 * so the sign-in page's first visit does not download it. Options and answers are the JSON the
 * server's `@simplewebauthn/server` gives and reads.
 */
const browser = () => import('@simplewebauthn/browser');

/** A new passkey (registration): the attestation to send to the server. */
export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startRegistration } = await browser();
  return {
    ...(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })),
  };
}

/** An existing passkey answering a challenge (sign-in, second step, re-authentication): the assertion. */
export async function assertPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { startAuthentication } = await browser();
  return {
    ...(await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })),
  };
}

/** Which failure of the browser's ceremony this is (a key of `mfa.passkey`), or null for any other error. */
function ceremonyFailure(err: unknown): 'canceled' | 'registered' | 'unsupported' | 'failed' | null {
  if (!(err instanceof Error)) return null;
  // The person closed the browser's prompt, or let it time out (the browser tells the two apart to no page).
  if (err.name === 'NotAllowedError' || err.name === 'AbortError') return 'canceled';
  if (err.name === 'InvalidStateError') return 'registered';
  if (err.name === 'NotSupportedError' || /not supported/i.test(err.message)) return 'unsupported';
  if ('code' in err && typeof err.code === 'string' && err.code.startsWith('ERROR_')) return 'failed';
  if (err.name === 'SecurityError' || err.name === 'UnknownError' || err.name === 'ConstraintError') return 'failed';
  return null;
}

/** What to tell the person about a failed passkey action: the ceremony's outcome, or the server's answer. */
export function passkeyFailure(err: unknown, t: (key: string) => string): string {
  const failure = ceremonyFailure(err);
  return failure ? t(`mfa.passkey.${failure}`) : failureWithFields(err, t('errors.network'));
}
