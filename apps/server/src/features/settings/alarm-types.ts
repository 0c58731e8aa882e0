import { pageMeta } from '@rcm/shared/pagination';
import type { AlarmTypeBody, SettingsAlarmType, SettingsListQuery } from '@rcm/shared/settings';
import { AppError } from '../../lib/errors.ts';
import { auditActor, type ChangeDeps } from '../audit/repo.ts';
import { can } from '../auth/can.ts';
import type { AuthContext } from '../auth/service.ts';
import { type AlarmTypeRow, type AlarmTypesRepo, createAlarmTypesRepo } from './alarm-types-repo.ts';

const unknownOption = (field: string) =>
  new AppError(422, 'validation_failed', { fields: [{ field, key: 'unknown_option' }] });

/** The policy must be a shared one: an alarm type pages for every organization. */
async function checkEscalation(repo: AlarmTypesRepo, body: AlarmTypeBody): Promise<void> {
  if (body.escalation_policy_id !== null && !(await repo.sharedPolicyExists(body.escalation_policy_id))) {
    throw unknownOption('escalation_policy_id');
  }
}

function toItem(r: AlarmTypeRow): SettingsAlarmType {
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
    escalation_policy_id: r.escalationPolicyId,
    chatter_count: r.chatterCount,
    chatter_minutes: r.chatterMinutes,
    defrost_recovery_minutes: r.defrostRecoveryMinutes,
    product_probe_minutes: r.productProbeMinutes,
    updated_at: r.updatedAt.toISOString(),
  };
}

/**
 * The alarm catalogue in settings. A save invalidates this instance's rules cache so the engine uses
 * it on the next message; other instances pick it up when their cache expires (5 s, rules-cache.ts).
 */
export function createAlarmTypesSettings(
  deps: ChangeDeps & {
    invalidateRules: () => void;
  },
) {
  const { audit, now } = deps;
  const repo = createAlarmTypesRepo(deps.db);
  return {
    async list(q: SettingsListQuery) {
      const { rows, total } = await repo.page(q);
      return { data: rows.map(toItem), meta: pageMeta(q.page, q.per_page, total) };
    },

    async find(id: number) {
      const row = await repo.find(id);
      if (!row) throw new AppError(404, 'not_found');
      return toItem(row);
    },

    async update(ctx: AuthContext, id: number, body: AlarmTypeBody) {
      // The catalogue is shared by every organization (see scope.ts).
      if (!can(ctx, 'shared.edit')) throw new AppError(403, 'forbidden');
      const before = await this.find(id);
      await checkEscalation(repo, body);
      const after = await deps.db.transaction(async (tx) => {
        const row = await repo.update(id, body, now(), tx);
        if (!row) throw new AppError(404, 'not_found');
        const changed = toItem(row);
        const { updated_at: _b, ...beforeFields } = before;
        const { updated_at: _a, ...afterFields } = changed;
        await audit.recordBy(
          auditActor(ctx),
          {
            organizationId: null,
            action: 'alarm_type.update',
            subjectType: 'alarm_type',
            subjectId: id,
            before: beforeFields,
            after: afterFields,
          },
          tx,
        );
        return changed;
      });
      deps.invalidateRules();
      return after;
    },
  };
}

export type AlarmTypesSettings = ReturnType<typeof createAlarmTypesSettings>;
