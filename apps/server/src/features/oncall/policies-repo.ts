import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { escalationPolicies, teams } from '../../db/schema.ts';
import { type EscalationTarget, escalationSteps, oncallSchedules } from '../../db/schema-oncall.ts';
import { containsPattern, query } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

export type PolicyRow = typeof escalationPolicies.$inferSelect;
export type StepRow = { delayMinutes: number; targets: EscalationTarget[] };
export type PolicyDetail = PolicyRow & { steps: StepRow[] };

const visible = (scope: TenantScope) => scopeSql(scope, { org: escalationPolicies.organizationId, shared: true });

/** Escalation policies and their steps; reads for a caller take their scope. */
export function createPoliciesRepo(db: DbOrTx) {
  const withSteps = async (rows: PolicyRow[]): Promise<PolicyDetail[]> => {
    if (rows.length === 0) return [];
    const steps = await db
      .select()
      .from(escalationSteps)
      .where(
        inArray(
          escalationSteps.policyId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(escalationSteps.position));
    return rows.map((r) => ({
      ...r,
      steps: steps
        .filter((s) => s.policyId === r.id)
        .map((s) => ({ delayMinutes: s.delayMinutes, targets: s.targets })),
    }));
  };

  return {
    async page(scope: TenantScope, q: { q?: string | undefined; page: number; per_page: number }) {
      const where = and(visible(scope), q.q ? ilike(escalationPolicies.name, containsPattern(q.q)) : undefined);
      const [total] = await db.select({ n: count() }).from(escalationPolicies).where(where);
      const rows = await db
        .select()
        .from(escalationPolicies)
        .where(where)
        .orderBy(desc(escalationPolicies.isDefault), asc(escalationPolicies.name), asc(escalationPolicies.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { rows: await withSteps(rows), total: total?.n ?? 0 };
    },

    async find(scope: TenantScope, id: number): Promise<PolicyDetail | undefined> {
      const rows = await db
        .select()
        .from(escalationPolicies)
        .where(and(eq(escalationPolicies.id, id), visible(scope)));
      return (await withSteps(rows))[0];
    },

    /** A policy whatever the scope (the paging engine acts for the alarm). */
    async byId(id: number): Promise<PolicyDetail | undefined> {
      return (await withSteps(await db.select().from(escalationPolicies).where(eq(escalationPolicies.id, id))))[0];
    },

    async insert(values: { name: string; organizationId: number | null; repeat: number }): Promise<number> {
      const [row] = await db.insert(escalationPolicies).values(values).returning({ id: escalationPolicies.id });
      if (!row) throw new Error('escalation_policies insert returned no row');
      return row.id;
    },

    async update(
      id: number,
      values: Partial<{ name: string; organizationId: number | null; repeat: number }>,
      at: Date,
    ) {
      await db
        .update(escalationPolicies)
        .set({ ...values, updatedAt: at })
        .where(eq(escalationPolicies.id, id));
    },

    async replaceSteps(id: number, steps: StepRow[]): Promise<void> {
      await db.delete(escalationSteps).where(eq(escalationSteps.policyId, id));
      if (steps.length === 0) return;
      await db.insert(escalationSteps).values(steps.map((s, position) => ({ ...s, policyId: id, position })));
    },

    async remove(id: number): Promise<void> {
      await db.delete(escalationPolicies).where(eq(escalationPolicies.id, id));
    },

    /** Alarm types and locations that name the policy. */
    async uses(id: number): Promise<{ alarmTypes: number; locations: number }> {
      const [row] = await query<{ alarm_types: number; locations: number }>(
        db,
        sql`select (select count(*)::int from alarm_types where escalation_policy_id = ${id}) as alarm_types,
              (select count(*)::int from locations where escalation_policy_id = ${id}) as locations`,
      );
      return { alarmTypes: row?.alarm_types ?? 0, locations: row?.locations ?? 0 };
    },

    /** Which of these schedules the scope sees (an organization's own and the shared ones). */
    async schedulesIn(scope: TenantScope, ids: number[]): Promise<Map<number, number | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: oncallSchedules.id, org: oncallSchedules.organizationId })
        .from(oncallSchedules)
        .where(
          and(inArray(oncallSchedules.id, ids), scopeSql(scope, { org: oncallSchedules.organizationId, shared: true })),
        );
      return new Map(rows.map((r) => [r.id, r.org]));
    },

    async teamsIn(scope: TenantScope, ids: number[]): Promise<Map<number, number | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: teams.id, org: teams.organizationId })
        .from(teams)
        .where(and(inArray(teams.id, ids), scopeSql(scope, { org: teams.organizationId, shared: true })));
      return new Map(rows.map((r) => [r.id, r.org]));
    },
  };
}

export type PoliciesRepo = ReturnType<typeof createPoliciesRepo>;
