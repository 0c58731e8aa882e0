import type { EscalationPolicy, PolicyBody, PolicyPatch } from '@rcm/shared/oncall';
import type { Db } from '../../db/client.ts';
import { AppError, type InUse, inUse, notFound } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { holdsOrganization, requireScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { createPoliciesRepo, type PolicyDetail, type StepRow } from './policies-repo.ts';
import { createSchedulesRepo } from './schedules-repo.ts';
import { requireGlobal } from './schedules-service.ts';

const unknownOption = (field: string) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key: 'unknown_option' }] });

export function toPolicy(p: PolicyDetail): EscalationPolicy {
  return {
    id: p.id,
    name: p.name,
    organization_id: p.organizationId,
    repeat: p.repeat,
    is_default: p.isDefault,
    steps: p.steps.map((s) => ({ delay_minutes: s.delayMinutes, targets: s.targets })),
    updated_at: p.updatedAt.toISOString(),
  };
}

/**
 * Escalation policies: access like teams. An organization's policy pages its own or the shared
 * schedules and teams and its own people; a shared policy may page anyone its editor sees.
 */
export function createPoliciesService(deps: { db: Db; audit: AuditRepo; now: () => Date }) {
  const { db, audit, now } = deps;
  const repo = createPoliciesRepo(db);
  const people = createSchedulesRepo(db);

  async function checkOrganization(ctx: AuthContext, scope: TenantScope, organizationId: number | null) {
    if (organizationId === null) return requireGlobal(ctx);
    if (!holdsOrganization(scope, organizationId) || !(await people.organizationExists(organizationId)))
      throw unknownOption('organization_id');
  }

  /** Every target must be one the caller sees, and for an organization's policy, that organization's or shared. */
  async function checkSteps(scope: TenantScope, organizationId: number | null, steps: PolicyBody['steps']) {
    const fits = (org: number | null | undefined) =>
      org !== undefined && (organizationId === null || org === null || org === organizationId);
    for (const [i, step] of steps.entries()) {
      const ids = (type: string) => step.targets.flatMap((t) => (t.type === type && 'id' in t ? [t.id] : []));
      const schedules = await repo.schedulesIn(scope, ids('schedule'));
      const teams = await repo.teamsIn(scope, ids('team'));
      const users = await people.liveUsersIn(
        organizationId === null ? scope : { kind: 'org', organizationId, locationIds: 'all' },
        ids('user'),
      );
      const ok =
        ids('schedule').every((id) => fits(schedules.get(id))) &&
        ids('team').every((id) => fits(teams.get(id))) &&
        ids('user').every((id) => users.has(id));
      if (!ok) throw unknownOption(`steps.${i}.targets`);
    }
  }

  const stepsOf = (steps: PolicyBody['steps']): StepRow[] =>
    steps.map((s) => ({ delayMinutes: s.delay_minutes, targets: s.targets }));

  async function writable(ctx: AuthContext, id: number) {
    const scope = requireScope(ctx, 'settings');
    const p = await repo.find(scope, id);
    if (!p) throw notFound();
    if (p.organizationId === null) requireGlobal(ctx);
    return { scope, p };
  }

  const entry = (ctx: AuthContext, p: { id: number; organizationId: number | null }, action: string) => ({
    ...auditActor(ctx),
    organizationId: p.organizationId,
    action,
    subjectType: 'escalation_policy',
    subjectId: p.id,
  });

  async function reload(id: number) {
    const p = await repo.byId(id);
    if (!p) throw notFound();
    return toPolicy(p);
  }

  return {
    async list(ctx: AuthContext, q: { q?: string | undefined; page: number; per_page: number }) {
      const { rows, total } = await repo.page(requireScope(ctx, 'settings'), q);
      return { rows: rows.map(toPolicy), total };
    },

    async create(ctx: AuthContext, body: PolicyBody): Promise<EscalationPolicy> {
      const scope = requireScope(ctx, 'settings');
      await checkOrganization(ctx, scope, body.organization_id);
      await checkSteps(scope, body.organization_id, body.steps);
      const id = await db.transaction(async (tx) => {
        const r = createPoliciesRepo(tx);
        const id = await r.insert({ name: body.name, organizationId: body.organization_id, repeat: body.repeat });
        await r.replaceSteps(id, stepsOf(body.steps));
        await audit.record(
          { ...entry(ctx, { id, organizationId: body.organization_id }, 'escalation_policy.create'), after: body },
          tx,
        );
        return id;
      });
      return reload(id);
    },

    async update(ctx: AuthContext, id: number, patch: PolicyPatch): Promise<EscalationPolicy> {
      const { scope, p } = await writable(ctx, id);
      const organizationId = patch.organization_id !== undefined ? patch.organization_id : p.organizationId;
      if (patch.organization_id !== undefined) {
        if (p.isDefault && patch.organization_id !== null) throw unknownOption('organization_id');
        await checkOrganization(ctx, scope, patch.organization_id);
      }
      const steps = patch.steps ?? toPolicy(p).steps;
      await checkSteps(scope, organizationId, steps);
      const before = toPolicy(p);
      await db.transaction(async (tx) => {
        const r = createPoliciesRepo(tx);
        await r.update(
          id,
          {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.organization_id !== undefined ? { organizationId: patch.organization_id } : {}),
            ...(patch.repeat !== undefined ? { repeat: patch.repeat } : {}),
          },
          now(),
        );
        if (patch.steps) await r.replaceSteps(id, stepsOf(patch.steps));
        const { updated_at: _u, ...fields } = before;
        await audit.record({ ...entry(ctx, p, 'escalation_policy.update'), before: fields, after: patch }, tx);
      });
      return reload(id);
    },

    /** Deletes a policy no alarm type or location names (409 in_use), never the default one. */
    async remove(ctx: AuthContext, id: number): Promise<void> {
      const { p } = await writable(ctx, id);
      const uses = await repo.uses(id);
      const present: InUse[] = [
        { key: 'policy_default' as const, count: p.isDefault ? 1 : 0 },
        { key: 'policy_alarm_types' as const, count: uses.alarmTypes },
        { key: 'policy_locations' as const, count: uses.locations },
      ].filter((u) => u.count > 0);
      if (present.length > 0) throw inUse(present);
      await db.transaction(async (tx) => {
        await createPoliciesRepo(tx).remove(id);
        await audit.record({ ...entry(ctx, p, 'escalation_policy.delete'), before: { name: p.name } }, tx);
      });
    },
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
