import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema-channels.ts';
import { query } from '../../lib/sql.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The caller's push subscriptions (every query keyed by their user id). */
export function createPushRepo(db: DbOrTx) {
  /** Deletes the user's subscription that `which` picks; false when they have none such. */
  async function removeOwn(userId: number, which: SQL): Promise<boolean> {
    const rows = await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), which))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  return {
    list(userId: number): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id));
    },
    /**
     * Keeps a browser's subscription for this person. The same endpoint of theirs again (the browser
     * renewed its keys) takes the new keys; an endpoint another person holds stays theirs: undefined.
     */
    async save(s: {
      userId: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
      at: Date;
    }): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ ...s, createdAt: s.at })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: s.p256dh, auth: s.auth, userAgent: s.userAgent },
          setWhere: eq(pushSubscriptions.userId, s.userId),
        })
        .returning();
      return row;
    },
    removeByEndpoint: (userId: number, endpoint: string) => removeOwn(userId, eq(pushSubscriptions.endpoint, endpoint)),
    remove: (userId: number, id: number) => removeOwn(userId, eq(pushSubscriptions.id, id)),
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;

export async function hasPushSubscription(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0) > 0;
}

/** Where a person's pushes go (the worker's view: every device of theirs). */
export function subscriptionsOf(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return createPushRepo(db).list(userId);
}

/** A subscription its push service says is gone (404/410). */
export async function dropSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The app badge: the person's alarms that paged them and are still active (not acknowledged, cleared or suppressed). */
export async function activeAlarmsPaging(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    sql`select count(distinct a.id)::int as n from alarm_pages p join alarms a on a.id = p.alarm_id
        where p.user_id = ${userId} and a.status = 'active' and not a.suppressed`,
  );
  return Number(row?.n ?? 0);
}
