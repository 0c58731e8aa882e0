import { AppError } from '../../lib/errors.ts';
import type { ThrottleRepo } from './throttle-repo.ts';

/** Failures allowed before any wait; each one after doubles the wait from the first, up to the cap. */
export const FREE_FAILURES = 5;
export const FIRST_WAIT_MS = 15_000;
/** The longest an account is held back: someone guessing cannot keep its owner out for longer. */
export const MAX_WAIT_MS = 5 * 60_000;
/** Failures older than this are forgotten: the count starts again. */
export const FORGET_AFTER_MS = 60 * 60_000;

/** How long to hold an account back after its `failures`-th failure (0: not at all). */
export function waitAfter(failures: number, free = FREE_FAILURES): number {
  if (failures < free) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(failures - free, 20));
}

const keyOf = (kind: 'login' | 'reset', email: string) => `${kind}:${email.trim().toLowerCase()}`;

/**
 * Per-account throttles, beside the per-address rate limit: sign-in (failed passwords, whether the
 * address exists or not, so the answer tells nothing) and password-reset requests (emails sent).
 * Stored in the database, so every instance holds the same account back.
 */
export function createAccountThrottle(deps: { repo: ThrottleRepo; now: () => Date }) {
  const { repo, now } = deps;
  const forgetBefore = () => new Date(now().getTime() - FORGET_AFTER_MS);
  const held = async (key: string) => {
    const until = await repo.blockedUntil(key);
    return until !== null && until > now();
  };
  const fail = async (key: string, free: number) => {
    const failures = await repo.fail(key, now(), forgetBefore());
    const wait = waitAfter(failures, free);
    if (wait > 0) await repo.block(key, new Date(now().getTime() + wait));
  };
  return {
    /** 429 `account_throttled` while the account is held back; its password is not even checked. */
    async beforeSignIn(email: string): Promise<void> {
      if (await held(keyOf('login', email))) throw new AppError(429, 'account_throttled');
    },
    signInFailed: (email: string) => fail(keyOf('login', email), FREE_FAILURES),
    signedIn: (email: string) => repo.clear(keyOf('login', email)),
    /** Whether a reset email may go to this address now (3 in a row freely, then with growing waits); counts it. */
    async resetAllowed(email: string): Promise<boolean> {
      const key = keyOf('reset', email);
      if (await held(key)) return false;
      await fail(key, 3);
      return true;
    },
    purge: () => repo.purge(forgetBefore()),
  };
}

export type AccountThrottle = ReturnType<typeof createAccountThrottle>;
