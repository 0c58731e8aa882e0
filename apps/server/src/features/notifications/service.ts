import type { EmailNotificationList, NotificationPreferences } from '@rcm/shared/notifications';
import { preferenceIssues } from '@rcm/shared/notifications';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError } from '../../lib/errors.ts';
import { createAlarmPlaceRepo } from '../alarms/list/place-repo.ts';
import { inScope, requireScope } from '../auth/scope.ts';
import type { AuthContext } from '../auth/service.ts';
import { DEFAULT_TIME_ZONE } from '../channels/recipient.ts';
import { emitForAlarms } from '../mail/delivery.ts';
import type { MandrillEvent } from '../mail/mandrill.ts';
import { DEFAULT_MIN_SEVERITY } from './preference-defaults.ts';
import { createNotificationsRepo } from './repo.ts';

type Page = { page: number; per_page: number };

export function createNotificationsService(deps: { db: Db; bus: EventBus; now: () => Date }) {
  const { db } = deps;
  const repo = createNotificationsRepo(db);
  const alarms = createAlarmPlaceRepo(db);

  return {
    /** The emails of one alarm the caller may see (else 404: its existence is not revealed). */
    async forAlarm(ctx: AuthContext, ref: number, p: Page): Promise<EmailNotificationList> {
      const scope = requireScope(ctx, 'alarms');
      const alarm = await alarms.byRef(ref);
      if (!alarm || !inScope(scope, alarm)) {
        throw new AppError(404, 'not_found');
      }
      return repo.alarmEmails(alarm.id, p);
    },

    /** The emails of a controller's alarms, limited to the alarms the caller may see. */
    async forController(ctx: AuthContext, id: number, p: Page): Promise<EmailNotificationList> {
      const scope = requireScope(ctx, 'alarms');
      const controller = await repo.controllerTenant(id);
      if (
        !controller ||
        !inScope(scope, { organizationId: controller.organization_id, locationId: controller.location_id })
      ) {
        throw new AppError(404, 'not_found');
      }
      return repo.controllerEmails(id, scope, p);
    },

    async preferences(ctx: AuthContext): Promise<NotificationPreferences> {
      const row = await repo.preferences(ctx.user.id);
      if (!row) {
        // Alarm emails are a subscription each person turns on (paging follows escalation policies).
        return {
          enabled: false,
          min_severity: DEFAULT_MIN_SEVERITY,
          quiet_hours_start: null,
          quiet_hours_end: null,
          time_zone: DEFAULT_TIME_ZONE,
        };
      }
      return {
        enabled: Boolean(row.enabled),
        min_severity: row.min_severity,
        quiet_hours_start: row.quiet_start,
        quiet_hours_end: row.quiet_end,
        time_zone: row.time_zone,
      };
    },

    async savePreferences(ctx: AuthContext, body: NotificationPreferences): Promise<NotificationPreferences> {
      const issues = preferenceIssues(body);
      if (issues.length > 0) {
        throw new AppError(422, 'validation_failed', { fields: issues.map((i) => ({ field: i.field, key: i.key })) });
      }
      await repo.savePreferences(ctx.user.id, body, deps.now().toISOString());
      return this.preferences(ctx);
    },

    /** Stamps delivery events on their emails (the first time of each kind wins). Returns rows changed. */
    async recordMandrillEvents(events: MandrillEvent[]): Promise<number> {
      let changed = 0;
      const alarmIds = new Set<number>();
      for (const e of events) {
        const rows = await repo.stampMandrillEvent(e);
        changed += rows.length;
        for (const r of rows) if (r.alarm_id != null) alarmIds.add(Number(r.alarm_id));
      }
      await emitForAlarms(db, deps.bus, [...alarmIds]);
      return changed;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
