import type { Member } from '@rcm/shared/organizations';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { roles, userLocations, users } from '../../db/schema.ts';
import { sessions } from '../../db/schema-auth.ts';
import { invitations } from '../../db/schema-organizations.ts';

/** Replaces a member's locations (empty when the membership is all locations). */
async function setLocations(tx: Db | Tx, userId: number, allLocations: boolean, locationIds: readonly number[]) {
  await tx.update(users).set({ allLocations }).where(eq(users.id, userId));
  await tx.delete(userLocations).where(eq(userLocations.userId, userId));
  if (!allLocations && locationIds.length > 0) {
    await tx.insert(userLocations).values([...new Set(locationIds)].map((locationId) => ({ userId, locationId })));
  }
}

export function createMembersRepo(db: Db) {
  return {
    /** Active members of an organization (a removed member is disabled, so no longer listed). */
    async list(organizationId: number, userId?: number): Promise<Member[]> {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          phone: users.phone,
          all_locations: users.allLocations,
          roleId: roles.id,
          roleName: roles.name,
          roleColor: roles.color,
          location_ids: sql<
            number[]
          >`coalesce((select array_agg(ul.location_id order by ul.location_id) from ${userLocations} ul where ul.user_id = ${users.id}), '{}'::int[])`,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.disabled, false),
            userId ? eq(users.id, userId) : undefined,
          ),
        )
        .orderBy(asc(users.name), asc(users.id));
      return rows.map(({ roleId, roleName, roleColor, location_ids, ...rest }) => ({
        ...rest,
        location_ids: (location_ids ?? []).map(Number),
        role: { id: roleId, name: roleName, color: roleColor },
      }));
    },

    async setLocations(userId: number, allLocations: boolean, locationIds: readonly number[], tx: Tx) {
      await setLocations(tx, userId, allLocations, locationIds);
    },

    /** Removing a member disables the account and ends its sessions at once (in the caller's transaction). */
    async remove(userId: number, now: Date, tx: Tx) {
      await tx.update(users).set({ disabled: true }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async emailTaken(email: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.deletedAt} is null`);
      return rows.length > 0;
    },

    async roles() {
      return db.select().from(roles).where(isNull(roles.archivedAt)).orderBy(asc(roles.name));
    },

    async role(id: number) {
      const [row] = await db.select().from(roles).where(eq(roles.id, id));
      return row;
    },

    /** Pending invitations of an organization (not accepted, not revoked, not expired). */
    async pendingInvitations(organizationId: number, now: Date) {
      return db
        .select({
          id: invitations.id,
          email: invitations.email,
          language: invitations.language,
          roleId: roles.id,
          roleName: roles.name,
          allLocations: invitations.allLocations,
          locationIds: invitations.locationIds,
          expiresAt: invitations.expiresAt,
          createdAt: invitations.createdAt,
          emailMessageId: invitations.emailMessageId,
        })
        .from(invitations)
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .orderBy(asc(invitations.createdAt), asc(invitations.id));
    },

    async findInvitation(id: number) {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
      return row;
    },

    async findInvitationByToken(tokenHash: string) {
      const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
      return row;
    },

    /** A new invitation; returns its id. */
    async insertInvitation(values: typeof invitations.$inferInsert, tx: Tx): Promise<number> {
      const [row] = await tx.insert(invitations).values(values).returning({ id: invitations.id });
      if (!row) throw new Error('invitation insert returned nothing');
      return row.id;
    },

    /** Links the invitation to the email that carries it, or to the user who accepted it. */
    async linkInvitation(id: number, link: { emailMessageId: number } | { userId: number }, tx: Tx) {
      await tx.update(invitations).set(link).where(eq(invitations.id, id));
    },

    /** Spends an invitation: true for the one caller that accepted it first. */
    async acceptInvitation(id: number, at: Date, tx: Tx): Promise<boolean> {
      const spent = await tx
        .update(invitations)
        .set({ acceptedAt: at })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
        .returning({ acceptedAt: invitations.acceptedAt });
      return spent.length === 1;
    },

    /** The member an accepted invitation makes; returns their id. */
    async insertMember(values: typeof users.$inferInsert, tx: Tx): Promise<number> {
      const [user] = await tx.insert(users).values(values).returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      return user.id;
    },

    async revokeInvitation(id: number, now: Date, tx: Tx) {
      await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, id));
    },

    async invitationsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(invitations).where(inArray(invitations.id, ids));
    },
  };
}

export type MembersRepo = ReturnType<typeof createMembersRepo>;
export type { Tx };
export { setLocations as setMemberLocations };
