import type {
  MaintenanceWindowBody,
  MaintenanceWindowPatch,
  MaintenanceWindowView,
  Weekday,
} from '@rcm/shared/maintenance';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FieldMessageKey } from '../../lib/messages.ts';
import { toIso } from '../../lib/sql.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { inScope, requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import type { MaintenanceRepo, WindowRow } from './repo.ts';
import { nextOccurrence, windowActiveAt } from './windows.ts';

const fieldError = (field: string, key: FieldMessageKey) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key }] });

export function toView(w: WindowRow, now: Date): MaintenanceWindowView {
  const next = nextOccurrence(w, now);
  return {
    id: w.id,
    organization_id: w.organizationId,
    location: { id: w.locationId, name: w.locationName, time_zone: w.timeZone },
    controller: w.controllerId === null ? null : { id: w.controllerId, name: w.controllerName },
    rack: w.rackRef,
    starts_at: toIso(w.startsAt) ?? '',
    ends_at: toIso(w.endsAt) ?? '',
    recurrence: w.recurrence
      ? { days: w.recurrence.days as Weekday[], from: w.recurrence.from, to: w.recurrence.to }
      : null,
    reason: w.reason,
    active: windowActiveAt(w, now),
    next: next ? { starts_at: next.start.toISOString(), ends_at: next.end.toISOString() } : null,
    created_by: w.createdBy,
  };
}

/** Maintenance windows: read with controller visibility, written with `controllers_update`, both scoped. */
export function createMaintenanceService(
  deps: ChangeDeps & {
    repo: MaintenanceRepo;
    /** The ingest side's window cache: a change applies to the next raise. */
    changed: () => void;
  },
) {
  const { db, repo, audit, now } = deps;

  /** A window the caller may change, or 404 (outside the scope, it does not exist). */
  const writable = async (ctx: AuthContext, id: number): Promise<WindowRow> => {
    const w = await repo.find(id);
    if (!w || !inScope(requireScope(ctx, 'controllers'), w)) throw notFound();
    return w;
  };

  const audited = (ctx: AuthContext, w: { id: number; organizationId: number }, action: string) => ({
    ...auditActor(ctx),
    organizationId: w.organizationId,
    action,
    subjectType: 'maintenance_window',
    subjectId: w.id,
  });

  return {
    async list(ctx: AuthContext, q: { location_id?: number; controller_id?: number; include_past?: string }) {
      const rows = await repo.list(
        requireScope(ctx, 'controllers'),
        { locationId: q.location_id, controllerId: q.controller_id, includePast: q.include_past === 'true' },
        now(),
      );
      return rows.map((w) => toView(w, now()));
    },

    async create(ctx: AuthContext, body: MaintenanceWindowBody): Promise<MaintenanceWindowView> {
      const place = await repo.place({ locationId: body.location_id, controllerId: body.controller_id });
      const field = body.controller_id !== undefined ? 'controller_id' : 'location_id';
      if (!place || !inScope(requireScope(ctx, 'controllers'), place)) throw fieldError(field, 'window_place_unknown');
      if (body.rack !== undefined && !(await repo.hasRack(body.controller_id as number, body.rack)))
        throw fieldError('rack', 'window_rack_unknown');
      const at = now();
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insert(tx, {
          organizationId: place.organizationId,
          locationId: place.locationId,
          controllerId: body.controller_id ?? null,
          rackRef: body.rack ?? null,
          startsAt: new Date(body.starts_at),
          endsAt: new Date(body.ends_at),
          recurrence: body.recurrence ?? null,
          reason: body.reason,
          createdBy: ctx.user.id,
          createdAt: at,
          updatedAt: at,
        });
        await audit.record(
          {
            ...audited(ctx, { id: newId, organizationId: place.organizationId }, 'maintenance_window.create'),
            after: body,
          },
          tx,
        );
        return newId;
      });
      deps.changed();
      const created = await repo.find(id);
      if (!created) throw new Error('maintenance window vanished');
      return toView(created, at);
    },

    async update(ctx: AuthContext, id: number, patch: MaintenanceWindowPatch): Promise<MaintenanceWindowView> {
      const before = await writable(ctx, id);
      const startsAt = patch.starts_at ? new Date(patch.starts_at) : before.startsAt;
      const endsAt = patch.ends_at ? new Date(patch.ends_at) : before.endsAt;
      if (startsAt >= endsAt) throw fieldError('ends_at', 'window_range_order');
      await db.transaction(async (tx) => {
        await repo.update(tx, id, {
          startsAt,
          endsAt,
          ...(patch.recurrence !== undefined ? { recurrence: patch.recurrence } : {}),
          ...(patch.reason !== undefined ? { reason: patch.reason } : {}),
          updatedAt: now(),
        });
        await audit.record(
          {
            ...audited(ctx, before, 'maintenance_window.update'),
            before: {
              starts_at: before.startsAt.toISOString(),
              ends_at: before.endsAt.toISOString(),
              recurrence: before.recurrence,
              reason: before.reason,
            },
            after: patch,
          },
          tx,
        );
      });
      deps.changed();
      const after = await repo.find(id);
      if (!after) throw notFound();
      return toView(after, now());
    },

    async remove(ctx: AuthContext, id: number): Promise<void> {
      const w = await writable(ctx, id);
      await db.transaction(async (tx) => {
        const outcome = await repo.remove(tx, id, now());
        await audit.record(
          {
            ...audited(ctx, w, `maintenance_window.${outcome === 'deleted' ? 'delete' : 'archive'}`),
            before: { reason: w.reason },
          },
          tx,
        );
      });
      deps.changed();
    },
  };
}
