import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { reauthFailures } from '../../db/schema-auth.ts';
import { query } from '../../lib/sql.ts';
import type { ReauthPurpose } from './api-tokens-repo.ts';
import { roleHoldsSql } from './scope.ts';

/** An administrator an alert about one of their organization's people goes to. */
export type AlertRecipient = { id: number; name: string; email: string; language: string };

/** The failed re-authentications asked for a signature (schema-auth.ts `reauth_failures`). */
export function createReauthFailuresRepo() {
  return {
    /**
     * One more failure of the person, counted with the earlier ones since `since` (this one included).
     * Their user row is locked first, so two failures at once count one after the other.
     */
    async fail(userId: number, purpose: ReauthPurpose, at: Date, since: Date, tx: Tx): Promise<number> {
      await query(tx, sql`select id from users where id = ${userId} for update`);
      // Kept a day: older failures say nothing about the next quarter of an hour.
      await tx
        .delete(reauthFailures)
        .where(sql`${reauthFailures.failedAt} < ${new Date(at.getTime() - 86_400_000).toISOString()}::timestamptz`);
      await tx.insert(reauthFailures).values({ userId, purpose, failedAt: at });
      const [row] = await query<{ n: number }>(
        tx,
        sql`select count(*)::int as n from reauth_failures
            where user_id = ${userId} and purpose = ${purpose} and failed_at > ${since.toISOString()}::timestamptz`,
      );
      return Number(row?.n ?? 0);
    },

    /**
     * The organization's administrators: live users who manage its users (`settings_update`) in it,
     * or in any organization with `organization_view_all`.
     */
    async administrators(organizationId: number, tx: Tx): Promise<AlertRecipient[]> {
      const rows = await query<AlertRecipient>(
        tx,
        sql`select u.id, u.name, u.email, u.language from users u join roles r on r.id = u.role_id
            where u.deleted_at is null and not u.disabled and ${roleHoldsSql(sql`r`, 'settings_update')}
              and (u.organization_id = ${organizationId} or ${roleHoldsSql(sql`r`, 'organization_view_all')})
            order by u.id`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
  };
}

export type ReauthFailuresRepo = ReturnType<typeof createReauthFailuresRepo>;
