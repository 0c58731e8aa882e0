import { normalizeLocale } from '@rcm/shared/locale';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type ChangeDeps, personActor } from '../audit/repo.ts';
import type { EmailOutboxRepo } from '../mail/outbox-repo.ts';
import { renderPasswordEmail } from './account-emails.ts';
import type { PasswordTokenPurpose, PasswordTokensRepo } from './password-tokens-repo.ts';
import { hashPassword } from './passwords.ts';
import type { AuthRepo } from './repo.ts';
import type { AccountThrottle } from './throttle.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a "choose a password" link lives: a reset 60 minutes, a new account's invitation 7 days. */
export const PASSWORD_LINK_TTL_MS: Record<PasswordTokenPurpose, number> = {
  reset: 60 * 60_000,
  invite: 7 * 24 * 3_600_000,
};

const invalid = () => new AppError(422, 'reset_token_invalid');

export type LinkUser = { id: number; name: string; email: string; language: string; organizationId: number };

/**
 * Password links: forgot-password, an administrator's "send password reset", a new account's
 * invitation, and spending a link to set the password (which ends every session of that user).
 */
export function createPasswordLinks(
  deps: ChangeDeps & {
    tokens: PasswordTokensRepo;
    users: Pick<AuthRepo, 'findUserByEmail' | 'revokeUserSessions'>;
    /** Where links point: the console's public address. */
    publicUrl: () => string;
    /** The email outbox the links' emails are queued in. */
    outbox: EmailOutboxRepo;
    /** Holds back reset emails to one address asked for again and again; a reset clears sign-in failures. */
    throttle: Pick<AccountThrottle, 'resetAllowed' | 'signedIn'>;
  },
) {
  const { db, tokens, audit, now } = deps;

  /**
   * Creates a link for the user and queues its email in `on` (so both commit together); returns the
   * link, which the caller shows only where no mail server would carry it.
   */
  async function send(on: Db | Tx, user: LinkUser, purpose: PasswordTokenPurpose): Promise<string> {
    const token = newToken();
    await tokens.insert(on, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + PASSWORD_LINK_TTL_MS[purpose]),
    });
    const locale = normalizeLocale(user.language);
    const link = `${deps.publicUrl()}/user/reset-password?token=${encodeURIComponent(token)}`;
    const mail = renderPasswordEmail({ locale, purpose, name: user.name, link });
    await deps.outbox.enqueue({ kind: `password_${purpose}`, to: user.email, locale, userId: user.id, ...mail }, on);
    return link;
  }

  async function live(token: string) {
    const row = await tokens.findLive(hashToken(token), now());
    if (!row) throw invalid();
    return row;
  }

  return {
    send,

    /**
     * Forgot password: emails a reset link when the address belongs to an enabled user, and does
     * nothing otherwise. The caller answers before this runs, so the answer never tells which. An
     * address asked for again and again gets its emails with growing waits between them (any address,
     * known or not).
     */
    async forgot(email: string): Promise<void> {
      if (!(await deps.throttle.resetAllowed(email))) return;
      const user = await deps.users.findUserByEmail(email);
      if (!user || user.disabled) return;
      await audit.recordChange(db, personActor(null), (tx) => send(tx, user, 'reset'), {
        organizationId: user.organizationId,
        action: 'auth.password_reset_requested',
        subjectType: 'user',
        subjectId: user.id,
      });
    },

    async preview(token: string) {
      const row = await live(token);
      return { email: row.email, name: row.name, purpose: row.purpose };
    },

    /** Sets the password through a live link, spends it, and ends every session of the user. */
    async reset(token: string, password: string): Promise<void> {
      const row = await live(token);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        if (!(await tokens.spend(tx, row.id, row.userId, now()))) throw invalid();
        await tokens.setPassword(tx, row.userId, passwordHash);
        await audit.recordBy(
          personActor(row.userId),
          {
            organizationId: row.organizationId,
            action: row.purpose === 'invite' ? 'auth.password_chosen' : 'auth.password_reset',
            subjectType: 'user',
            subjectId: row.userId,
          },
          tx,
        );
      });
      await deps.users.revokeUserSessions(row.userId, now());
      // The owner proved the address: sign-in failures counted against it (someone guessing) are cleared.
      await deps.throttle.signedIn(row.email);
    },
  };
}

export type PasswordLinks = ReturnType<typeof createPasswordLinks>;
