import type {
  ONCALL_DAYS,
  OncallNow,
  OncallSchedule,
  OncallShift,
  OverrideBody,
  ScheduleBody,
  SchedulePatch,
} from '@rcm/shared/oncall';
import type { Db } from '../../db/client.ts';
import { AppError, inUse, notFound } from '../../lib/errors.ts';
import { type AuditRepo, auditActor } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import { EVERY_ORGANIZATION, holdsOrganization, requireScope, type TenantScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { finalRota, onCallAt, type Rota, type Weekday } from './rota.ts';
import { createSchedulesRepo, type LayerValues, type ScheduleDetail, type SchedulesRepo } from './schedules-repo.ts';

type Day = (typeof ONCALL_DAYS)[number];

const unknownOption = (field: string) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key: 'unknown_option' }] });

/** Only a user who sees every organization changes what every organization shares. */
export function requireGlobal(ctx: AuthContext): void {
  if (!can(ctx, 'shared.edit')) throw new AppError(403, 'forbidden');
}

/** A schedule's rota as the arithmetic reads it. */
export function rotaOf(s: ScheduleDetail): Rota {
  return {
    timeZone: s.timeZone,
    layers: s.layers.map((l) => ({
      userIds: l.userIds,
      startsAt: l.startsAt,
      shiftHours: l.shiftHours,
      restrict: l.restrict ? { ...l.restrict, days: l.restrict.days as Weekday[] } : null,
    })),
    overrides: s.overrides.map((o) => ({ userId: o.userId, startsAt: o.startsAt, endsAt: o.endsAt })),
  };
}

const idsOf = (s: ScheduleDetail) => [...s.layers.flatMap((l) => l.userIds), ...s.overrides.map((o) => o.userId)];

