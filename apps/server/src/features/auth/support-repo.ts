import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { supportGrants, supportGrantUses } from '../../db/schema-access.ts';
import { arr, query } from '../../lib/sql.ts';
import { REACH_OTHER_ORGANIZATIONS } from './reach.ts';

export type GrantRow = {
  id: number;
  organization_id: number;
  grantee_organization_id: number | null;
  grantee_organization_name: string | null;
  grantee_user_id: number | null;
  grantee_user_name: string | null;
  grantee_user_email: string | null;
  reason: string;
  expires_at: unknown;
  granted_by: number | null;
  granted_by_name: string | null;
  created_at: unknown;
  revoked_at: unknown;
  revoked_by: number | null;
  revoked_by_name: string | null;
};

const GRANT_SELECT = sql`select g.id, g.organization_id, g.grantee_organization_id, go.name as grantee_organization_name,
    g.grantee_user_id, gu.name as grantee_user_name, gu.email as grantee_user_email, g.reason, g.expires_at,
    g.granted_by, gb.name as granted_by_name, g.created_at, g.revoked_at, g.revoked_by, rb.name as revoked_by_name
  from support_grants g
    left join organizations go on go.id = g.grantee_organization_id
    left join users gu on gu.id = g.grantee_user_id
    left join users gb on gb.id = g.granted_by
    left join users rb on rb.id = g.revoked_by`;

/** Support access's reads and writes: the restricted organizations a caller meets, the grants and their uses. */
export function createSupportRepo(db: Db) {
  return {
    /** Organizations other than the caller's whose policy is not `always`, each with the latest live grant covering the caller. */
    restrictedOrganizations(user: { id: number; organizationId: number }) {
      return query<{
        organization_id: number;
        support_access: 'grant' | 'never';
        grant_id: number | null;
        expires_ms: number | null;
      }>(
        db,
        sql`select rp.organization_id, rp.support_access, lg.id as grant_id,
            extract(epoch from lg.expires_at) * 1000 as expires_ms
          from organization_security_policies rp
            left join lateral (select g.id, g.expires_at from support_grants g
              where g.organization_id = rp.organization_id and g.revoked_at is null
                and (g.grantee_user_id = ${user.id} or g.grantee_organization_id = ${user.organizationId})
              order by g.expires_at desc limit 1) lg on true
          where rp.support_access <> 'always' and rp.organization_id <> ${user.organizationId}`,
      );
    },

    /** A user's organization (null: no such user; a deleted one counts only with `deleted`). */
    async userOrganization(userId: number, opts: { deleted?: boolean } = {}): Promise<number | null> {
      const [row] = await query<{ organization_id: number }>(
        db,
        opts.deleted
          ? sql`select organization_id from users where id = ${userId}`
          : sql`select organization_id from users where id = ${userId} and deleted_at is null`,
      );
      return row ? Number(row.organization_id) : null;
    },

    /** Whether the organization exists and is not archived. */
    async organizationLive(id: number): Promise<boolean> {
      const [row] = await query<{ id: number }>(
        db,
        sql`select id from organizations where id = ${id} and archived_at is null`,
      );
      return row !== undefined;
    },

    /** A grant's use by a person on a day, once: false when it was recorded already. */
    async recordGrantUse(use: { grantId: number; userId: number; day: string }, tx: Tx): Promise<boolean> {
      const inserted = await tx
        .insert(supportGrantUses)
        .values(use)
        .onConflictDoNothing()
        .returning({ grantId: supportGrantUses.grantId });
      return inserted.length > 0;
    },

    async grant(id: number): Promise<GrantRow | undefined> {
      const [row] = await query<GrantRow>(db, sql`${GRANT_SELECT} where g.id = ${id}`);
      return row;
    },

    /** An organization's grants, newest first, a page of them and how many there are. */
    async grantsOf(
      organizationId: number,
      page: number,
      perPage: number,
    ): Promise<{ rows: GrantRow[]; total: number }> {
      const [counted] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from support_grants where organization_id = ${organizationId}`,
      );
      const rows = await query<GrantRow>(
        db,
        sql`${GRANT_SELECT} where g.organization_id = ${organizationId} order by g.created_at desc, g.id desc
          limit ${perPage} offset ${(page - 1) * perPage}`,
      );
      return { rows, total: Number(counted?.n ?? 0) };
    },

    /** The people outside the organization a grant may name: live accounts whose role reaches other organizations. */
    grantees(organizationId: number) {
      return query<{ id: number; name: string; email: string; org_id: number; org_name: string }>(
        db,
        sql`select u.id, u.name, u.email, o.id as org_id, o.name as org_name
          from users u join roles r on r.id = u.role_id join organizations o on o.id = u.organization_id
          where u.organization_id <> ${organizationId} and not u.disabled and u.deleted_at is null
            and o.archived_at is null and r.permissions && ${arr(REACH_OTHER_ORGANIZATIONS)}::text[]
          order by o.name, u.name, u.id`,
      );
    },

    /** The users a grant covers: its person, or the live people of its organization. */
    async granteeUserIds(grant: { grantee_user: { id: number } | null; grantee_organization: { id: number } | null }) {
      const rows = await query<{ id: number }>(
        db,
        grant.grantee_user
          ? sql`select id from users where id = ${grant.grantee_user.id}`
          : sql`select id from users where organization_id = ${grant.grantee_organization?.id ?? 0} and deleted_at is null`,
      );
      return rows.map((r) => Number(r.id));
    },

    /** A new grant; returns its id. */
    async insertGrant(values: typeof supportGrants.$inferInsert, tx: Tx): Promise<number> {
      const [row] = await tx.insert(supportGrants).values(values).returning({ id: supportGrants.id });
      if (!row) throw new Error('support grant not created');
      return row.id;
    },

    /** Ends a live grant. */
    async revokeGrant(id: number, by: { at: Date; by: number }, tx: Tx): Promise<void> {
      await query(
        tx,
        sql`update support_grants set revoked_at = ${by.at.toISOString()}::timestamptz, revoked_by = ${by.by}
          where id = ${id} and revoked_at is null`,
      );
    },
  };
}

export type SupportRepo = ReturnType<typeof createSupportRepo>;
