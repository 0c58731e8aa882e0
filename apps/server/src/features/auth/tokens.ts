import { createHash, randomBytes } from 'node:crypto';

/** Opaque session token: 256 random bits, sent to the client once; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function emailMd5(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}
