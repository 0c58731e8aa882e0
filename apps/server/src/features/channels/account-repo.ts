import type { ContactMethod, NotificationRule } from '@rcm/shared/channels';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type ContactMethodType, contactMethods, notificationRules } from '../../db/schema-channels.ts';

type MethodRow = typeof contactMethods.$inferSelect;

export const presentMethod = (m: MethodRow): ContactMethod => ({
  id: m.id,
  type: m.type,
  address: m.address,
  verified: m.verifiedAt !== null,
  verified_at: m.verifiedAt?.toISOString() ?? null,
  code_expires_at: m.verifiedAt ? null : (m.codeExpiresAt?.toISOString() ?? null),
  created_at: m.createdAt.toISOString(),
});

/** A person's contact methods and notification rules (always the caller's own: `userId` scopes every query). */
export function createAccountChannelsRepo(db: Db) {
  return {
    methods(userId: number): Promise<MethodRow[]> {
      return db.select().from(contactMethods).where(eq(contactMethods.userId, userId)).orderBy(asc(contactMethods.id));
    },
    async method(userId: number, id: number): Promise<MethodRow | undefined> {
      const [row] = await db
        .select()
        .from(contactMethods)
        .where(and(eq(contactMethods.userId, userId), eq(contactMethods.id, id)));
      return row;
    },
    async hasMethod(userId: number, type: ContactMethodType, address: string): Promise<boolean> {
      const [row] = await db
        .select({ id: contactMethods.id })
        .from(contactMethods)
        .where(
          and(eq(contactMethods.userId, userId), eq(contactMethods.type, type), eq(contactMethods.address, address)),
        );
      return row !== undefined;
    },
    /** A new method with its first code; undefined when the person already has it. */
    async addMethod(m: {
      userId: number;
      type: ContactMethodType;
      address: string;
      codeHash: string;
      codeExpiresAt: Date;
      at: Date;
    }): Promise<MethodRow | undefined> {
      const [row] = await db
        .insert(contactMethods)
        .values({ ...m, createdAt: m.at })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async newCode(id: number, codeHash: string, codeExpiresAt: Date): Promise<void> {
      await db
        .update(contactMethods)
        .set({ codeHash, codeExpiresAt, codeAttempts: 0 })
        .where(eq(contactMethods.id, id));
    },
    /** One more wrong code; returns the attempts made. */
    async wrongCode(id: number): Promise<number> {
      const [row] = await db
        .update(contactMethods)
        .set({ codeAttempts: sql`${contactMethods.codeAttempts} + 1` })
        .where(eq(contactMethods.id, id))
        .returning({ attempts: contactMethods.codeAttempts });
      return row?.attempts ?? 0;
    },
    async verified(id: number, at: Date): Promise<MethodRow | undefined> {
      const [row] = await db
        .update(contactMethods)
        .set({ verifiedAt: at, codeHash: null, codeExpiresAt: null, codeAttempts: 0 })
        .where(eq(contactMethods.id, id))
        .returning();
      return row;
    },
    async rulesUsing(id: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notificationRules)
        .where(eq(notificationRules.contactMethodId, id));
      return row?.n ?? 0;
    },
    async removeMethod(userId: number, id: number): Promise<void> {
      await db.delete(contactMethods).where(and(eq(contactMethods.userId, userId), eq(contactMethods.id, id)));
    },

    /** The saved rules in order (none saved: an empty list; the caller applies the defaults). */
    rules(userId: number) {
      return db
        .select()
        .from(notificationRules)
        .where(eq(notificationRules.userId, userId))
        .orderBy(asc(notificationRules.position));
    },
    /** Replaces the person's rules with these, in one transaction. */
    async saveRules(userId: number, rules: readonly NotificationRule[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(notificationRules).where(eq(notificationRules.userId, userId));
        await tx.insert(notificationRules).values(
          rules.map((r, position) => ({
            userId,
            position,
            method: typeof r.method === 'string' ? r.method : ('contact' as const),
            contactMethodId: typeof r.method === 'string' ? null : r.method.contact_method_id,
            delayMinutes: r.delay_minutes,
          })),
        );
      });
    },
  };
}

export type AccountChannelsRepo = ReturnType<typeof createAccountChannelsRepo>;

/** A paged person's rules as the dispatcher reads them, inside the paging transaction. */
export async function rulesForPaging(tx: DbOrTx, userId: number) {
  return tx
    .select({
      method: notificationRules.method,
      delayMinutes: notificationRules.delayMinutes,
      contactMethodId: notificationRules.contactMethodId,
      type: contactMethods.type,
      verified: sql<boolean>`${contactMethods.verifiedAt} is not null`,
    })
    .from(notificationRules)
    .leftJoin(contactMethods, eq(contactMethods.id, notificationRules.contactMethodId))
    .where(eq(notificationRules.userId, userId))
    .orderBy(asc(notificationRules.position));
}
