import type { AlarmStatus, AlarmSummary } from '@rcm/shared/alarms';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client.ts';
import { arr, query } from '../../../lib/sql.ts';
import type { TenantScope } from '../../auth/scope.ts';
import { type AlarmFilter, alarmWhere, refInScope } from '../list/alarm-filter.ts';
import { alarmSummariesByIds } from '../list/summaries.ts';
import { type AlarmAction, TRANSITIONS } from './transitions.ts';

/** Which alarms an action is about: one ref, some ids already chosen in scope, refs, or a filter. */
export type AlarmTarget =
  | { ref: number }
  | { ids: readonly number[] }
  | { refs: readonly number[] }
  | { filter: AlarmFilter };

function targetWhere(scope: TenantScope, target: AlarmTarget): SQL {
  if ('ref' in target) return refInScope(scope, target.ref).toDrizzle();
  const base = alarmWhere(scope, 'filter' in target ? target.filter : {}).toDrizzle();
  if ('ids' in target) return sql`a.id = any(${arr(target.ids)}::int[]) and ${base}`;
  if ('refs' in target) return sql`a.ref = any(${arr(target.refs)}::int[]) and ${base}`;
  return base;
}

function setColumns(action: AlarmAction, actorId: number, at: Date): SQL {
  const when = sql`${at.toISOString()}::timestamptz`;
  switch (action) {
    case 'acknowledge':
      return sql`status = 'acknowledged', acknowledged_at = ${when}, acknowledged_by = ${actorId}`;
    case 'clear':
      return sql`status = 'cleared', cleared_at = ${when}, cleared_by = ${actorId}, health_status = 'cleared_by_user',
        shelved_until = null, shelved_by = null, shelve_reason = null`;
    default: {
      const unreachable: never = action;
      throw new Error(`unknown action ${String(unreachable)}`);
    }
  }
}

