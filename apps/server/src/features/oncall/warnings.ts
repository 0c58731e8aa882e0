import type { PagingWarning } from '@rcm/shared/oncall';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { query } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';
import { createPoliciesRepo, type PolicyDetail } from './policies-repo.ts';
import { finalRota } from './rota.ts';
import { createSchedulesRepo } from './schedules-repo.ts';
import { rotaOf } from './schedules-service.ts';

type Person = { id: number; organization_id: number; team_id: number | null; all_orgs: boolean };

/** How far ahead a schedule must have somebody on call to count as reaching anyone. */
const SCHEDULE_HORIZON_MS = 14 * 86_400_000;

/**
 * High and critical alarm types that would page nobody in an organization: their policy (the type's,
 * else the default one) has no step that reaches a person who may see that organization's alarms;
 * and at a location that names its own policy (which wins there for every type), when that one
 * reaches nobody.
 */
export async function pagingWarnings(db: DbOrTx, scope: TenantScope, now: Date): Promise<PagingWarning[]> {
  const orgs = await query<{ id: number; name: string }>(
    db,
    sql`select id, name from organizations o where o.archived_at is null and ${scopeSql(scope, { org: sql`o.id` })}
        order by name, id`,
  );
  const types = await query<{ id: number; code: string; name: string; name_es: string; policy_id: number | null }>(
    db,
    sql`select t.id, t.code, t.name, t.name_es,
          coalesce(t.escalation_policy_id, (select id from escalation_policies where is_default)) as policy_id
        from alarm_types t where t.enabled and t.severity in ('critical', 'high') order by t.name, t.id`,
  );
  // People who may be paged: live, with alarms_view; staff who see every organization reach them all.
  const people = await query<Person>(
    db,
    sql`select u.id, u.organization_id, u.team_id,
          ('controllers_view_all' = any(r.permissions) or 'organization_view_all' = any(r.permissions)) as all_orgs
        from users u join roles r on r.id = u.role_id
        where not u.disabled and u.deleted_at is null and 'alarms_view' = any(r.permissions)`,
  );
  const ownPolicy = await query<{ id: number; name: string; organization_id: number; policy_id: number }>(
    db,
    sql`select l.id, l.name, l.organization_id, l.escalation_policy_id as policy_id from locations l
        where l.archived_at is null and l.escalation_policy_id is not null
          and ${scopeSql(scope, { org: sql`l.organization_id`, loc: sql`l.id` })}
        order by l.name, l.id`,
  );
  const policies = createPoliciesRepo(db);
  const byId = new Map<number, PolicyDetail | undefined>();
  const policyIds = [
    ...types.flatMap((t) => (t.policy_id == null ? [] : [Number(t.policy_id)])),
    ...ownPolicy.map((l) => Number(l.policy_id)),
  ];
  for (const id of new Set(policyIds)) byId.set(id, await policies.byId(id));
  const scheduleIds = [...byId.values()].flatMap((p) =>
    (p?.steps ?? []).flatMap((s) => s.targets.flatMap((t) => (t.type === 'schedule' ? [t.id] : []))),
  );
  const scheduled = new Map<number, Set<number>>();
  for (const s of await createSchedulesRepo(db).byIds([...new Set(scheduleIds)])) {
    const rota = finalRota(rotaOf(s), { from: now, to: new Date(now.getTime() + SCHEDULE_HORIZON_MS) });
    scheduled.set(s.id, new Set(rota.map((x) => x.userId)));
  }

  const reaches = (policy: PolicyDetail | undefined, orgId: number) => {
    const sees = (p: Person) => p.all_orgs || Number(p.organization_id) === orgId;
    return (policy?.steps ?? []).some((step) =>
      step.targets.some((t) => {
        if (t.type === 'members') return people.some((p) => Number(p.organization_id) === orgId);
        if (t.type === 'user') return people.some((p) => Number(p.id) === t.id && sees(p));
        if (t.type === 'team') return people.some((p) => Number(p.team_id) === t.id && sees(p));
        const onCall = scheduled.get(t.id);
        return people.some((p) => onCall?.has(Number(p.id)) && sees(p));
      }),
    );
  };

  const typeOf = (t: (typeof types)[number]) => ({ id: Number(t.id), code: t.code, name: t.name, name_es: t.name_es });
  const byOrganization = orgs.flatMap((o) =>
    types
      .filter((t) => !reaches(t.policy_id == null ? undefined : byId.get(Number(t.policy_id)), Number(o.id)))
      .map((t) => ({ organization: { id: Number(o.id), name: o.name }, location: null, alarm_type: typeOf(t) })),
  );
  const orgName = new Map(orgs.map((o) => [Number(o.id), o.name]));
  const byLocation = ownPolicy
    .filter((l) => orgName.has(Number(l.organization_id)))
    .filter((l) => !reaches(byId.get(Number(l.policy_id)), Number(l.organization_id)))
    .flatMap((l) =>
      types.map((t) => ({
        organization: { id: Number(l.organization_id), name: orgName.get(Number(l.organization_id)) ?? '' },
        location: { id: Number(l.id), name: l.name },
        alarm_type: typeOf(t),
      })),
    );
  return [...byOrganization, ...byLocation];
}
