import { and, arrayOverlaps, asc, eq, gt, inArray, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { organizations, roles, users } from '../../db/schema.ts';
import { ssoConnections, ssoFlows, ssoIdentities } from '../../db/schema-access.ts';
import { insertPasswordlessUser } from './repo.ts';
import type { TenantScope } from './scope.ts';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoConnectionValues = Omit<typeof ssoConnections.$inferInsert, 'id' | 'createdAt'>;
export type SsoFlowRow = typeof ssoFlows.$inferSelect;

/** Single sign-on's rows: connections, the people known by (issuer, subject), and the trips through a provider. */
export function createSsoRepo(db: Db) {
  const inScope = (scope: TenantScope) =>
    scope.kind === 'all'
      ? scope.except.length === 0
        ? undefined
        : notInArray(ssoConnections.organizationId, [...scope.except])
      : eq(ssoConnections.organizationId, scope.organizationId);

  /** The connection `which` picks (the first, if several do), with its organization's name, if that is not archived. */
  async function liveWithOrganization(which: SQL | undefined) {
    const [row] = await db
      .select({ connection: ssoConnections, organizationName: organizations.name })
      .from(ssoConnections)
      .innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId))
      .where(and(which, isNull(organizations.archivedAt)))
      .limit(1);
    return row;
  }

  return {
    async list(scope: TenantScope, organizationId: number): Promise<SsoConnectionRow[]> {
      return db
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.organizationId, organizationId), inScope(scope)))
        .orderBy(asc(ssoConnections.name), asc(ssoConnections.id));
    },

    async find(scope: TenantScope, id: number): Promise<SsoConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.id, id), inScope(scope)));
      return row;
    },

    /** A connection by id for the sign-in flow (no caller yet), with its organization's name. */
    findForSignIn: (id: number) => liveWithOrganization(eq(ssoConnections.id, id)),

    /** The connection that claims the domain (one at most: domains are unique across connections). */
    findByDomain: (domain: string) => liveWithOrganization(arrayOverlaps(ssoConnections.emailDomains, [domain])),

    /** Of these domains, those another connection (not `exceptId`) already claims. */
    async domainsTaken(domains: readonly string[], exceptId: number | null): Promise<string[]> {
      if (domains.length === 0) return [];
      const rows = await db
        .select({ domains: ssoConnections.emailDomains })
        .from(ssoConnections)
        .where(
          and(
            arrayOverlaps(ssoConnections.emailDomains, [...domains]),
            exceptId ? ne(ssoConnections.id, exceptId) : undefined,
          ),
        );
      const taken = new Set(rows.flatMap((r) => r.domains));
      return domains.filter((d) => taken.has(d));
    },

    /** Of these roles, those that exist and are not archived, with their permissions. */
    async liveRoles(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: roles.id, permissions: roles.permissions })
        .from(roles)
        .where(and(inArray(roles.id, [...ids]), isNull(roles.archivedAt)));
    },

    /** Of these users, those live in the organization. */
    async membersOf(organizationId: number, ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [...ids]), eq(users.organizationId, organizationId), isNull(users.deletedAt)));
      return rows.map((r) => r.id);
    },

    async insert(values: SsoConnectionValues, tx: Tx): Promise<SsoConnectionRow> {
      const [row] = await tx.insert(ssoConnections).values(values).returning();
      if (!row) throw new Error('sso connection insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<SsoConnectionValues>, tx: Tx): Promise<SsoConnectionRow> {
      const [row] = await tx.update(ssoConnections).set(values).where(eq(ssoConnections.id, id)).returning();
      if (!row) throw new Error('sso connection update returned nothing');
      return row;
    },

    /** Removes the connection; its identities and trips go with it. Answers the users who were linked. */
    async remove(id: number, tx: Tx): Promise<number[]> {
      const linked = await tx
        .select({ userId: ssoIdentities.userId })
        .from(ssoIdentities)
        .where(eq(ssoIdentities.connectionId, id));
      await tx.delete(ssoConnections).where(eq(ssoConnections.id, id));
      return linked.map((r) => r.userId);
    },

    /** Whether password sign-in is refused to this user: a connection of their organization requires SSO and does not name them. */
    async passwordRefused(userId: number, organizationId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: ssoConnections.id })
        .from(ssoConnections)
        .where(
          and(
            eq(ssoConnections.organizationId, organizationId),
            eq(ssoConnections.requireSso, true),
            sql`not (${userId} = any(${ssoConnections.breakGlassUserIds}))`,
          ),
        )
        .limit(1);
      return !!row;
    },

    async findIdentity(issuer: string, subject: string) {
      const [row] = await db
        .select()
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
      return row;
    },

    async insertIdentity(
      values: { connectionId: number; userId: number; issuer: string; subject: string; groups: string[]; at: Date },
      tx: Tx,
    ) {
      const { at, ...rest } = values;
      await tx.insert(ssoIdentities).values({ ...rest, lastLoginAt: at });
    },

    async touchIdentity(id: number, groups: string[], at: Date, tx: Tx) {
      await tx.update(ssoIdentities).set({ groups, lastLoginAt: at }).where(eq(ssoIdentities.id, id));
    },

    /** Whether the user signs in through a provider (any connection); such a user has no password of ours. */
    async hasIdentity(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: ssoIdentities.id })
        .from(ssoIdentities)
        .where(eq(ssoIdentities.userId, userId))
        .limit(1);
      return !!row;
    },

    /** A new user made by just-in-time provisioning (no password: they sign in through the provider). */
    insertUser: (
      values: { name: string; email: string; organizationId: number; roleId: number; language: string },
      tx: Tx,
    ) => insertPasswordlessUser(values, tx),

    async setRole(userId: number, roleId: number, tx: Tx) {
      await tx.update(users).set({ roleId }).where(eq(users.id, userId));
    },

    async insertFlow(values: typeof ssoFlows.$inferInsert, on: DbOrTx = db) {
      await on.insert(ssoFlows).values(values);
    },

    /** Uses up the trip of this state (single use); undefined when unknown, used or expired. */
    async takeFlow(stateHash: string, now: Date): Promise<SsoFlowRow | undefined> {
      const [row] = await db
        .update(ssoFlows)
        .set({ usedAt: now })
        .where(and(eq(ssoFlows.stateHash, stateHash), isNull(ssoFlows.usedAt), gt(ssoFlows.expiresAt, now)))
        .returning();
      return row;
    },

    async setResult(
      id: number,
      result: { resultHash: string; resultUserId: number | null; resultError: string | null; resultExpiresAt: Date },
    ) {
      await db.update(ssoFlows).set(result).where(eq(ssoFlows.id, id));
    },

    /** Uses up the outcome behind a completion cookie (single use); undefined when unknown, used or expired. */
    async takeResult(resultHash: string, now: Date): Promise<SsoFlowRow | undefined> {
      const [row] = await db
        .update(ssoFlows)
        .set({ completedAt: now })
        .where(
          and(eq(ssoFlows.resultHash, resultHash), isNull(ssoFlows.completedAt), gt(ssoFlows.resultExpiresAt, now)),
        )
        .returning();
      return row;
    },

    /** Trips older than `before` are forgotten (they live minutes). */
    async purgeFlows(before: Date) {
      await db.delete(ssoFlows).where(sql`${ssoFlows.createdAt} < ${before.toISOString()}::timestamptz`);
    },
  };
}

export type SsoRepo = ReturnType<typeof createSsoRepo>;
