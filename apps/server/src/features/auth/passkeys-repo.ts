import { and, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { mfaFactors, webauthnChallenges } from '../../db/schema-factors.ts';
import type { FactorRow } from './mfa-repo.ts';

export type ChallengePurpose = 'registration' | 'authentication';

/** Passkeys' challenges and the passkey factors they are checked against. */
export function createPasskeysRepo(db: Db) {
  return {
    /** Keeps a new challenge and drops the ones expired by `at`. */
    async storeChallenge(
      challenge: { challenge: string; purpose: ChallengePurpose; userId: number | null; expiresAt: Date },
      at: Date,
      tx: Tx,
    ): Promise<void> {
      await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, at));
      await tx.insert(webauthnChallenges).values({ ...challenge, createdAt: at });
    },

    /** Spends a challenge live at `at`: its row, or undefined when none is live. */
    async spendChallenge(challenge: string, purpose: ChallengePurpose, at: Date, tx: DbOrTx) {
      const [row] = await tx
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, challenge),
            eq(webauthnChallenges.purpose, purpose),
            gt(webauthnChallenges.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    /** A person's verified passkeys. */
    passkeysOf(userId: number, on: DbOrTx = db): Promise<FactorRow[]> {
      return on
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'webauthn'), isNotNull(mfaFactors.verifiedAt)));
    },

    /** The verified factor of a credential, locked for the caller's transaction. */
    async lockVerifiedCredential(credentialId: string, tx: Tx): Promise<FactorRow | undefined> {
      const [factor] = await tx
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.credentialId, credentialId), isNotNull(mfaFactors.verifiedAt)))
        .for('update')
        .limit(1);
      return factor;
    },

    /** A passkey used: its new signature counter and when. */
    async recordUse(id: number, signCount: number, at: Date, tx: Tx): Promise<void> {
      await tx.update(mfaFactors).set({ signCount, lastUsedAt: at }).where(eq(mfaFactors.id, id));
    },

    /** Whether a credential is some factor's already. */
    async credentialTaken(credentialId: string, tx: Tx): Promise<boolean> {
      const [taken] = await tx
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(eq(mfaFactors.credentialId, credentialId))
        .limit(1);
      return taken !== undefined;
    },
  };
}

export type PasskeysRepo = ReturnType<typeof createPasskeysRepo>;
