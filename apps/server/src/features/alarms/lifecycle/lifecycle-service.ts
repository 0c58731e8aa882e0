import type { AlarmBulkBody, AlarmShelveBody, AlarmSummary } from '@rcm/shared/alarms';
import type { Tx } from '../../../db/client.ts';
import type { EventBus } from '../../../events/bus.ts';
import { AppError } from '../../../lib/errors.ts';
import { auditActor, type ChangeDeps } from '../../audit/repo.ts';
import { requireScope, type ScopeCaller, type TenantScope } from '../../auth/scope.ts';
import type { AuthContext } from '../../auth/service.ts';
import type { AlarmLifecycleRepo, AlarmTarget } from './lifecycle-repo.ts';
import { type AlarmAction, TRANSITIONS } from './transitions.ts';

/** Alarms changed per transaction in a bulk action: its outbox rows and events go with it. */
export const BULK_CHUNK_SIZE = 500;

export type BulkResult = { updated: number; skipped: number; request_id: string };

/** Acknowledge and clear, one alarm or many; events go out only after their change is committed. */
export function createAlarmLifecycleService(
  deps: ChangeDeps & {
    repo: AlarmLifecycleRepo;
    bus: EventBus;
  },
) {
  const { repo, bus, now } = deps;

  async function announce(ids: number[]): Promise<AlarmSummary[]> {
    const summaries = await repo.summaries(ids);
    for (const s of summaries) bus.emit('alarm.updated', s);
    return summaries;
  }

  /** The alarm a one-alarm change touched, announced; or why nothing changed: 404 outside the scope, else 409. */
  async function changed(
    scope: TenantScope,
    ref: number,
    id: number | undefined,
    action?: AlarmAction,
  ): Promise<AlarmSummary> {
    if (id === undefined) {
      const status = await repo.statusByRef(scope, ref);
      if (!status) throw new AppError(404, 'not_found');
      // Acknowledging an acknowledged alarm (someone else was quicker) or acting on a cleared one
      // says so in words; `details.status` is the alarm's status now.
      if (status === 'cleared') throw new AppError(409, 'already_cleared', { status });
      if (status === 'acknowledged' && action === 'acknowledge') {
        throw new AppError(409, 'already_acknowledged', { status });
      }
      throw new AppError(409, 'conflict', { status });
    }
    const [summary] = await announce([id]);
    if (!summary) throw new AppError(404, 'not_found');
    return summary;
  }

  const audited = (
    ctx: AuthContext,
    tx: Tx,
    alarm: { organizationId: number; ref: number },
    action: string,
    after?: unknown,
  ) =>
    deps.audit.recordBy(
      auditActor(ctx),
      { organizationId: alarm.organizationId, action, subjectType: 'alarm', subjectId: alarm.ref, after },
      tx,
    );

  return {
    /**
     * 404 outside the caller's scope; 409 (nothing changed) when the status does not allow the action.
     * The caller may be a person acting without a session (channels' acknowledge links and replies).
     */
    async apply(ctx: ScopeCaller, ref: number, action: AlarmAction): Promise<AlarmSummary> {
      const scope = requireScope(ctx, 'alarms', 'alarm.view', TRANSITIONS[action].action);
      // An impersonated session acts as the impersonated user.
      const [id] = await repo.transition(scope, { ref }, { action, actorId: ctx.user.id, at: now() });
      return changed(scope, ref, id, action);
    },

    /**
     * Shelving (ISA-18.2): an open alarm sends no email or escalation and leaves the default list
     * until `minutes` have passed (the shelving task returns it) or someone unshelves it. 404 outside
     * the scope, 409 when it is cleared.
     */
    async shelve(ctx: AuthContext, ref: number, body: AlarmShelveBody): Promise<AlarmSummary> {
      const scope = requireScope(ctx, 'alarms', 'alarm.view', 'alarm.shelve');
      const shelved = await deps.db.transaction(async (tx) => {
        const row = await repo.shelve(scope, ref, { userId: ctx.user.id, ...body, at: now() }, tx);
        if (row) await audited(ctx, tx, { ...row, ref }, 'alarm.shelve', { ...body, shelved_until: row.until });
        return row;
      });
      return changed(scope, ref, shelved?.id);
    },

    /** Ends a shelving before its time; 409 when the alarm is not shelved. */
    async unshelve(ctx: AuthContext, ref: number): Promise<AlarmSummary> {
      const scope = requireScope(ctx, 'alarms', 'alarm.view', 'alarm.shelve');
      const unshelved = await deps.db.transaction(async (tx) => {
        const row = await repo.unshelve(scope, ref, { userId: ctx.user.id, at: now() }, tx);
        if (row) await audited(ctx, tx, { ...row, ref }, 'alarm.unshelve');
        return row;
      });
      return changed(scope, ref, unshelved?.id);
    },

    /**
     * The given refs, or everything the filter matches, within the caller's scope: only alarms whose
     * status allows the action, BULK_CHUNK_SIZE per transaction, progress to the caller after each.
     */
    async bulk(ctx: AuthContext, body: AlarmBulkBody, requestId: string): Promise<BulkResult> {
      const { from, action } = TRANSITIONS[body.action];
      const scope = requireScope(ctx, 'alarms', 'alarm.view', action);
      const target: AlarmTarget = body.refs ? { refs: [...new Set(body.refs)] } : { filter: body.filter ?? {} };
      const matched = 'refs' in target ? target.refs.length : await repo.count(scope, target);
      const ids = await repo.idsIn(scope, target, from);
      const progress = (done: number) =>
        bus.emit('alarms.bulk.progress', { userId: ctx.user.id, request_id: requestId, done, total: ids.length });

      progress(0);
      let updated = 0;
      for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
        const chunk = ids.slice(start, start + BULK_CHUNK_SIZE);
        const changed = await repo.transition(
          scope,
          { ids: chunk },
          { action: body.action, actorId: ctx.user.id, at: now() },
        );
        updated += changed.length;
        await announce(changed);
        progress(start + chunk.length);
      }
      return { updated, skipped: matched - updated, request_id: requestId };
    },
  };
}

export type AlarmLifecycleService = ReturnType<typeof createAlarmLifecycleService>;
