import type { SettingsListQuery } from '@rcm/shared/settings';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { removeOrArchive } from '../../db/remove-or-archive.ts';
import { organizations, roles, teams, users } from '../../db/schema.ts';
import { containsPattern, query } from '../../lib/sql.ts';
import { insertPasswordlessUser } from '../auth/repo.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';
import { userColumns } from '../auth/user-columns.ts';

// The outer row is named in full: drizzle writes a column of a one-table query unqualified ("id"), which
// inside these subqueries would mean the users table's own id.
const teamMembers = sql<number>`(select count(*)::int from users u where u.team_id = "teams"."id" and u.deleted_at is null)`;
const roleUsers = sql<number>`(select count(*)::int from users u where u.role_id = "roles"."id" and u.deleted_at is null)`;

/** Users, teams and roles as settings sees them; every tenant query takes the caller's scope. */
export function createSettingsRepo(db: Db) {
  const userQuery = () =>
    db
      .select({
        ...userColumns,
        locationIds: sql<number[]>`coalesce((select array_agg(ul.location_id order by ul.location_id)
          from user_locations ul where ul.user_id = ${users.id}), '{}')`,
        mfaEnrolled: sql<boolean>`exists(select 1 from mfa_factors f where f.user_id = ${users.id}
          and f.verified_at is not null)`,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(teams, eq(teams.id, users.teamId));

  /** Teams with their organization's name (none: shared) and how many live members they have. */
  const teamQuery = () =>
    db
      .select({
        id: teams.id,
        name: teams.name,
        organizationId: teams.organizationId,
        organizationName: organizations.name,
        members: teamMembers,
      })
      .from(teams)
      .leftJoin(organizations, eq(organizations.id, teams.organizationId));
  /** Roles with how many live users hold them. */
  const roleQuery = () =>
    db
      .select({
        id: roles.id,
        name: roles.name,
        color: roles.color,
        permissions: roles.permissions,
        users: roleUsers,
      })
      .from(roles);

  /** The users a scope sees; deleted users are nobody's to list or change. */
  const userScope = (scope: TenantScope): SQL | undefined =>
    and(isNull(users.deletedAt), scopeSql(scope, { org: users.organizationId }));
  /** Teams without an organization belong to every organization. */
  const teamScope = (scope: TenantScope): SQL => scopeSql(scope, { org: teams.organizationId, shared: true });

  return {
    async listUsers(scope: TenantScope, q: SettingsListQuery) {
      const where = and(
        userScope(scope),
        q.q ? or(ilike(users.name, containsPattern(q.q)), ilike(users.email, containsPattern(q.q))) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const rows = await userQuery()
        .where(where)
        .orderBy(asc(users.name), asc(users.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { rows, total: total?.n ?? 0 };
    },

    async findUser(scope: TenantScope, id: number) {
      const [row] = await userQuery().where(and(eq(users.id, id), userScope(scope)));
      return row;
    },

    async userIdByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)));
      return row?.id;
    },

    async insertUser(
      tx: Tx,
      values: {
        name: string;
        email: string;
        phone: string;
        roleId: number;
        teamId: number | null;
        organizationId: number;
        language: string;
      },
    ) {
      // No password yet: the user chooses one through the emailed link.
      return insertPasswordlessUser(values, tx);
    },

    /** Keeps the row (their name stays on alarms, notes, jobs and the audit log); they can no longer sign in. */
    async markDeleted(id: number, now: Date, tx: Tx) {
      await tx.update(users).set({ deletedAt: now, disabled: true, passwordHash: '' }).where(eq(users.id, id));
    },

    async updateUser(
      id: number,
      patch: {
        name: string;
        email: string;
        roleId: number;
        teamId: number | null;
        organizationId: number;
        language: string;
        disabled: boolean;
        phone: string;
      },
      tx: Tx,
    ) {
      await tx.update(users).set(patch).where(eq(users.id, id));
    },

    async organizationExists(id: number) {
      const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
      return !!row;
    },

    async listTeams(scope: TenantScope, q: SettingsListQuery) {
      const where = and(teamScope(scope), q.q ? ilike(teams.name, containsPattern(q.q)) : undefined);
      const [total] = await db.select({ n: count() }).from(teams).where(where);
      const rows = await teamQuery()
        .where(where)
        .orderBy(asc(teams.name), asc(teams.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { rows, total: total?.n ?? 0 };
    },

    async findTeam(scope: TenantScope, id: number) {
      const [row] = await teamQuery().where(and(eq(teams.id, id), teamScope(scope)));
      return row;
    },

    async insertTeam(values: { name: string; organizationId: number | null }, tx: Tx) {
      const [row] = await tx.insert(teams).values(values).returning({ id: teams.id });
      if (!row) throw new Error('team insert returned nothing');
      return row.id;
    },

    async updateTeam(id: number, values: { name: string; organizationId: number | null }, tx: Tx) {
      await tx.update(teams).set(values).where(eq(teams.id, id));
    },

    async listRoles(q: SettingsListQuery) {
      const where = and(isNull(roles.archivedAt), q.q ? ilike(roles.name, containsPattern(q.q)) : undefined);
      const [total] = await db.select({ n: count() }).from(roles).where(where);
      const rows = await roleQuery()
        .where(where)
        .orderBy(asc(roles.name), asc(roles.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { rows, total: total?.n ?? 0 };
    },

    async findRole(id: number) {
      const [row] = await roleQuery().where(and(eq(roles.id, id), isNull(roles.archivedAt)));
      return row;
    },

    /** What still uses a team or a role (live users; escalation steps paging a team; pending invitations). */
    async teamUses(id: number) {
      const [row] = await query<{ members: number; escalations: number }>(
        db,
        sql`select (select count(*)::int from users where team_id = ${id} and deleted_at is null) as members,
              (select count(*)::int from escalation_steps
                where targets @> ${JSON.stringify([{ type: 'team', id }])}::jsonb) as escalations`,
      );
      return { members: row?.members ?? 0, escalations: row?.escalations ?? 0 };
    },

    async roleUses(id: number, now: Date) {
      const [row] = await query<{ users: number; invitations: number; sso: number }>(
        db,
        sql`select (select count(*)::int from users where role_id = ${id} and deleted_at is null) as users,
              (select count(*)::int from invitations where role_id = ${id} and accepted_at is null
                 and revoked_at is null and expires_at > ${now.toISOString()}::timestamptz) as invitations,
              (select count(*)::int from sso_connections where jit_role_id = ${id}
                 or role_mappings @> ${JSON.stringify([{ roleId: id }])}::jsonb) as sso`,
      );
      return { users: row?.users ?? 0, invitations: row?.invitations ?? 0, ssoConnections: row?.sso ?? 0 };
    },

    /** Deletes a team (deleted users who were in it keep no team); the audit entry commits with it. */
    async deleteTeam(id: number, audit: (tx: Tx) => Promise<void>) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ teamId: null }).where(eq(users.teamId, id));
        await tx.delete(teams).where(eq(teams.id, id));
        await audit(tx);
      });
    },

    /** Deletes a role, or archives it when deleted users still hold it (their history names it). */
    async removeRole(id: number, at: Date, audit: (tx: Tx, outcome: 'deleted' | 'archived') => Promise<void>) {
      return db.transaction(async (tx) => {
        const outcome = await removeOrArchive(tx, 'roles', id, at);
        await audit(tx, outcome);
        return outcome;
      });
    },

    async insertRole(values: { name: string; color: string; permissions: string[] }, tx: Tx) {
      const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
      if (!row) throw new Error('role insert returned nothing');
      return row.id;
    },

    async updateRole(id: number, values: { name: string; color: string; permissions: string[] }, tx: Tx) {
      await tx.update(roles).set(values).where(eq(roles.id, id));
    },

    async roleUserIds(roleId: number) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
      return rows.map((r) => r.id);
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
export type SettingsUserRow = NonNullable<Awaited<ReturnType<SettingsRepo['findUser']>>>;
export type SettingsTeamRow = NonNullable<Awaited<ReturnType<SettingsRepo['findTeam']>>>;
