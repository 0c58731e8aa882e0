import type { AlarmTypeBody, SettingsListQuery } from '@rcm/shared/settings';
import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams, users } from '../../db/schema.ts';
import { alarmTypes } from '../../db/schema-alarms.ts';

export type AlarmTypeRow = typeof alarmTypes.$inferSelect;

/** The alarm catalogue's rows as settings read and edit them. */
export function createAlarmTypesRepo(db: Db) {
  return {
    async teamExists(id: number): Promise<boolean> {
      const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
      return !!team;
    },

    /** How many of these users exist and are not deleted. */
    async countLiveUsers(ids: number[]): Promise<number> {
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
      return found.length;
    },

    /** One page by name (then id), matching `q.q` in the name or code; with the total of matches. */
    async page(q: SettingsListQuery): Promise<{ rows: AlarmTypeRow[]; total: number }> {
      const where = q.q ? or(ilike(alarmTypes.name, `%${q.q}%`), ilike(alarmTypes.code, `%${q.q}%`)) : undefined;
      const [total] = await db.select({ n: count() }).from(alarmTypes).where(where);
      const rows = await db
        .select()
        .from(alarmTypes)
        .where(where)
        .orderBy(asc(alarmTypes.name), asc(alarmTypes.id))
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: number): Promise<AlarmTypeRow | undefined> {
      const [row] = await db.select().from(alarmTypes).where(eq(alarmTypes.id, id));
      return row;
    },

    /** Saves the editable fields of an alarm type; undefined when there is no such type. */
    async update(id: number, body: AlarmTypeBody, at: Date): Promise<AlarmTypeRow | undefined> {
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
          updatedAt: at,
        })
        .where(eq(alarmTypes.id, id))
        .returning();
      return row;
    },
  };
}

export type AlarmTypesRepo = ReturnType<typeof createAlarmTypesRepo>;
