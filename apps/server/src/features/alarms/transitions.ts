import type { AlarmStatus } from '@rcm/shared/alarms';
import type { Permission } from '@rcm/shared/permissions';
import { ALARM_TRANSITION_FROM } from '@rcm/shared/policies';

export type AlarmAction = 'acknowledge' | 'clear';

/**
 * The alarm lifecycle: active → acknowledged → cleared, and active → cleared directly. Each action
 * says from which statuses it is valid (`ALARM_TRANSITION_FROM`, which the web's `alarm.acknowledge`
 * and `alarm.clear` policies read too), the permission it needs and the outbox event it writes.
 */
export const TRANSITIONS: Record<
  AlarmAction,
  { from: readonly AlarmStatus[]; to: AlarmStatus; permission: Permission; event: 'acknowledged' | 'cleared' }
> = {
  acknowledge: {
    from: ALARM_TRANSITION_FROM.acknowledge,
    to: 'acknowledged',
    permission: 'alarms_acknowledge',
    event: 'acknowledged',
  },
  clear: { from: ALARM_TRANSITION_FROM.clear, to: 'cleared', permission: 'alarms_clear', event: 'cleared' },
};