/** On-call schedules: access like teams (an organization's own, the service company's shared), scoped. */
export function createSchedulesService(deps: { db: Db; audit: AuditRepo; now: () => Date }) {
  const { db, audit, now } = deps;
  const repo = createSchedulesRepo(db);

  const userRef = (names: Map<number, string>, id: number) => ({ id, name: names.get(id) ?? `#${id}` });

  async function view(s: ScheduleDetail, r: SchedulesRepo = repo): Promise<OncallSchedule> {
    const names = await r.userNames(idsOf(s));
    return {
      id: s.id,
      name: s.name,
      organization_id: s.organizationId,
      organisation:
        s.organizationId !== null && s.organizationName !== null
          ? { id: s.organizationId, name: s.organizationName }
          : null,
      time_zone: s.timeZone,
      layers: s.layers.map((l) => ({
        name: l.name,
        users: l.userIds.map((id) => userRef(names, id)),
        starts_at: l.startsAt.toISOString(),
        shift_hours: l.shiftHours,
        restrict: l.restrict ? { ...l.restrict, days: l.restrict.days as Day[] } : null,
      })),
      overrides: s.overrides.map((o) => ({
        id: o.id,
        user: userRef(names, o.userId),
        starts_at: o.startsAt.toISOString(),
        ends_at: o.endsAt.toISOString(),
      })),
      updated_at: s.updatedAt.toISOString(),
    };
  }

  /** The organization a schedule may belong to: one the caller holds (null only for global users). */
  async function checkOrganization(ctx: AuthContext, scope: TenantScope, organizationId: number | null) {
    if (organizationId === null) return requireGlobal(ctx);
    if (!holdsOrganization(scope, organizationId) || !(await repo.organizationExists(organizationId)))
      throw unknownOption('organization_id');
  }

  async function checkUsers(scope: TenantScope, ids: number[], field: string) {
    const live = await repo.liveUsersIn(scope, ids);
    if (ids.some((id) => !live.has(id))) throw unknownOption(field);
  }

  async function checkLayers(scope: TenantScope, layers: ScheduleBody['layers']): Promise<LayerValues[]> {
    for (const [i, l] of layers.entries()) await checkUsers(scope, l.user_ids, `layers.${i}.user_ids`);
    return layers.map((l) => ({
      name: l.name,
      userIds: l.user_ids,
      startsAt: new Date(l.starts_at),
      shiftHours: l.shift_hours,
      restrict: l.restrict ?? null,
    }));
  }

  /** A schedule the caller may change, or 404 outside the scope / 403 for a shared one. */
  async function writable(ctx: AuthContext, id: number) {
    const scope = requireScope(ctx, 'settings');
    const s = await repo.find(scope, id);
    if (!s) throw notFound();
    if (s.organizationId === null) requireGlobal(ctx);
    return { scope, s };
  }

  const entry = (ctx: AuthContext, s: { id: number; organizationId: number | null }, action: string) => ({
    ...auditActor(ctx),
    organizationId: s.organizationId,
    action,
    subjectType: 'oncall_schedule',
    subjectId: s.id,
  });

  async function reload(id: number): Promise<OncallSchedule> {
    const s = await repo.find(EVERY_ORGANIZATION, id);
    if (!s) throw notFound();
    return view(s);
  }

  return {
    async list(ctx: AuthContext, q: { q?: string | undefined; page: number; per_page: number }) {
      const { rows, total } = await repo.page(requireScope(ctx, 'settings'), q);
      return { rows: await Promise.all(rows.map((s) => view(s))), total };
    },

    async get(ctx: AuthContext, id: number): Promise<OncallSchedule> {
      const s = await repo.find(requireScope(ctx, 'settings'), id);
      if (!s) throw notFound();
      return view(s);
    },

    async create(ctx: AuthContext, body: ScheduleBody): Promise<OncallSchedule> {
      const scope = requireScope(ctx, 'settings');
      await checkOrganization(ctx, scope, body.organization_id);
      const layers = await checkLayers(scope, body.layers);
      const id = await db.transaction(async (tx) => {
        const r = createSchedulesRepo(tx);
        const id = await r.insert({ name: body.name, organizationId: body.organization_id, timeZone: body.time_zone });
        await r.replaceLayers(id, layers);
        await audit.record(
          { ...entry(ctx, { id, organizationId: body.organization_id }, 'oncall_schedule.create'), after: body },
          tx,
        );
        return id;
      });
      return reload(id);
    },

    async update(ctx: AuthContext, id: number, patch: SchedulePatch): Promise<OncallSchedule> {
      const { scope, s } = await writable(ctx, id);
      if (patch.organization_id !== undefined) await checkOrganization(ctx, scope, patch.organization_id);
      const layers = patch.layers ? await checkLayers(scope, patch.layers) : null;
      const before = await view(s);
      await db.transaction(async (tx) => {
        const r = createSchedulesRepo(tx);
        await r.update(
          id,
          {
            ...(patch.name !== undefined ? { name: patch.name } : {}),
            ...(patch.organization_id !== undefined ? { organizationId: patch.organization_id } : {}),
            ...(patch.time_zone !== undefined ? { timeZone: patch.time_zone } : {}),
          },
          now(),
        );
        if (layers) await r.replaceLayers(id, layers);
        const { overrides: _o, updated_at: _u, ...fields } = before;
        await audit.record({ ...entry(ctx, s, 'oncall_schedule.update'), before: fields, after: patch }, tx);
      });
      return reload(id);
    },

    /** Deletes a schedule no escalation policy pages (409 in_use otherwise). */
    async remove(ctx: AuthContext, id: number): Promise<void> {
      const { s } = await writable(ctx, id);
      const policies = await repo.policiesUsing(id);
      if (policies > 0) throw inUse([{ key: 'schedule_policies', count: policies }]);
      await db.transaction(async (tx) => {
        await createSchedulesRepo(tx).remove(id);
        await audit.record({ ...entry(ctx, s, 'oncall_schedule.delete'), before: { name: s.name } }, tx);
      });
    },

    async addOverride(ctx: AuthContext, id: number, body: OverrideBody): Promise<OncallSchedule> {
      const { scope, s } = await writable(ctx, id);
      await checkUsers(scope, [body.user_id], 'user_id');
      await db.transaction(async (tx) => {
        const oid = await createSchedulesRepo(tx).addOverride({
          scheduleId: id,
          userId: body.user_id,
          startsAt: new Date(body.starts_at),
          endsAt: new Date(body.ends_at),
        });
        await audit.record({ ...entry(ctx, s, 'oncall_schedule.override_add'), after: { ...body, id: oid } }, tx);
      });
      return reload(id);
    },

    async removeOverride(ctx: AuthContext, id: number, overrideId: number): Promise<void> {
      const { s } = await writable(ctx, id);
      await db.transaction(async (tx) => {
        const gone = await createSchedulesRepo(tx).removeOverride(id, overrideId);
        if (!gone) throw notFound();
        const before = {
          user_id: gone.userId,
          starts_at: gone.startsAt.toISOString(),
          ends_at: gone.endsAt.toISOString(),
        };
        await audit.record({ ...entry(ctx, s, 'oncall_schedule.override_remove'), before }, tx);
      });
    },

    /** The final rota over [from, to). */
    async shifts(ctx: AuthContext, id: number, range: { from: Date; to: Date }): Promise<OncallShift[]> {
      const s = await repo.find(requireScope(ctx, 'settings'), id);
      if (!s) throw notFound();
      const shifts = finalRota(rotaOf(s), range);
      const names = await repo.userNames(shifts.map((x) => x.userId));
      return shifts.map((x) => ({
        user: userRef(names, x.userId),
        starts_at: x.startsAt.toISOString(),
        ends_at: x.endsAt.toISOString(),
        source: x.source,
      }));
    },

    /** Who is on call now and next on every schedule in the caller's scope. */
    async now(ctx: AuthContext): Promise<OncallNow[]> {
      const at = now();
      const all = await repo.all(requireScope(ctx, 'settings'));
      const found = all.map((s) => ({ s, ...onCallAt(rotaOf(s), at) }));
      const names = await repo.userNames(
        found.flatMap((f) => [f.current?.userId, f.next?.userId]).filter((x) => x != null),
      );
      return found.map(({ s, current, next }) => ({
        schedule: { id: s.id, name: s.name },
        current: current ? userRef(names, current.userId) : null,
        next: next ? { user: userRef(names, next.userId), starts_at: next.startsAt.toISOString() } : null,
      }));
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
