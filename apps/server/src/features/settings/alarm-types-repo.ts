import type { AlarmTypeBody, SettingsListQuery } from '@rcm/shared/settings';
import { and, asc, count, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { escalationPolicies } from '../../db/schema.ts';
import { alarmTypes } from '../../db/schema-alarms.ts';

export type AlarmTypeRow = typeof alarmTypes.$inferSelect;

/** The alarm catalogue's rows as settings read and edit them. */
export function createAlarmTypesRepo(db: Db) {
  return {
    /** Whether the policy exists and belongs to every organization. */
    async sharedPolicyExists(id: number): Promise<boolean> {
      const [policy] = await db
        .select({ id: escalationPolicies.id })
        .from(escalationPolicies)
        .where(and(eq(escalationPolicies.id, id), isNull(escalationPolicies.organizationId)));
      return !!policy;
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
    async update(id: number, body: AlarmTypeBody, at: Date, tx: Tx): Promise<AlarmTypeRow | undefined> {
      const [row] = await tx
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
          escalationPolicyId: body.escalation_policy_id,
          ...(body.chatter_count !== undefined ? { chatterCount: body.chatter_count } : {}),
          ...(body.chatter_minutes !== undefined ? { chatterMinutes: body.chatter_minutes } : {}),
          ...(body.defrost_recovery_minutes !== undefined
            ? { defrostRecoveryMinutes: body.defrost_recovery_minutes }
            : {}),
          ...(body.product_probe_minutes !== undefined ? { productProbeMinutes: body.product_probe_minutes } : {}),
          updatedAt: at,
        })
        .where(eq(alarmTypes.id, id))
        .returning();
      return row;
    },
  };
}

export type AlarmTypesRepo = ReturnType<typeof createAlarmTypesRepo>;
