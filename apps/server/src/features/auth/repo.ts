import type { SessionMethod } from '@rcm/shared/sessions';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { organizations, roles, teams, userLocations, users } from '../../db/schema.ts';
import { sessions } from '../../db/schema-auth.ts';
import { type Fragment, readerFor } from '../../db/statement.ts';
import { resolveTokenWith as resolveWith, type SessionRecord, type UserRecord } from './resolve-token.ts';
import { userColumns } from './user-columns.ts';

export type { ResolvedToken, SessionRecord, UserRecord } from './resolve-token.ts';

/**
 * A new user without a password (an invited one chooses it through the emailed link, one made by
 * single sign-on signs in through the provider): until then no password matches. Its id.
 */
export async function insertPasswordlessUser(
  values: Omit<typeof users.$inferInsert, 'id' | 'passwordHash'>,
  tx: Tx,
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, passwordHash: '' })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export function createAuthRepo(db: Db) {
  const read = readerFor(db);
  const baseUserQuery = (on: DbOrTx = db) =>
    on
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(teams, eq(teams.id, users.teamId));

  /** The token's resolution with, in the same statement, a read of one row (resolve-token.ts). */
  const resolveTokenWith = (tokenHash: string, now: Date, extra: Fragment | null) =>
    resolveWith(read, tokenHash, now, extra);

  return {
    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      const rows = await baseUserQuery()
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      return rows[0];
    },

    async findUserById(id: number, on: DbOrTx = db): Promise<UserRecord | undefined> {
      const rows = await baseUserQuery(on)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return rows[0];
    },

    async userLocationIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: userLocations.locationId })
        .from(userLocations)
        .where(eq(userLocations.userId, userId));
      return rows.map((r) => r.id);
    },

    async createSession(
      input: {
        tokenHash: string;
        userId: number;
        remember: boolean;
        impersonatorSessionId: number | null;
        method?: SessionMethod;
        expiresAt: Date;
        createdAt?: Date;
        lastUsedAt?: Date;
        ip?: string | null;
        userAgent?: string | null;
      },
      on: DbOrTx = db,
    ): Promise<SessionRecord> {
      const [row] = await on.insert(sessions).values(input).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    /** A live session: not revoked, not expired. */
    async findLiveSession(tokenHash: string, now: Date): Promise<SessionRecord | undefined> {
      const rows = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          impersonatorSessionId: sessions.impersonatorSessionId,
          remember: sessions.remember,
          expiresAt: sessions.expiresAt,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      return rows[0];
    },

    /**
     * Everything a request needs from its token in ONE round trip: the live session, its user with
     * role and team, the member's locations, and the impersonating administrator's session (if any).
     * Undefined for an unknown, expired or revoked token. Runs on every request, so it is a fixed
     * statement on the fast reader (db/statement.ts), not a drizzle query built each time.
     */
    async resolveToken(tokenHash: string, now: Date) {
      return (await resolveTokenWith(tokenHash, now, null))?.resolved;
    },

    resolveTokenWith,

    async findSessionById(id: number): Promise<(SessionRecord & { revokedAt: Date | null }) | undefined> {
      const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return rows[0];
    },

    async touchSession(id: number, now: Date, expiresAt?: Date): Promise<void> {
      await db
        .update(sessions)
        .set(expiresAt ? { lastUsedAt: now, expiresAt } : { lastUsedAt: now })
        .where(eq(sessions.id, id));
    },

    /** A user's live sessions, newest use first. */
    async listLiveSessions(userId: number, now: Date) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          method: sessions.method,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .orderBy(sql`${sessions.lastUsedAt} desc`, sql`${sessions.id} desc`);
    },

    /** Ends one live session of this user; false when they have no such session. */
    async revokeOwnSession(userId: number, id: number, now: Date, on: DbOrTx = db): Promise<boolean> {
      const rows = await on
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async revokeSession(id: number, now: Date, on: DbOrTx = db): Promise<void> {
      await on
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    /** Ends every live session of a user (disable, password change) in one statement. */
    async revokeUserSessions(userId: number, now: Date, exceptSessionId?: number, on: DbOrTx = db): Promise<void> {
      await on
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
          ),
        );
    },

    async updateUser(
      id: number,
      patch: Partial<{ name: string; email: string; language: string; phone: string; passwordHash: string }>,
      on: DbOrTx = db,
    ): Promise<void> {
      await on.update(users).set(patch).where(eq(users.id, id));
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
