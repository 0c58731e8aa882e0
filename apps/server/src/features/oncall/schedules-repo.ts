import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations, users } from '../../db/schema.ts';
import { type OncallRestriction, oncallLayers, oncallOverrides, oncallSchedules } from '../../db/schema-oncall.ts';
import { containsPattern, query } from '../../lib/sql.ts';
import { scopeSql, type TenantScope } from '../auth/scope.ts';

export type ScheduleRow = {
  id: number;
  name: string;
  organizationId: number | null;
  organizationName: string | null;
  timeZone: string;
  updatedAt: Date;
};
export type LayerRow = typeof oncallLayers.$inferSelect;
export type OverrideRow = typeof oncallOverrides.$inferSelect;
export type ScheduleDetail = ScheduleRow & { layers: LayerRow[]; overrides: OverrideRow[] };
export type LayerValues = {
  name: string;
  userIds: number[];
  startsAt: Date;
  shiftHours: number;
  restrict: OncallRestriction | null;
};

const visible = (scope: TenantScope) => scopeSql(scope, { org: oncallSchedules.organizationId, shared: true });

/** On-call schedules with their layers and overrides; every read takes the caller's scope. */
export function createSchedulesRepo(db: DbOrTx) {
  const base = () =>
    db
      .select({
        id: oncallSchedules.id,
        name: oncallSchedules.name,
        organizationId: oncallSchedules.organizationId,
        organizationName: organizations.name,
        timeZone: oncallSchedules.timeZone,
        updatedAt: oncallSchedules.updatedAt,
      })
      .from(oncallSchedules)
      .leftJoin(organizations, eq(organizations.id, oncallSchedules.organizationId));

  /** Layers (in order) and overrides (oldest first: a later one wins) of these schedules. */
  async function parts(ids: number[]) {
    if (ids.length === 0) return { layers: [], overrides: [] };
    const layers = await db
      .select()
      .from(oncallLayers)
      .where(inArray(oncallLayers.scheduleId, ids))
      .orderBy(asc(oncallLayers.position));
    const overrides = await db
      .select()
      .from(oncallOverrides)
      .where(inArray(oncallOverrides.scheduleId, ids))
      .orderBy(asc(oncallOverrides.id));
    return { layers, overrides };
  }

  const withParts = async (rows: ScheduleRow[]): Promise<ScheduleDetail[]> => {
    const { layers, overrides } = await parts(rows.map((r) => r.id));
    return rows.map((r) => ({
      ...r,
      layers: layers.filter((l) => l.scheduleId === r.id),
      overrides: overrides.filter((o) => o.scheduleId === r.id),
    }));
  };

  return {
    async page(scope: TenantScope, q: { q?: string | undefined; page: number; per_page: number }) {
      const where = and(visible(scope), q.q ? ilike(oncallSchedules.name, containsPattern(q.q)) : undefined);
      const [total] = await db.select({ n: count() }).from(oncallSchedules).where(where);
      const rows = await base()
        .where(where)
        .orderBy(asc(oncallSchedules.name), asc(oncallSchedules.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { rows: await withParts(rows), total: total?.n ?? 0 };
    },

    /** Every schedule in the scope, with its parts (who is on call now). */
    async all(scope: TenantScope): Promise<ScheduleDetail[]> {
      return withParts(await base().where(visible(scope)).orderBy(asc(oncallSchedules.name), asc(oncallSchedules.id)));
    },

    async find(scope: TenantScope, id: number): Promise<ScheduleDetail | undefined> {
      const [row] = await withParts(await base().where(and(eq(oncallSchedules.id, id), visible(scope))));
      return row;
    },

    /** Schedules by id whatever the scope (the paging engine acts for the alarm, not a caller). */
    async byIds(ids: number[]): Promise<ScheduleDetail[]> {
      if (ids.length === 0) return [];
      return withParts(await base().where(inArray(oncallSchedules.id, ids)));
    },

    async insert(values: { name: string; organizationId: number | null; timeZone: string }): Promise<number> {
      const [row] = await db.insert(oncallSchedules).values(values).returning({ id: oncallSchedules.id });
      if (!row) throw new Error('oncall_schedules insert returned no row');
      return row.id;
    },

    async update(
      id: number,
      values: Partial<{ name: string; organizationId: number | null; timeZone: string }>,
      at: Date,
    ) {
      await db
        .update(oncallSchedules)
        .set({ ...values, updatedAt: at })
        .where(eq(oncallSchedules.id, id));
    },

    /** Replaces a schedule's layers (their order is their position). */
    async replaceLayers(id: number, layers: LayerValues[]): Promise<void> {
      await db.delete(oncallLayers).where(eq(oncallLayers.scheduleId, id));
      if (layers.length === 0) return;
      await db.insert(oncallLayers).values(layers.map((l, position) => ({ ...l, scheduleId: id, position })));
    },

    async remove(id: number): Promise<void> {
      await db.delete(oncallSchedules).where(eq(oncallSchedules.id, id));
    },

    async addOverride(values: { scheduleId: number; userId: number; startsAt: Date; endsAt: Date }): Promise<number> {
      const [row] = await db.insert(oncallOverrides).values(values).returning({ id: oncallOverrides.id });
      if (!row) throw new Error('oncall_overrides insert returned no row');
      return row.id;
    },

    async removeOverride(scheduleId: number, id: number): Promise<OverrideRow | undefined> {
      const [row] = await db
        .delete(oncallOverrides)
        .where(and(eq(oncallOverrides.id, id), eq(oncallOverrides.scheduleId, scheduleId)))
        .returning();
      return row;
    },

    /** Escalation policies whose steps page this schedule. */
    async policiesUsing(id: number): Promise<number> {
      const [row] = await query<{ n: number }>(
        db,
        sql`select count(distinct policy_id)::int as n from escalation_steps
            where targets @> ${JSON.stringify([{ type: 'schedule', id }])}::jsonb`,
      );
      return row?.n ?? 0;
    },

    /** Names of users by id (deleted ones too: a rota may still show them). */
    async userNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Which of these users exist, are not deleted, and belong to the scope's organizations. */
    async liveUsersIn(scope: TenantScope, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deletedAt), scopeSql(scope, { org: users.organizationId })));
      return new Set(rows.map((r) => r.id));
    },

    async organizationExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
      return !!row;
    },
  };
}

export type SchedulesRepo = ReturnType<typeof createSchedulesRepo>;
