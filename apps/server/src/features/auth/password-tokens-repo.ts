import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { passwordTokens } from '../../db/schema-auth.ts';

export type PasswordTokenPurpose = 'reset' | 'invite';

/** The single-use "choose a password" links; only their hashes are stored. */
export function createPasswordTokensRepo(db: Db) {
  return {
    async insert(
      on: Db | Tx,
      input: { userId: number; purpose: PasswordTokenPurpose; tokenHash: string; expiresAt: Date },
    ): Promise<void> {
      await on.insert(passwordTokens).values(input);
    },

    /** A token that is unused, unexpired and whose user may still sign in; undefined otherwise. */
    async findLive(tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          id: passwordTokens.id,
          purpose: passwordTokens.purpose,
          userId: users.id,
          name: users.name,
          email: users.email,
          organizationId: users.organizationId,
        })
        .from(passwordTokens)
        .innerJoin(users, eq(users.id, passwordTokens.userId))
        .where(
          and(
            eq(passwordTokens.tokenHash, tokenHash),
            isNull(passwordTokens.usedAt),
            gt(passwordTokens.expiresAt, now),
            eq(users.disabled, false),
            isNull(users.deletedAt),
          ),
        );
      return row;
    },

    /**
     * Spends the token and every other open token of its user (an older link must not outlive a
     * newer password). True only for the caller that spent it: of two concurrent resets one wins.
     */
    async spend(tx: Tx, id: number, userId: number, now: Date): Promise<boolean> {
      const spent = await tx
        .update(passwordTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt)))
        .returning({ id: passwordTokens.id });
      if (spent.length !== 1) return false;
      await tx
        .update(passwordTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
      return true;
    },

    async setPassword(tx: Tx, userId: number, passwordHash: string): Promise<void> {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
  };
}

export type PasswordTokensRepo = ReturnType<typeof createPasswordTokensRepo>;
