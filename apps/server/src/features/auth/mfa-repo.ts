import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { organizations, roles } from '../../db/schema.ts';
import { mfaChallenges, mfaFactors, mfaRecoveryCodes, organizationSecurityPolicies } from '../../db/schema-factors.ts';

export type FactorRow = typeof mfaFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
export type PolicyRow = typeof organizationSecurityPolicies.$inferSelect;

/** Second factors, recovery codes, the sign-in's second step and the organizations' security policies. */
export function createMfaRepo(db: Db) {
  return {
    /** A person's verified factors, oldest first. */
    async verifiedFactors(userId: number, on: DbOrTx = db): Promise<FactorRow[]> {
      return on
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.verifiedAt)))
        .orderBy(asc(mfaFactors.id));
    },

    async findFactor(userId: number, id: number, on: DbOrTx = db): Promise<FactorRow | undefined> {
      const [row] = await on
        .select()
        .from(mfaFactors)
        .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)))
        .limit(1);
      return row;
    },

    /** The row locked for the change (a TOTP code is checked against its last used step). */
    async lockFactor(id: number, tx: DbOrTx): Promise<FactorRow | undefined> {
      const [row] = await tx.select().from(mfaFactors).where(eq(mfaFactors.id, id)).for('update').limit(1);
      return row;
    },

    async insertFactor(input: typeof mfaFactors.$inferInsert, tx: DbOrTx): Promise<FactorRow> {
      const [row] = await tx.insert(mfaFactors).values(input).returning();
      if (!row) throw new Error('factor insert returned nothing');
      return row;
    },

    async updateFactor(id: number, patch: Partial<typeof mfaFactors.$inferInsert>, tx: DbOrTx): Promise<void> {
      await tx.update(mfaFactors).set(patch).where(eq(mfaFactors.id, id));
    },

    async deleteFactor(id: number, tx: DbOrTx): Promise<void> {
      await tx.delete(mfaFactors).where(eq(mfaFactors.id, id));
    },

    /** Pending enrollments of a person older than `before` are dropped (never verified, of no use). */
    async prunePending(userId: number, before: Date, tx: DbOrTx): Promise<void> {
      await tx
        .delete(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), isNull(mfaFactors.verifiedAt), lt(mfaFactors.createdAt, before)));
    },

    /** Every factor and recovery code of a person (an administrator's reset, the last factor removed). */
    async deleteAll(userId: number, tx: DbOrTx): Promise<number> {
      const removed = await tx.delete(mfaFactors).where(eq(mfaFactors.userId, userId)).returning({ id: mfaFactors.id });
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      return removed.length;
    },

    /** Replaces the person's recovery codes with these hashes. */
    async replaceRecoveryCodes(userId: number, hashes: string[], tx: DbOrTx): Promise<void> {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await tx.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    async recoveryCodesLeft(userId: number, on: DbOrTx = db): Promise<number> {
      const [row] = await on
        .select({ n: sql<number>`count(*)::int` })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    /** Uses up an unused recovery code of the person; false when there is none with this hash. */
    async useRecoveryCode(userId: number, codeHash: string, now: Date, tx: DbOrTx): Promise<boolean> {
      const rows = await tx
        .update(mfaRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length > 0;
    },

    async insertChallenge(input: typeof mfaChallenges.$inferInsert, tx: DbOrTx = db): Promise<void> {
      await tx.insert(mfaChallenges).values(input);
    },

    /** A live challenge of this purpose, locked for the attempt; undefined when unknown, used, expired or spent. */
    async lockLiveChallenge(
      tokenHash: string,
      purpose: ChallengeRow['purpose'],
      now: Date,
      maxTries: number,
      tx: DbOrTx,
    ): Promise<ChallengeRow | undefined> {
      const [row] = await tx
        .select()
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.tokenHash, tokenHash),
            eq(mfaChallenges.purpose, purpose),
            isNull(mfaChallenges.usedAt),
            gt(mfaChallenges.expiresAt, now),
            lt(mfaChallenges.tries, maxTries),
          ),
        )
        .for('update')
        .limit(1);
      return row;
    },

    /** One more try of a challenge, counted whatever the outcome (in its own statement: it outlives a failure). */
    async countTry(id: number, on: DbOrTx = db): Promise<void> {
      await on
        .update(mfaChallenges)
        .set({ tries: sql`${mfaChallenges.tries} + 1` })
        .where(eq(mfaChallenges.id, id));
    },

    async useChallenge(id: number, now: Date, tx: DbOrTx): Promise<void> {
      await tx.update(mfaChallenges).set({ usedAt: now }).where(eq(mfaChallenges.id, id));
    },

    /** Challenges used or expired before `before` tell nothing: dropped when a new one is made. */
    async pruneChallenges(before: Date, tx: DbOrTx = db): Promise<void> {
      await tx
        .delete(mfaChallenges)
        .where(
          or(
            lt(mfaChallenges.expiresAt, before),
            and(isNotNull(mfaChallenges.usedAt), lt(mfaChallenges.usedAt, before)),
          ),
        );
    },

    async policyOf(organizationId: number, on: DbOrTx = db): Promise<PolicyRow | undefined> {
      const [row] = await on
        .select()
        .from(organizationSecurityPolicies)
        .where(eq(organizationSecurityPolicies.organizationId, organizationId))
        .limit(1);
      return row;
    },

    async upsertPolicy(input: typeof organizationSecurityPolicies.$inferInsert, tx: DbOrTx): Promise<PolicyRow> {
      // Everything but the key is what an existing row takes.
      const { organizationId: _key, ...rest } = input;
      const [row] = await tx
        .insert(organizationSecurityPolicies)
        .values(input)
        .onConflictDoUpdate({ target: organizationSecurityPolicies.organizationId, set: rest })
        .returning();
      if (!row) throw new Error('policy upsert returned nothing');
      return row;
    },

    /** Whether the organization a policy is asked for exists. */
    async organizationExists(id: number): Promise<boolean> {
      const [org] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, id))
        .limit(1);
      return org !== undefined;
    },

    /** How many of these roles exist and are not archived (the roles a policy may require a second factor of). */
    async liveRoleCount(ids: readonly number[]): Promise<number> {
      const found = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(inArray(roles.id, [...ids]), isNull(roles.archivedAt)));
      return found.length;
    },
  };
}

export type MfaRepo = ReturnType<typeof createMfaRepo>;
