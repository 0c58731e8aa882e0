import { pageMeta } from '@rcm/shared/pagination';
import type { AlarmTypeBody, SettingsAlarmType, SettingsListQuery } from '@rcm/shared/settings';
import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams, users } from '../../db/schema.ts';
import { alarmTypes } from '../../db/schema-alarms.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditRepo } from '../audit/repo.ts';
import type { AuthContext } from '../auth/service.ts';

type Row = typeof alarmTypes.$inferSelect;

const unknownOption = (field: string) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key: 'unknown_option' }] });

/** The escalation team and users must exist (the editor sees every organization). */
async function checkEscalation(db: Db, body: AlarmTypeBody): Promise<void> {
  if (body.escalation_team_id !== null) {
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, body.escalation_team_id));
    if (!team) throw unknownOption('escalation_team_id');
  }
  const ids = [...new Set(body.escalation_user_ids)];
  if (ids.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
    if (found.length !== ids.length) throw unknownOption('escalation_user_ids');
  }
}

function toItem(r: Row): SettingsAlarmType {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    name_es: r.nameEs,
    source: r.source,
    match: r.match,
    comparator: r.comparator,
    threshold: r.threshold,
    hysteresis: r.hysteresis,
    delay_seconds: r.delaySeconds,
    severity: r.severity,
    auto_clear: r.autoClear,
    enabled: r.enabled,
    escalation_delay_seconds: r.escalationDelaySeconds,
    escalation_repeat_seconds: r.escalationRepeatSeconds,
    escalation_team_id: r.escalationTeamId,
    escalation_user_ids: r.escalationUserIds,
    chatter_count: r.chatterCount,
    chatter_minutes: r.chatterMinutes,
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * The alarm catalogue in settings. A save invalidates this instance's rules cache so the engine uses
 * it on the next message; other instances pick it up when their cache expires (5 s, rules-cache.ts).
 */
export function createAlarmTypesSettings(deps: {
  db: Db;
  audit: AuditRepo;
  invalidateRules: () => void;
  now?: () => Date;
}) {
  const { db, audit } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async list(q: SettingsListQuery) {
      const where = q.q ? or(ilike(alarmTypes.name, `%${q.q}%`), ilike(alarmTypes.code, `%${q.q}%`)) : undefined;
      const [total] = await db.select({ n: count() }).from(alarmTypes).where(where);
      const rows = await db
        .select()
        .from(alarmTypes)
        .where(where)
        .orderBy(asc(alarmTypes.name), asc(alarmTypes.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { data: rows.map(toItem), meta: pageMeta(q.page, q.per_page, total?.n ?? 0) };
    },

    async find(id: number) {
      const [row] = await db.select().from(alarmTypes).where(eq(alarmTypes.id, id));
      if (!row) throw new AppError(404, 'not_found');
      return toItem(row);
    },

    async update(ctx: AuthContext, id: number, body: AlarmTypeBody) {
      // The catalogue is shared by every organization (see scope.ts).
      if (!ctx.permissions.has('organization_view_all')) throw new AppError(403, 'forbidden');
      const before = await this.find(id);
      await checkEscalation(db, body);
      const [row] = await db
        .update(alarmTypes)
        .set({
          name: body.name,
          nameEs: body.name_es,
          comparator: body.comparator,
          threshold: body.threshold,
          hysteresis: body.hysteresis,
          delaySeconds: body.delay_seconds,
          severity: body.severity,
          autoClear: body.auto_clear,
          enabled: body.enabled,
          escalationDelaySeconds: body.escalation_delay_seconds,
          escalationRepeatSeconds: body.escalation_repeat_seconds,
          escalationTeamId: body.escalation_team_id,
          escalationUserIds: [...new Set(body.escalation_user_ids)],
          ...(body.chatter_count !== undefined ? { chatterCount: body.chatter_count } : {}),
          ...(body.chatter_minutes !== undefined ? { chatterMinutes: body.chatter_minutes } : {}),
          updatedAt: now(),
        })
        .where(eq(alarmTypes.id, id))
        .returning();
      if (!row) throw new AppError(404, 'not_found');
      deps.invalidateRules();
      const after = toItem(row);
      const { updated_at: _b, ...beforeFields } = before;
      const { updated_at: _a, ...afterFields } = after;
      await audit.record({
        actorUserId: ctx.user.id,
        impersonatorUserId: ctx.impersonatorUserId,
        organizationId: null,
        action: 'alarm_type.update',
        subjectType: 'alarm_type',
        subjectId: id,
        before: beforeFields,
        after: afterFields,
      });
      return after;
    },
  };
}

export type AlarmTypesSettings = ReturnType<typeof createAlarmTypesSettings>;
