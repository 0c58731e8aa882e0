import type { AlarmStatus } from '@rcm/shared/alarms';
import { type Action, ALARM_TRANSITION_FROM } from '@rcm/shared/policies';

export type AlarmAction = 'acknowledge' | 'clear';

/**
 * The alarm lifecycle: active → acknowledged → cleared, and active → cleared directly. Each action
 * says from which statuses it is valid (`ALARM_TRANSITION_FROM`, which the web's `alarm.acknowledge`
 * and `alarm.clear` policies read too), the action the caller must be allowed (`@rcm/shared/policies`) and the outbox event it writes.
 */
export const TRANSITIONS: Record<
  AlarmAction,
  { from: readonly AlarmStatus[]; to: AlarmStatus; action: Action; event: 'acknowledged' | 'cleared' }
> = {
  acknowledge: {
    from: ALARM_TRANSITION_FROM.acknowledge,
    to: 'acknowledged',
    action: 'alarm.acknowledge',
    event: 'acknowledged',
  },
  clear: { from: ALARM_TRANSITION_FROM.clear, to: 'cleared', action: 'alarm.clear', event: 'cleared' },
};