/** Status changes and notes of alarms; every statement takes the caller's tenant scope. */
export function createAlarmLifecycleRepo(db: Db) {
  return {
    /**
     * Applies an action to the target's alarms whose status allows it, and writes their outbox rows,
     * in one statement (one transaction). A row changed meanwhile no longer matches and is left alone.
     */
    async transition(
      scope: TenantScope,
      target: AlarmTarget,
      change: { action: AlarmAction; actorId: number; at: Date },
    ): Promise<number[]> {
      const { from, event } = TRANSITIONS[change.action];
      const rows = await query<{ id: number }>(
        db,
        sql`with changed as (
              update alarms a set ${setColumns(change.action, change.actorId, change.at)}
              where ${targetWhere(scope, target)} and a.status = any(${arr(from)}::text[])
              returning a.id
            ), outbox as (
              insert into notification_outbox (alarm_id, event) select id, ${event} from changed
            ), shelf as (
              -- A cleared alarm's shelving ends with it.
              update alarm_shelvings s set ended_at = ${change.at.toISOString()}::timestamptz, ended_by = ${change.actorId}
              from changed where ${change.action === 'clear'} and s.alarm_id = changed.id and s.ended_at is null
            )
            select id from changed order by id`,
      );
      return rows.map((r) => Number(r.id));
    },

    /**
     * Shelves an open alarm until `at + minutes` (again: the new shelving replaces the old), with its
     * history row, in one statement (in `on`: the caller's transaction, with its audit entry). Returns
     * the alarm (id, organization) and the shelving's end, or nothing when it is not open in scope.
     */
    async shelve(
      scope: TenantScope,
      ref: number,
      s: { userId: number; minutes: number; reason: string; at: Date },
      on: DbOrTx = db,
    ): Promise<{ id: number; organizationId: number; until: string } | undefined> {
      const at = sql`${s.at.toISOString()}::timestamptz`;
      const untilIso = new Date(s.at.getTime() + s.minutes * 60_000).toISOString();
      const until = sql`${untilIso}::timestamptz`;
      const [row] = await query<{ id: number; organization_id: number }>(
        on,
        sql`with shelved as (
              update alarms a set shelved_until = ${until}, shelved_by = ${s.userId}, shelve_reason = ${s.reason}
              where ${refInScope(scope, ref).toDrizzle()} and a.status <> 'cleared' returning a.id, a.organization_id
            ), ended as (
              update alarm_shelvings h set ended_at = ${at}, ended_by = ${s.userId}
              from shelved where h.alarm_id = shelved.id and h.ended_at is null
            ), logged as (
              insert into alarm_shelvings (alarm_id, user_id, reason, shelved_at, until)
              select id, ${s.userId}, ${s.reason}, ${at}, ${until} from shelved
            )
            select id, organization_id from shelved`,
      );
      return row ? { id: Number(row.id), organizationId: Number(row.organization_id), until: untilIso } : undefined;
    },

    /**
     * Ends a shelving early (by a person): the alarm's paging chain goes on (a step held by the
     * shelving is due now). Returns the alarm's id, or nothing when it is not shelved in scope.
     */
    async unshelve(
      scope: TenantScope,
      ref: number,
      s: { userId: number; at: Date },
      on: DbOrTx = db,
    ): Promise<{ id: number; organizationId: number } | undefined> {
      const [row] = await query<{ id: number; organization_id: number }>(
        on,
        sql`with unshelved as (
              update alarms a set shelved_until = null, shelved_by = null, shelve_reason = null
              where ${refInScope(scope, ref).toDrizzle()} and a.shelved_until is not null
              returning a.id, a.organization_id
            ), ended as (
              update alarm_shelvings h set ended_at = ${s.at.toISOString()}::timestamptz, ended_by = ${s.userId}
              from unshelved where h.alarm_id = unshelved.id and h.ended_at is null
            ), resumed as (
              update alarm_escalations e set next_at = least(e.next_at, ${s.at.toISOString()}::timestamptz)
              from unshelved where e.alarm_id = unshelved.id and e.next_at is not null
            )
            select id, organization_id from unshelved`,
      );
      return row ? { id: Number(row.id), organizationId: Number(row.organization_id) } : undefined;
    },

    async statusByRef(scope: TenantScope, ref: number): Promise<AlarmStatus | null> {
      const [row] = await query<{ status: AlarmStatus }>(
        db,
        sql`select a.status from alarms a where ${refInScope(scope, ref).toDrizzle()}`,
      );
      return row?.status ?? null;
    },

    /** Ids of the target's alarms in the given statuses, in id order (bulk work list). */
    async idsIn(scope: TenantScope, target: AlarmTarget, statuses: readonly AlarmStatus[]): Promise<number[]> {
      const rows = await query<{ id: number }>(
        db,
        sql`select a.id from alarms a where ${targetWhere(scope, target)}
            and a.status = any(${arr(statuses)}::text[]) order by a.id`,
      );
      return rows.map((r) => Number(r.id));
    },

    /** How many of the target's alarms exist in scope, whatever their status. */
    async count(scope: TenantScope, target: AlarmTarget): Promise<number> {
      const [row] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from alarms a where ${targetWhere(scope, target)}`,
      );
      return Number(row?.n ?? 0);
    },

    summaries(ids: number[]): Promise<AlarmSummary[]> {
      return alarmSummariesByIds(db, ids);
    },

    /** The alarm's notes, its row locked until `on`'s transaction ends when `on` is one. */
    async notesByRef(scope: TenantScope, ref: number, on: Db | Tx = db) {
      const [row] = await query<{ id: number; notes: string; organization_id: number }>(
        on,
        sql`select a.id, a.notes, a.organization_id from alarms a where ${refInScope(scope, ref).toDrizzle()} for update of a`,
      );
      return row ? { id: Number(row.id), notes: row.notes, organizationId: Number(row.organization_id) } : null;
    },

    async setNotes(scope: TenantScope, ref: number, notes: string, on: Db | Tx = db): Promise<boolean> {
      const rows = await query(
        on,
        sql`update alarms a set notes = ${notes} where ${refInScope(scope, ref).toDrizzle()} returning a.id`,
      );
      return rows.length > 0;
    },
  };
}

export type AlarmLifecycleRepo = ReturnType<typeof createAlarmLifecycleRepo>;
