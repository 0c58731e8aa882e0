import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as the policy has it: HMAC-SHA-1, six digits, 30-second steps, one step either side. */
const PERIOD = 30;
const WINDOW = 1;
/** The name authenticator apps list the account under. */
export const TOTP_ISSUER = 'Refrigeration Console';

function totpOf(secret: string, label = '') {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new shared secret: 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads from a QR code. */
export function totpUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/**
 * The 30-second step whose code `code` is at `now` (the current step or one either side), or null.
 * A step at or before `lastUsedStep` is refused: each code is accepted once, and none older after it.
 */
export function totpStep(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = totp.counter({ timestamp }) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
