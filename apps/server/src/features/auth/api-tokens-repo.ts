import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { organizations, users } from '../../db/schema.ts';
import { apiTokens, reauthTokens } from '../../db/schema-auth.ts';
import { scopeSql, type TenantScope } from './scope.ts';

/** How a re-authentication was proved. */
export type ReauthMethod = (typeof reauthTokens.$inferInsert)['method'];
export type ReauthPurpose = NonNullable<(typeof reauthTokens.$inferInsert)['purpose']>;

export type ApiTokenRow = {
  id: number;
  name: string;
  userId: number;
  creatorName: string;
  creatorOrganizationId: number;
  organizationId: number | null;
  organizationName: string | null;
  permissions: string[];
  locationIds: number[] | null;
  expiresAt: Date;
  lastUsedAt: Date | null;
  createdAt: Date;
};

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  userId: apiTokens.userId,
  creatorName: users.name,
  creatorOrganizationId: users.organizationId,
  organizationId: apiTokens.organizationId,
  organizationName: organizations.name,
  permissions: apiTokens.permissions,
  locationIds: apiTokens.locationIds,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdAt: apiTokens.createdAt,
};

/**
 * Integration tokens and re-authentication proofs. Tokens are listed by their creator's organization:
 * whoever manages that organization's settings sees (and may revoke) its tokens.
 */
export function createApiTokensRepo(db: Db) {
  const select = () =>
    db
      .select(columns)
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .leftJoin(organizations, eq(organizations.id, apiTokens.organizationId));
  const inScope = (scope: TenantScope): SQL => scopeSql(scope, { org: users.organizationId });

  return {
    /** A token that is not revoked nor expired, by its hash. */
    async findLive(tokenHash: string, now: Date): Promise<ApiTokenRow | undefined> {
      const [row] = await select()
        .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
        .limit(1);
      return row;
    },

    async list(scope: TenantScope, page: number, perPage: number) {
      const where = and(inScope(scope), isNull(apiTokens.revokedAt));
      const [total] = await db
        .select({ n: count() })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.userId))
        .where(where);
      const rows = await select()
        .where(where)
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { rows, total: total?.n ?? 0 };
    },

    async find(scope: TenantScope, id: number): Promise<ApiTokenRow | undefined> {
      const [row] = await select()
        .where(and(eq(apiTokens.id, id), inScope(scope), isNull(apiTokens.revokedAt)))
        .limit(1);
      return row;
    },

    async organizationExists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.id, id), isNull(organizations.archivedAt)))
        .limit(1);
      return rows.length > 0;
    },

    async insert(
      input: {
        name: string;
        tokenHash: string;
        userId: number;
        organizationId: number | null;
        permissions: string[];
        locationIds: number[] | null;
        expiresAt: Date;
      },
      tx: DbOrTx,
    ): Promise<number> {
      const [row] = await tx.insert(apiTokens).values(input).returning({ id: apiTokens.id });
      if (!row) throw new Error('api token insert returned nothing');
      return row.id;
    },

    async revoke(id: number, now: Date, tx: DbOrTx): Promise<void> {
      await tx
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
    },

    /** Ends every live token a user created (disabling them). */
    async revokeUserTokens(userId: number, now: Date, tx: DbOrTx): Promise<void> {
      await tx
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    },

    async touch(id: number, now: Date): Promise<void> {
      await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id));
    },

    async insertReauth(
      input: {
        tokenHash: string;
        userId: number;
        sessionId: number;
        method: ReauthMethod;
        purpose: ReauthPurpose | null;
        expiresAt: Date;
      },
      tx: DbOrTx,
    ): Promise<void> {
      await tx.insert(reauthTokens).values(input);
    },

    /**
     * Uses a proof up when it was this session's, for this purpose, unused and not expired (and now it
     * is used): the method it was made with; null otherwise.
     */
    async consumeReauth(
      tokenHash: string,
      sessionId: number,
      purpose: ReauthPurpose | null,
      now: Date,
      tx: DbOrTx,
    ): Promise<ReauthMethod | null> {
      const [row] = await tx
        .update(reauthTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(reauthTokens.tokenHash, tokenHash),
            eq(reauthTokens.sessionId, sessionId),
            purpose === null ? isNull(reauthTokens.purpose) : eq(reauthTokens.purpose, purpose),
            isNull(reauthTokens.usedAt),
            gt(reauthTokens.expiresAt, now),
          ),
        )
        .returning({ method: reauthTokens.method });
      return row?.method ?? null;
    },

    /** Proofs older than a day are of no use to anyone: dropped when a new one is made. */
    async pruneReauth(before: Date, tx: DbOrTx): Promise<void> {
      await tx.delete(reauthTokens).where(sql`${reauthTokens.createdAt} < ${before.toISOString()}::timestamptz`);
    },
  };
}

export type ApiTokensRepo = ReturnType<typeof createApiTokensRepo>;
