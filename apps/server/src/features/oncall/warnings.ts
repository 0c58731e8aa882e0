import type { PagingWarning } from '@rcm/shared/oncall';
import type { EscalationTarget } from '../../db/schema-oncall.ts';
import type { TenantScope } from '../auth/scope.ts';
import type { PoliciesRepo, PolicyDetail } from './policies-repo.ts';
import { finalRota } from './rota.ts';
import type { SchedulesRepo } from './schedules-repo.ts';
import { rotaOf } from './schedules-service.ts';
import type { WarningPlace, WarningsRepo } from './warnings-repo.ts';

/** Someone who may see a place's alarms (`mayViewSql`), as a step's targets match them. */
export type Viewer = { id: number; teamId: number | null; member: boolean };

/** How far ahead a schedule must have somebody on call to count as reaching anyone. */
const SCHEDULE_HORIZON_MS = 14 * 86_400_000;

/**
 * Whether a target reaches one of these viewers: the pager's own matching (`pageAudience`), with a
 * schedule's people those on call now or (for the warnings) within the horizon.
 */
export function targetReaches(target: EscalationTarget, viewers: Viewer[], onCall: Map<number, Set<number>>): boolean {
  if (target.type === 'members') return viewers.some((v) => v.member);
  if (target.type === 'user') return viewers.some((v) => v.id === target.id);
  if (target.type === 'team') return viewers.some((v) => v.teamId === target.id);
  const people = onCall.get(target.id);
  return viewers.some((v) => people?.has(v.id));
}

/** Whether any step of the policy reaches one of the viewers. */
export function policyReaches(
  policy: PolicyDetail | undefined,
  viewers: Viewer[],
  onCall: Map<number, Set<number>>,
): boolean {
  return (policy?.steps ?? []).some((step) => step.targets.some((t) => targetReaches(t, viewers, onCall)));
}

type Place = WarningPlace;

/**
 * High and critical alarm types that would reach nobody through their escalation policy: at each
 * location (an organization without locations as a whole), the policy an alarm there pages by (the
 * location's own, else the type's, else the default one) names nobody who may see that location's
 * alarms, by the same rule the pager applies. Where the type's policy fails at every location of an
 * organization, one warning names the organization; else each location is named.
 */
export async function pagingWarnings(
  deps: { repo: WarningsRepo; policies: PoliciesRepo; schedules: SchedulesRepo },
  scope: TenantScope,
  now: Date,
): Promise<PagingWarning[]> {
  const places = await deps.repo.places(scope);
  const types = await deps.repo.pagingTypes();
  const viewerRows = await deps.repo.viewers(scope);
  const placeKey = (org: number, loc: number | null) => `${Number(org)}:${loc == null ? '' : Number(loc)}`;
  const viewers = new Map<string, Viewer[]>();
  for (const v of viewerRows) {
    const key = placeKey(v.organization_id, v.location_id);
    const list = viewers.get(key) ?? [];
    list.push({ id: Number(v.id), teamId: v.team_id == null ? null : Number(v.team_id), member: v.member });
    viewers.set(key, list);
  }

  const { policies } = deps;
  const byId = new Map<number, PolicyDetail | undefined>();
  const policyIds = [
    ...types.flatMap((t) => (t.policy_id == null ? [] : [Number(t.policy_id)])),
    ...places.flatMap((p) => (p.own_policy_id == null ? [] : [Number(p.own_policy_id)])),
  ];
  for (const id of new Set(policyIds)) byId.set(id, await policies.byId(id));
  const scheduleIds = [...byId.values()].flatMap((p) =>
    (p?.steps ?? []).flatMap((s) => s.targets.flatMap((t) => (t.type === 'schedule' ? [t.id] : []))),
  );
  const onCall = new Map<number, Set<number>>();
  for (const s of await deps.schedules.byIds([...new Set(scheduleIds)])) {
    const rota = finalRota(rotaOf(s), { from: now, to: new Date(now.getTime() + SCHEDULE_HORIZON_MS) });
    onCall.set(s.id, new Set(rota.map((x) => x.userId)));
  }
  const policy = (id: number | null) => (id == null ? undefined : byId.get(Number(id)));
  const reaches = (p: Place, policyId: number | null) =>
    policyReaches(policy(policyId), viewers.get(placeKey(p.organization_id, p.location_id)) ?? [], onCall);

  const typeOf = (t: (typeof types)[number]) => ({ id: Number(t.id), code: t.code, name: t.name, name_es: t.name_es });
  const organizationOf = (p: Place) => ({ id: Number(p.organization_id), name: p.organization_name });
  const locationOf = (p: Place) =>
    p.location_id == null ? null : { id: Number(p.location_id), name: p.location_name ?? '' };
  const byOrganization = new Map<number, Place[]>();
  for (const p of places)
    byOrganization.set(Number(p.organization_id), [...(byOrganization.get(Number(p.organization_id)) ?? []), p]);

  const warnings: PagingWarning[] = [];
  for (const orgPlaces of byOrganization.values()) {
    const first = orgPlaces[0];
    if (!first) continue;
    const byType = orgPlaces.filter((p) => p.own_policy_id == null);
    for (const t of types) {
      const failing = byType.filter((p) => !reaches(p, t.policy_id));
      if (failing.length > 0 && failing.length === orgPlaces.length)
        warnings.push({ organization: organizationOf(first), location: null, alarm_type: typeOf(t) });
      else
        for (const p of failing)
          warnings.push({ organization: organizationOf(p), location: locationOf(p), alarm_type: typeOf(t) });
    }
    for (const p of orgPlaces.filter((x) => x.own_policy_id != null && !reaches(x, x.own_policy_id)))
      for (const t of types)
        warnings.push({ organization: organizationOf(p), location: locationOf(p), alarm_type: typeOf(t) });
  }
  return warnings;
}
