import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import { mayViewSql, scopeSql, type TenantScope } from '../auth/scope.ts';

/** An organization's location (or the organization alone, without locations) and its own policy. */
export type WarningPlace = {
  organization_id: number;
  organization_name: string;
  location_id: number | null;
  location_name: string | null;
  own_policy_id: number | null;
};

/** What the paging warnings read: the places in scope, the alarm types that page, who may see each place. */
export function createWarningsRepo(db: Db) {
  return {
    /** The unarchived organizations and locations in scope, each location with its own policy. */
    places(scope: TenantScope) {
      return query<WarningPlace>(
        db,
        sql`select o.id as organization_id, o.name as organization_name, l.id as location_id, l.name as location_name,
              l.escalation_policy_id as own_policy_id
            from organizations o
            left join locations l on l.organization_id = o.id and l.archived_at is null
            where o.archived_at is null and ${scopeSql(scope, { org: sql`o.id` })}
              and (l.id is null or ${scopeSql(scope, { org: sql`o.id`, loc: sql`l.id` })})
            order by o.name, o.id, l.name, l.id`,
      );
    },
    /** Enabled high and critical alarm types, each with the policy it pages by (its own, else the default). */
    pagingTypes() {
      return query<{ id: number; code: string; name: string; name_es: string; policy_id: number | null }>(
        db,
        sql`select t.id, t.code, t.name, t.name_es,
              coalesce(t.escalation_policy_id, (select id from escalation_policies where is_default)) as policy_id
            from alarm_types t where t.enabled and t.severity in ('critical', 'high') order by t.name, t.id`,
      );
    },
    /** Per place in scope, the users who may see its alarms (`mayViewSql`), and whether they belong to it. */
    viewers(scope: TenantScope) {
      return query<{
        organization_id: number;
        location_id: number | null;
        id: number;
        team_id: number | null;
        member: boolean;
      }>(
        db,
        sql`select o.id as organization_id, l.id as location_id, u.id, u.team_id, u.organization_id = o.id as member
            from organizations o
            left join locations l on l.organization_id = o.id and l.archived_at is null
            join users u on true
            join roles r on r.id = u.role_id
            where o.archived_at is null and ${scopeSql(scope, { org: sql`o.id` })}
              and ${mayViewSql('alarms', { user: sql`u`, role: sql`r` }, { org: sql`o.id`, loc: sql`l.id` })}`,
      );
    },
  };
}

export type WarningsRepo = ReturnType<typeof createWarningsRepo>;
